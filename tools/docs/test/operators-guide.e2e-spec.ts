import { readFileSync } from 'node:fs';
import { CONFIG_VARIABLES } from '@curbside/config';
import { collect, DOC, render, replaceReference, type HelpEntry } from '../cli-reference';

/*
 * docs/operators.md against the built CLI (the test target builds it first): its reference section
 * is what the commands' --help prints now (else: `npm run docs:cli`), and its configuration table
 * names every variable.
 */
describe('docs/operators.md', () => {
  const committed = readFileSync(DOC, 'utf8');
  let entries: HelpEntry[];

  beforeAll(async () => {
    entries = await collect();
  }, 180_000);

  it('has the CLI reference the commands print now (run `npm run docs:cli` after changing a command)', () => {
    expect(replaceReference(committed, render(entries))).toBe(committed);
  });

  it('covers every command and subcommand, each with its own --help', () => {
    const commands = entries.map(({ words }) => words.join(' '));
    expect(commands).toEqual(expect.arrayContaining(['', 'db migrate', 'import', 'clients create', 'keys rotate', 'webhooks delete']));
    for (const { words, help } of entries) expect(help).toMatch(new RegExp(`^Usage: ${['curbside', ...words].join(' ')} `));
  });

  it('would be found stale after a change to a command', () => {
    const changed = entries.map((entry) =>
      entry.words.join(' ') === 'clients create' ? { ...entry, help: entry.help.replace('--all-customers', '--every-customer') } : entry,
    );
    expect(replaceReference(committed, render(changed))).not.toBe(committed);
  });

  it('documents every configuration variable', () => {
    const configuration = committed.slice(committed.indexOf('## Configuration'), committed.indexOf('## Health'));
    expect(CONFIG_VARIABLES.filter((name) => !configuration.includes(`\`${name}\``))).toEqual([]);
  });
});
