import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/*
 * The capability generator run as a team runs it (`nx g @curbside/workspace:capability`), in a
 * scratch copy of this workspace, and what it wrote built, linted, type-checked and tested with
 * no edit, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL: a generator that no longer fits the
 * house fails here. The copy borrows this checkout's node_modules (each entry linked, the
 * workspace's own packages linked to the copy's folders) and is deleted even when a step fails.
 */

const ROOT = path.resolve(__dirname, '../../..');
const NAME = 'bin-audits';

/** The house's files the generator edits (linted after it did). */
const EDITED = [
  'libs/contract/src/lib/routes.ts',
  'libs/persistence/src/lib/repositories/index.ts',
  'libs/persistence/src/migrations/index.ts',
  'libs/application/src/lib/application.module.ts',
  'apps/api/src/app.module.ts',
  'apps/api/src/openapi/examples.ts',
  'apps/api/src/openapi/document.ts',
];

/** The files of the checkout as git sees them (committed or not, not ignored). */
function copyWorkspace(target: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf-8' })
    .split('\0')
    .filter((file) => file !== '');
  for (const file of files) {
    try {
      cpSync(path.join(ROOT, file), path.join(target, file), { recursive: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // deleted in the work tree, not yet in git
    }
  }
  mkdirSync(path.join(target, 'node_modules/@curbside'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry !== '@curbside') symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(target, 'node_modules', entry));
  }
  // Relative links (../../libs/x): the copy's own libs, not this checkout's.
  for (const entry of readdirSync(path.join(ROOT, 'node_modules/@curbside'))) {
    symlinkSync(readlinkSync(path.join(ROOT, 'node_modules/@curbside', entry)), path.join(target, 'node_modules/@curbside', entry));
  }
}

describe('a capability generated into a copy of the workspace', () => {
  let scratch: string;
  const bin = (module: string) => path.join(scratch, 'node_modules', module);
  const run = (script: string, ...args: string[]): string => {
    try {
      return execFileSync(process.execPath, [script, ...args], {
        cwd: scratch,
        encoding: 'utf-8',
        env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' },
        stdio: 'pipe',
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`${path.basename(script)} ${args.join(' ')} failed:\n${stdout ?? ''}\n${stderr ?? ''}`);
    }
  };
  // `--projects` takes every argument after it: the projects go last.
  const jest = (projects: string[], ...args: string[]) =>
    run(bin('jest/bin/jest.js'), '--ci', ...args, ...(projects.length === 1 ? ['-c', `${projects[0]}/jest.config.js`] : ['--projects', ...projects.map((p) => `${p}/jest.config.js`)]));

  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'curbside-capability-'));
    copyWorkspace(scratch);
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('lists the files it would write on --dry-run, and writes none', () => {
    const out = run(bin('nx/dist/bin/nx.js'), 'g', '@curbside/workspace:capability', NAME, '--dry-run', '--no-interactive');
    expect(out).toContain(`CREATE apps/api/src/${NAME}/${NAME}.controller.ts`);
    expect(out).toContain('UPDATE libs/contract/src/lib/routes.ts');
    expect(readdirSync(path.join(scratch, 'apps/api/src'))).not.toContain(NAME);
  }, 120_000);

  it('writes a capability that builds, lints, type-checks and passes its tests on both databases, with no edit', () => {
    run(bin('nx/dist/bin/nx.js'), 'g', '@curbside/workspace:capability', NAME, '--no-interactive');
    expect(readFileSync(path.join(scratch, 'libs/client/src/generated/openapi.ts'), 'utf-8')).toContain(`listBinAudits`);

    run(bin('typescript/bin/tsc'), '-b', 'tsconfig.build.json');
    run(bin('typescript/bin/tsc'), '-p', 'tsconfig.json');
    // What was written and what was edited, module boundaries included (the workspace's lint is one run over the whole tree).
    run(bin('eslint/bin/eslint.js'), '--max-warnings=0', `apps/api/src/${NAME}`, `apps/api/test/${NAME}.e2e-spec.ts`, `libs/application/src/lib/${NAME}`, `libs/*/src/**/${NAME}*.ts`, ...EDITED);

    jest(['libs/domain', 'libs/codecs', 'libs/application'], NAME);
    // The drift test: each driver's migrations make exactly what the entities describe, and undo and redo.
    jest(['libs/persistence'], 'libs/persistence/src/lib/database/database.spec.ts', '-t', 'schema on');
    // Its own suite, and the OpenAPI document's checks that a new route meets (Spectral, the route table).
    jest(['apps/api'], `apps/api/test/(${NAME}|openapi)\\.e2e-spec\\.ts`, '-t', `${NAME.replace('-', ' ')}|Spectral|operations of the contract|parameters as the route table`);
  }, 20 * 60_000);
});
