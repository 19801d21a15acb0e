import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempFolder, testDatabases } from '@curbside/testing';
import { runCli, runCliProcess } from './support/cli';

/** The operator's view of the message catalogs (CONTRACT §11), through the built CLI, on both databases. */
describe.each(testDatabases())('messages on $name', (kind) => {
  let databaseUrl: string;
  let drop: () => Promise<void>;

  beforeEach(async () => {
    ({ url: databaseUrl, drop } = await kind.create());
  });
  afterEach(() => drop());

  it('messages check passes on the built-in catalogs', async () => {
    const result = await runCli(databaseUrl, ['messages', 'check']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('The built-in catalogs are fine.\n');
    expect(result.status).toBe(0);
  });

  it('messages check --dir fails on a broken catalog, naming the file, the key and what is wrong', async () => {
    const folder = tempFolder('messages-check');
    const file = join(folder, 'es.json');
    writeFileSync(file, JSON.stringify({ 'event.case.opened': 'Caso {caseId abierto', 'event.case.closed': 'Caso {id} cerrado' }));
    const result = await runCli(databaseUrl, ['messages', 'check', '--dir', folder]);
    expect(result.status).toBe(3);
    expect(result.stderr).toContain(`${file}: event.case.opened: not ICU MessageFormat`);
    expect(result.stderr).toContain(`${file}: event.case.closed: lacks the placeholder {caseId} of en`);
  });

  it('messages list shows each offered language, its messages out of how many, and what falls back', async () => {
    const folder = tempFolder('messages-list');
    writeFileSync(join(folder, 'fr.json'), JSON.stringify({ 'event.case.opened': 'Dossier {caseId} ouvert' }));
    const result = await runCli(databaseUrl, ['messages', 'list', '--json'], { LANGUAGES: 'en,vi,fr', MESSAGES_DIR: folder });
    expect(result.status).toBe(0);
    const coverage = result.json<Array<{ language: string; messages: number; of: number; fallback: string[] }>>();
    expect(coverage.map(({ language, messages, of }) => [language, messages === of])).toEqual([
      ['en', true],
      ['vi', true],
      ['fr', false],
    ]);
    const fr = coverage[2];
    expect(fr.messages).toBe(1);
    expect(fr.fallback).toHaveLength(fr.of - 1);
    expect(fr.fallback).not.toContain('event.case.opened');
    expect((await runCli(databaseUrl, ['messages', 'list'], { LANGUAGES: 'en,vi' })).stdout).toMatch(/vi\s+\d+\/\d+\s+-/);
  });

  // A failure to start is the process's own (runMain): a process of its own.
  it('stops at start, in one line naming it, when LANGUAGES names a tag without a catalog', () => {
    const result = runCliProcess(databaseUrl, ['messages', 'list'], { LANGUAGES: 'en,xx-Latn' });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'curbside: cannot start: Invalid configuration: LANGUAGES names xx-Latn, which is neither built in nor in MESSAGES_DIR (a <tag>.json catalog there adds a language)\n',
    );
  });
});
