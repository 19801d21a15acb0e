import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { testDatabases } from '@curbside/testing';
import { Copy, DockerfileParser, type Instruction } from 'dockerfile-ast';

/*
 * The image's runtime stage, run without a Docker engine: its files laid out the way
 * docker/Dockerfile lays them out — its own COPY, WORKDIR and RUN steps, read from the file, run
 * in a scratch folder (each stage's filesystem a folder of its own) — then the API and the
 * notifier started from it against a scratch database. This catches what the file checks of
 * container-files.spec.ts cannot: an import the production dependencies do not satisfy, a built
 * file the layout misses. It takes a minute or two (`npm ci --omit=dev` from the npm cache), so
 * it runs only when CURBSIDE_TEST_RUNTIME_IMAGE is set, as `.ci/run` does; elsewhere it is
 * skipped with a message. It needs the workspace built (`npm test` builds first).
 */

const WORKSPACE = resolve(__dirname, '../..');
const enabled = Boolean(process.env.CURBSIDE_TEST_RUNTIME_IMAGE);
if (!enabled) console.warn('SKIPPED the runtime image test: set CURBSIDE_TEST_RUNTIME_IMAGE=1 to lay out and run the image (as .ci/run does).');

/** One stage of the Dockerfile: its filesystem is `root`, its working directory `workdir`. */
interface Stage {
  root: string;
  workdir: string;
  /** The stage copies the whole build context (`COPY . .`): the workspace itself, installed and built already, stands in for it. */
  isWorkspace: boolean;
  env: Record<string, string>;
}

const argumentsOf = (instruction: Instruction): string[] => instruction.getArguments().map((argument) => argument.getValue());

/** A RUN command as it runs here: absolute paths inside the stage's root, and nothing the workspace did already or that would touch this machine. */
function localCommand(command: string, stage: Stage): string {
  return command
    .replace(/\s*\\\n\s*/g, ' ')
    .replace(/(^|[\s"'])\/(?=[a-z])/g, `$1${stage.root}/`)
    .replace(/npm cache clean --force/g, 'true') // the machine's npm cache is not the image's
    .replace(/npm ci\b/g, stage.isWorkspace ? 'true' : 'npm ci --prefer-offline')
    .replace(/npm run build/g, 'true') // the workspace is built
    .replace(/chown [^&;]+/g, 'true'); // the service user is the image's
}

/** Lays out every stage of docker/Dockerfile under `scratch`; returns the last stage (the runtime). */
function layOut(scratch: string): Stage {
  const dockerfile = DockerfileParser.parse(readFileSync(join(WORKSPACE, 'docker/Dockerfile'), 'utf8'));
  const froms = dockerfile.getFROMs();
  const stages = new Map<string, Stage>();
  for (const [index, from] of froms.entries()) {
    const [first, next] = [from.getRange().start.line, froms[index + 1]?.getRange().start.line ?? Infinity];
    const instructions = dockerfile.getInstructions().filter((instruction) => instruction.getRange().start.line > first && instruction.getRange().start.line < next);
    const root = join(scratch, String(index));
    const isWorkspace = instructions.some((instruction) => instruction instanceof Copy && !instruction.getFromFlag() && argumentsOf(instruction).join(' ') === '. .');
    const stage: Stage = { root, workdir: root, isWorkspace, env: {} };
    mkdirSync(root, { recursive: true });
    stages.set(from.getBuildStage() ?? String(index), stage);
    for (const instruction of instructions) runStep(instruction, stage, stages);
  }
  return stages.get(froms.at(-1)?.getBuildStage() ?? String(froms.length - 1)) as Stage;
}

/** One instruction of a stage, as the image build would run it (those that shape no file are left out). */
function runStep(instruction: Instruction, stage: Stage, stages: Map<string, Stage>): void {
  const words = argumentsOf(instruction);
  const inStage = (path: string, of: Stage) => (path.startsWith('/') ? join(of.root, path) : join(of.workdir, path));
  switch (instruction.getKeyword()) {
    case 'WORKDIR':
      stage.workdir = stage.isWorkspace ? WORKSPACE : join(stage.root, words[0]);
      mkdirSync(stage.workdir, { recursive: true });
      break;
    case 'ENV':
      for (const word of words) stage.env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
      break;
    case 'COPY': {
      if (stage.isWorkspace) break; // the workspace has its files already
      const [source, target] = words.filter((word) => !word.startsWith('--'));
      const fromName = (instruction as Copy).getFromFlag()?.getValue() ?? null;
      const from = fromName === null ? { ...stage, root: WORKSPACE, workdir: WORKSPACE } : (stages.get(fromName) as Stage);
      mkdirSync(dirname(inStage(target, stage)), { recursive: true });
      cpSync(inStage(source, from), inStage(target, stage), { recursive: true, verbatimSymlinks: true });
      break;
    }
    case 'RUN':
      execFileSync('sh', ['-ec', localCommand(instruction.getArgumentsContent() ?? '', stage)], { cwd: stage.workdir, stdio: 'pipe' });
      break;
  }
}

/**
 * Runs `node <entryPoint>` in the runtime layout with `portVariable` set to 0, until its /health/ready answers 200 on the
 * port it says it took: one picked ahead by the test could be taken meanwhile by another suite's server, whose
 * readiness would then pass for this one's.
 */
async function startReady(runtime: Stage, entryPoint: string, portVariable: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [entryPoint], {
    cwd: runtime.workdir,
    env: { PATH: process.env.PATH, ...runtime.env, LOG_LEVEL: 'info', ...env, [portVariable]: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let [stdout, stderr] = ['', ''];
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`${entryPoint} exited (${child.exitCode}): ${stderr}`);
    // The start line each program logs: "listening on http://localhost:<port>", "health on http://localhost:<port>/…".
    const port = Number(/(?:listening|health) on http:\/\/localhost:(\d+)/.exec(stdout)?.[1] ?? 0);
    if (port !== 0 && (await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false))) return { child, port };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${entryPoint} did not become ready: ${stderr}`);
}

/**
 * Stops the processes and waits for each to exit, so that none outlives its test: a child still running keeps
 * Jest's worker alive through its stderr pipe, and holds the database the test is about to drop.
 */
async function stopAll(children: ChildProcess[]): Promise<void> {
  const exited = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const stubborn = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(stubborn);
        resolve();
      });
      child.kill('SIGTERM');
    });
  await Promise.all(children.splice(0).map(exited));
}

(enabled ? describe : describe.skip)('the runtime image, laid out as docker/Dockerfile does', () => {
  let scratch: string;
  let runtime: Stage;
  const children: ChildProcess[] = [];

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'curbside-image-'));
    runtime = layOut(scratch);
  }, 600_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('holds the production dependencies only, and the built apps and libs', () => {
    const app = (path: string) => join(runtime.workdir, path);
    expect(() => readFileSync(app('dist/apps/api/main.js'))).not.toThrow();
    expect(() => readFileSync(app('libs/persistence/dist/index.js'))).not.toThrow();
    // The lockfile marks what only the dev dependencies need: none of it is in the image, all the rest is.
    const lock = JSON.parse(readFileSync(join(WORKSPACE, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean; optional?: boolean }> };
    const installed = Object.entries(lock.packages).filter(([path]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path));
    const present = ([path]: [string, unknown]) => existsSync(app(path));
    expect(installed.filter(([, entry]) => entry.dev === true).filter(present).map(([path]) => path)).toEqual([]);
    expect(installed.filter(([, entry]) => !entry.dev && !entry.devOptional && !entry.optional).filter((e) => !present(e)).map(([path]) => path)).toEqual([]);
  });

  describe.each(testDatabases())('on $name', (kind) => {
    let databaseUrl: string;
    let drop: () => Promise<void>;
    beforeEach(async () => {
      ({ url: databaseUrl, drop } = await kind.create());
    });
    afterEach(async () => {
      await stopAll(children);
      await drop();
    });

    it('runs the API (ready, and an authenticated GET) and the notifier (ready)', async () => {
      const cli = (args: string[]) =>
        execFileSync(process.execPath, ['dist/apps/admin-cli/main.js', ...args], {
          cwd: runtime.workdir,
          env: { PATH: process.env.PATH, ...runtime.env, DATABASE_URL: databaseUrl },
          encoding: 'utf8',
        });
      const demo = JSON.parse(cli(['seed', '--demo', '--json'])) as { client_id: string; client_secret: string };

      const api = await startReady(runtime, 'dist/apps/api/main.js', 'PORT', { DATABASE_URL: databaseUrl });
      children.push(api.child);
      const base = `http://127.0.0.1:${api.port}`;
      const granted = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: demo.client_id, client_secret: demo.client_secret }),
      });
      expect(granted.status).toBe(200);
      const token = (await granted.json()) as { access_token: string };
      const tickets = await fetch(`${base}/api/v1/customers/1000001/tickets`, {
        headers: { Authorization: `Bearer ${token.access_token}`, ClientId: demo.client_id, 'Request-Tracking-Id': 'runtime-image' },
      });
      expect(tickets.status).toBe(200);

      const notifier = await startReady(runtime, 'dist/apps/notifier/main.js', 'NOTIFIER_HEALTH_PORT', { DATABASE_URL: databaseUrl });
      children.push(notifier.child);
    }, 180_000);
  });
});
