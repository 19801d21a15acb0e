#!/usr/bin/env node
/*
 * `npm run publish:libs -- --registry <url> --version <x.y.z> [--tag <tag>] [--dry-run]`: builds the
 * public libs and publishes them, at that version, to that registry, without touching git: the
 * packages are laid out in a temporary folder (tools/release/pack.js), so no manifest, changelog,
 * commit or tag of the working tree changes. Credentials are npm's own (an `.npmrc` auth token for
 * the registry, or NPM_CONFIG_USERCONFIG). The release of record is `nx release` (docs/publishing.md).
 */
const { execFileSync } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { packLib } = require('./pack');
const { PUBLIC_LIBS } = require('./public-libs');

const ROOT = path.resolve(__dirname, '../..');
/** Semantic Versioning 2.0.0 §2, §9, §10. */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

function options(args) {
  const value = (name) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const registry = value('--registry');
  const version = value('--version');
  if (registry === undefined || version === undefined) throw new Error('usage: npm run publish:libs -- --registry <url> --version <x.y.z> [--tag <tag>] [--dry-run]');
  if (!/^https?:\/\//.test(registry)) throw new Error(`--registry must be an http(s) URL, not ${registry}`);
  if (!SEMVER.test(version)) throw new Error(`--version must be a semantic version (x.y.z), not ${version}`);
  // npm refuses to tag a prerelease `latest` unless told to.
  const tag = value('--tag') ?? (version.includes('-') ? 'next' : 'latest');
  return { registry, version, tag, dryRun: args.includes('--dry-run') };
}

function main(args) {
  const { registry, version, tag, dryRun } = options(args);
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', ...PUBLIC_LIBS.map((lib) => `libs/${lib}/tsconfig.lib.json`)], { cwd: ROOT, stdio: 'inherit' });
  const staging = mkdtempSync(path.join(tmpdir(), 'curbside-publish-'));
  try {
    // PUBLIC_LIBS lists each lib after those it depends on, so a registry never holds one whose dependency is missing.
    for (const lib of PUBLIC_LIBS) {
      const folder = path.join(staging, lib);
      const { name } = packLib(lib, folder, version);
      const npm = ['publish', folder, '--registry', registry, '--tag', tag, '--access', 'public'];
      execFileSync('npm', dryRun ? [...npm, '--dry-run'] : npm, { cwd: staging, stdio: ['ignore', 'inherit', 'inherit'] });
      console.log(`${dryRun ? 'would publish' : 'published'} ${name}@${version} to ${registry} (tag ${tag})`);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(`publish:libs: ${error.message}`);
  process.exitCode = 1;
}
