import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { freePort, programEnv, tempFolder } from '@curbside/testing';

/*
 * Every command block of README.md and docs/ that a reader is told to run is run here, as written, against
 * the demo that `npm start` starts, on whatever day the suite runs. A block is marked by the line
 * `<!-- runnable -->` before its fence; a block marked `<!-- file: <path> -->` must be that file, byte for byte.
 */

const ROOT = resolve(__dirname, '../../..');
const START = join(ROOT, 'tools/dev/start.js');
const TIMEOUT_MS = 180_000;

interface Block {
  where: string;
  marker: string;
  language: string;
  body: string;
}

/** The fenced blocks of a Markdown file that follow an HTML comment (`<!-- runnable -->`, `<!-- file: … -->`). */
function markedBlocks(file: string): Block[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 1; i < lines.length; i++) {
    const fence = /^```(\w+)/.exec(lines[i]);
    const marker = /^<!-- (.+) -->$/.exec(lines[i - 1].trim());
    if (fence === null || marker === null) continue;
    const end = lines.findIndex((line, n) => n > i && line.startsWith('```'));
    blocks.push({ where: `${relative(ROOT, file)}:${i + 1}`, marker: marker[1], language: fence[1], body: lines.slice(i + 1, end).join('\n') });
  }
  return blocks;
}

const markdownFiles = (): string[] => [
  join(ROOT, 'README.md'),
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name)),
];

const blocks = markdownFiles().flatMap(markedBlocks);
const runnable = blocks.filter((block) => block.marker === 'runnable');

interface Demo {
  env: Record<string, string>;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** `npm start`'s script (the build is done) in a folder of its own; resolves once its banner is out. */
async function startDemo(): Promise<Demo> {
  const cwd = tempFolder('docs-demo');
  const port = await freePort();
  const child = spawn(process.execPath, [START], {
    cwd,
    env: { ...programEnv(), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    return exited;
  };
  for (const deadline = Date.now() + 120_000; !output.includes('Stop: Ctrl-C'); ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not print its banner: ${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const exports = /export (CURBSIDE_URL=\S+ CLIENT_ID=\S+ CLIENT_SECRET=\S+)/.exec(output)?.[1] ?? '';
  const env = Object.fromEntries(exports.split(' ').map((pair) => pair.split('=', 2) as [string, string]));
  return { env: { ...env, DATABASE_URL: `sqlite:${join(cwd, 'data/curbside.sqlite')}` }, output: () => output, stop };
}

describe('the documentation\'s runnable blocks', () => {
  let demo: Demo;

  beforeAll(async () => {
    demo = await startDemo();
  }, TIMEOUT_MS);
  afterAll(async () => {
    await demo?.stop();
  });

  it('are marked where a reader is told to run something: the README walk-through, the token, a service request, the SDK tour', () => {
    expect(runnable.map((block) => block.where.split(':')[0])).toEqual(
      expect.arrayContaining(['README.md', 'docs/integrators.md']),
    );
    expect(runnable.length).toBeGreaterThanOrEqual(4);
    expect(runnable.every((block) => block.language === 'sh')).toBe(true);
  });

  it('each copy of a file in the docs is that file', () => {
    const copies = blocks.filter((block) => block.marker.startsWith('file: '));
    expect(copies.length).toBeGreaterThanOrEqual(1);
    for (const copy of copies) {
      expect(`${copy.body}\n`).toBe(readFileSync(join(ROOT, copy.marker.slice('file: '.length)), 'utf8'));
    }
  });

  it('npm start ends with its banner, which sets the variables the blocks read, and lists no routes at info', () => {
    expect(Object.keys(demo.env).sort()).toEqual(['CLIENT_ID', 'CLIENT_SECRET', 'CURBSIDE_URL', 'DATABASE_URL']);
    // What follows the banner, if anything, is the failure's message.
    expect(demo.output().trimEnd().split('Stop: Ctrl-C').pop()).toBe('');
    expect(demo.output()).not.toMatch(/Mapped \{/);
  });

  it("npm start's banner links the demo customer's own page: the link opens a session and leaves the address bar", async () => {
    const link = /^\s+(http:\/\/localhost:\d+\/my\/[\w-]{43})$/m.exec(demo.output())?.[1] ?? '';
    expect(link).not.toBe('');
    const opened = await fetch(link.replace('localhost', '127.0.0.1'), { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/my');
    const page = await fetch(new URL('/my', demo.env['CURBSIDE_URL'].replace('localhost', '127.0.0.1')), { headers: { Cookie: (opened.headers.get('set-cookie') ?? '').split(';')[0] } });
    expect(page.status).toBe(200);
  });

  it.each(runnable.map((block) => [block.where, block] as const))(
    '%s runs as written, against the demo, today',
    (_where, block) => {
      const result = spawnSync('sh', ['-e', '-c', block.body], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 120_000,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...demo.env },
      });
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
      expect(result.stdout.trim()).not.toBe('');
    },
    TIMEOUT_MS,
  );

  it('Ctrl-C stops npm start, and every process it started, with exit code 0', async () => {
    expect(await demo.stop()).toBe(0);
  });
});
