import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CONFIG_VARIABLES, loadConfig } from '@curbside/config';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { parse } from 'yaml';

/*
 * No Docker engine runs here: the image and compose files are checked by parsing them, against
 * the configuration class and the build's outputs.
 */

const WORKSPACE = resolve(__dirname, '../..');
const read = (path: string): string => readFileSync(join(WORKSPACE, path), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  entrypoint?: string[];
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(read('docker/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const dockerfile = DockerfileParser.parse(read('docker/Dockerfile'));

/** Those of `instructions` in the image's last stage, the one that runs. */
function inFinalStage<T extends Instruction>(instructions: T[]): T[] {
  const stageStart = dockerfile.getFROMs().at(-1)?.getRange().start.line ?? 0;
  return instructions.filter((instruction) => instruction.getRange().start.line >= stageStart);
}

const argumentsOf = (instruction: Instruction): string[] => instruction.getArguments().map((argument) => argument.getValue());

/** The words of a JSON-form command, e.g. `CMD ["node", "dist/apps/api/main.js"]`, after `HEALTHCHECK`'s options too. */
function jsonWords(instruction: Instruction): string[] {
  const content = instruction.getArgumentsContent() ?? '';
  return JSON.parse(content.slice(content.indexOf('['))) as string[];
}

/** `${NAME:-default}` replaced by its default, as compose does when NAME is not set. */
const withDefaults = (value: string): string => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

/** A service's environment as the process sees it when the deployer sets none of the `${...}` variables. */
const environmentOf = (service: ComposeService): Record<string, string> =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, withDefaults(String(value))]));

/** The services that run the Curbside image. */
const curbsideServices = (): Array<[string, ComposeService]> =>
  Object.entries(compose.services).filter(([, service]) => service.build?.dockerfile === 'docker/Dockerfile');

/**
 * The TypeScript source a `dist/apps/<app>/<file>.js` entry point is compiled from, found through
 * the app's tsconfig.app.json (its rootDir and outDir): `npm run build` makes the one from the other.
 */
function sourceOf(entryPoint: string): string {
  const app = /^dist\/apps\/([\w-]+)\/(.+)\.js$/.exec(entryPoint);
  if (app === null) throw new Error(`${entryPoint} is not a built app file (dist/apps/<app>/<file>.js)`);
  const [, name, file] = app;
  const projectDir = join(WORKSPACE, 'apps', name);
  const { compilerOptions } = JSON.parse(read(`apps/${name}/tsconfig.app.json`)) as { compilerOptions: { rootDir: string; outDir: string } };
  expect(relative(WORKSPACE, resolve(projectDir, compilerOptions.outDir))).toBe(`dist/apps/${name}`);
  return relative(WORKSPACE, join(projectDir, compilerOptions.rootDir, `${file}.ts`));
}

/** The Node.js LTS lines still given security fixes (Node 20's ended on 2026-04-30): docs/deploy.md. */
const SUPPORTED_LTS = ['22', '24', '26'];

/** The Node majors `.ci/run` runs the test suite on besides the machine's (`tools/ci/test-on-node.sh <major>`). */
const ciRuntimes = (): string[] => [...read('.ci/run').matchAll(/^(?:\w+=\S* +)*tools\/ci\/test-on-node\.sh +(\d+)/gm)].map((match) => match[1]);

const entryPointsOf = (words: string[]): string[] => words.filter((word) => word.startsWith('dist/'));

describe('docker/Dockerfile', () => {
  it('builds in more than one stage, the last on a slim image of a supported Node LTS that CI tests on', () => {
    const froms = dockerfile.getFROMs();
    expect(froms.length).toBeGreaterThan(1);
    const image = froms.at(-1)?.getImageName();
    const nodeImage = dockerfile.getInitialARGs().flatMap((arg) => arg.getProperties()).find((property) => property.getName() === 'NODE_IMAGE');
    const name = image === '${NODE_IMAGE}' ? nodeImage?.getValue() : image;
    const major = /^node:(\d+)(\.\d+)*-(bookworm-|trixie-)?slim$/.exec(name ?? '')?.[1];
    expect(SUPPORTED_LTS).toContain(major);
    expect(ciRuntimes()).toContain(major);
  });

  it('runs as a user that is not root', () => {
    const users = inFinalStage(dockerfile.getInstructions()).filter((instruction) => instruction.getKeyword() === 'USER');
    expect(users).not.toHaveLength(0);
    const user = argumentsOf(users.at(-1) as Instruction)[0].split(':')[0];
    expect(['root', '0']).not.toContain(user);
  });

  it('installs production dependencies only for the stage it runs, and builds with the dev ones', () => {
    const runs = dockerfile.getInstructions().filter((instruction) => instruction.getKeyword() === 'RUN');
    const commands = runs.map((run) => run.getArgumentsContent() ?? '');
    expect(commands.some((command) => /npm ci --omit=dev/.test(command))).toBe(true);
    expect(commands.some((command) => /npm run build/.test(command))).toBe(true);
    const copiedFrom = inFinalStage(dockerfile.getCOPYs()).flatMap((copy) => copy.getFromFlag()?.getValue() ?? []);
    expect(copiedFrom).toEqual(['production-dependencies', 'builder']);
  });

  it('starts an entry point that the build makes', () => {
    const [cmd] = dockerfile.getCMDs();
    const entryPoints = entryPointsOf(jsonWords(cmd));
    expect(entryPoints).toEqual(['dist/apps/api/main.js']);
    for (const entryPoint of entryPoints) expect(existsSync(join(WORKSPACE, sourceOf(entryPoint)))).toBe(true);
  });

  it('checks readiness with a script it copies into the image', () => {
    const [healthcheck] = inFinalStage(dockerfile.getHEALTHCHECKs());
    expect(healthcheck.getSubcommand()?.getValue()).toBe('CMD');
    const script = jsonWords(healthcheck).find((word) => word.endsWith('.js')) as string;
    expect(script).toBe('docker/healthcheck.js');
    expect(existsSync(join(WORKSPACE, script))).toBe(true);
    expect(read(script)).toContain('/health/ready');
    const copies = inFinalStage(dockerfile.getCOPYs()).map(argumentsOf);
    expect(copies).toContainEqual([script, script]);
  });
});

describe('docker/compose.yaml', () => {
  it('runs PostgreSQL, Redis, Mailpit, a one-shot migration, two API instances and one notifier', () => {
    const { services } = compose;
    expect(services['postgres'].image).toMatch(/^postgres:/);
    expect(services['redis'].image).toMatch(/^redis:/);
    expect(services['mailpit'].image).toMatch(/^axllent\/mailpit:/);
    expect([...(services['migrate'].entrypoint ?? []), ...(services['migrate'].command ?? [])]).toEqual(['node', 'dist/apps/admin-cli/main.js', 'db', 'migrate']);
    expect(services['api'].deploy?.replicas).toBe(2);
    expect(services['api'].ports).toEqual(['3001-3002:3000']);
    expect(services['notifier'].deploy?.replicas ?? 1).toBe(1);
    for (const name of ['api', 'notifier']) {
      expect(services[name].depends_on?.['migrate']).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it('sets only variables the configuration class knows, with values it accepts', () => {
    const services = curbsideServices();
    expect(services.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'notifier']);
    for (const [name, service] of services) {
      const environment = environmentOf(service);
      expect({ service: name, unknown: Object.keys(environment).filter((key) => !CONFIG_VARIABLES.includes(key)) }).toEqual({ service: name, unknown: [] });
      expect(() => loadConfig(environment)).not.toThrow();
    }
  });

  it('points every process at the PostgreSQL, Redis and Mailpit services', () => {
    for (const [, service] of curbsideServices()) {
      const config = loadConfig(environmentOf(service));
      expect(new URL(config.databaseUrl).host).toBe('postgres:5432');
      expect(new URL(config.redisUrl ?? '').host).toBe('redis:6379');
      expect(new URL(config.smtpUrl ?? '').host).toBe('mailpit:1025');
    }
  });

  it('is given, by its example .env, only variables it passes on or the configuration class knows', () => {
    const names = read('docker/.env.example')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.slice(0, line.indexOf('=')));
    expect(names.filter((name) => name !== 'POSTGRES_PASSWORD' && !CONFIG_VARIABLES.includes(name))).toEqual([]);
    const composeText = read('docker/compose.yaml');
    for (const name of names) expect(composeText).toContain(`\${${name}:-`);
  });

  it('runs entry points that the build makes', () => {
    const entryPoints = curbsideServices().flatMap(([, service]) => entryPointsOf([...(service.entrypoint ?? []), ...(service.command ?? [])]));
    expect(entryPoints.sort()).toEqual(['dist/apps/admin-cli/main.js', 'dist/apps/api/main.js', 'dist/apps/notifier/main.js']);
    for (const entryPoint of entryPoints) expect(existsSync(join(WORKSPACE, sourceOf(entryPoint)))).toBe(true);
  });
});
