import { getHeapSpaceStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { releaseStartMemory } from './start-memory';

const newSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? NaN;

describe('releaseStartMemory', () => {
  it("gives back the young generation's pages, and leaves gc exposed nowhere", () => {
    // Grow the young generation: objects that survive scavenges, as a start's do.
    const kept: object[][] = [];
    for (let i = 0; i < 400; i++) kept.push(Array.from({ length: 2000 }, (_, j) => ({ j })));
    const grown = newSpace();
    kept.length = 0;
    releaseStartMemory();
    expect(newSpace()).toBeLessThan(grown);
    expect(runInNewContext('typeof gc')).toBe('undefined');
    expect('gc' in globalThis).toBe(false);
  });
});
