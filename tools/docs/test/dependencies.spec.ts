import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

/** Dependencies our code never names, each kept for a reason of its own. */
const NOT_IMPORTED: Record<string, string> = {
  '@fastify/static': 'an optional peer of @nestjs/platform-fastify and @nestjs/swagger: serves the Swagger UI',
  rxjs: 'a required peer of @nestjs/common and @nestjs/core (no code of ours has used it since negotiation left the interceptor)',
};

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist'].includes(entry.name)) return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/*
 * A runtime dependency nothing names is dead weight in every install and image (pino-http stayed
 * after its last use went; nestjs-pino, which does need it, brings it as its peer).
 */
describe('package.json dependencies', () => {
  it('are each named by our code (an import, a require, a driver or transport name), or kept for a stated reason', () => {
    const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // The outside app's test installs what a team's own service depends on (Nest's peers among them): not ours.
    const ours = (file: string) => file !== __filename && !file.includes(join('tools', 'release', 'outside-app'));
    const code = ['apps', 'libs', 'tools'].flatMap((directory) => sources(join(ROOT, directory)).filter(ours).map((file) => readFileSync(file, 'utf8'))).join('\n');
    const named = (name: string) => code.includes(`'${name}'`) || code.includes(`'${name}/`) || code.includes(`"${name}"`);
    const unused = Object.keys(dependencies).filter((name) => !named(name) && !(name in NOT_IMPORTED));
    expect(unused).toEqual([]);
    expect(Object.keys(NOT_IMPORTED).filter((name) => !(name in dependencies) || named(name))).toEqual([]);
  });
});
