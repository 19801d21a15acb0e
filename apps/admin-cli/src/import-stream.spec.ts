import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkedFilePieces, ImportPiece, importPieces } from './import-stream';

const LISTS = new Set(['tickets', 'contacts']);

async function collected(pieces: AsyncIterable<ImportPiece>): Promise<ImportPiece[]> {
  const all: ImportPiece[] = [];
  for await (const piece of pieces) if (piece.type !== 'file') all.push(piece.type === 'customer' ? { ...piece, shell: {} } : piece);
  return all;
}

/** Records whose strings hold what a scan can trip on: quotes, backslashes, brackets, commas, non-ASCII. */
const ticket = (i: number) => ({
  id: String(1000 + i),
  comments: `a "quoted" \\ back\\\\slash ] } , : [ { é ✓ 😀 ${'x'.repeat(i % 700)}`,
  services_info: [{ code: 'MSW', quantity: '1' }, { nested: { deeper: [1, 2.5e3, true, null] } }],
});

describe('checkedFilePieces', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'curbside-import-stream-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('gives the records and customer ends importPieces gives, across read chunks (a file of several MiB)', async () => {
    const file = path.join(directory, 'import.json');
    const customers = [
      { id: '1', currency: 'USD', tickets: Array.from({ length: 9_000 }, (_, i) => ticket(i)), note: { tickets: [1] } },
      { contacts: [], id: '2', tickets: [ticket(1)], ivr_fee: null, contacts_extra: ['}'] },
      'not an object',
    ];
    writeFileSync(file, JSON.stringify({ holidays: [{ date: '2026-12-25' }], customers }, null, 1));
    const expected = await collected(importPieces(file, LISTS));
    expect(expected.filter((piece) => piece.type === 'record')).toHaveLength(9_001);
    const ofObjects = expected.filter((piece) => piece.type === 'file' || typeof customers[piece.customer] === 'object');
    expect(await collected(checkedFilePieces(file, LISTS))).toEqual(ofObjects);
  });
});
