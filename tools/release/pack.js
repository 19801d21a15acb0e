/*
 * A public lib laid out as it is published (docs/publishing.md): its built `dist` (the manifest's
 * `files` pick the .js and .d.ts), README, LICENSE, CHANGELOG and API report, and its manifest less what
 * only the monorepo reads: the `development` condition (it names sources that are not published), the
 * `nx` settings and the devDependencies; the group's own packages pinned to the one version, and an
 * unpublished one (`@curbside/persistence`) left out with the entry that needs it (PUBLISHED_ROOT). Each
 * subpath gets a `typesVersions` twin, so a project on TypeScript's `node10` resolution (`nest new`'s
 * CommonJS default), which does not read `exports`, finds its types too.
 * `node tools/release/pack.js <lib> <folder> [version]` (the libs' `pack` target, before `nx release publish`).
 */
const { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { PUBLIC_LIBS, PUBLISHED_ROOT } = require('./public-libs');

const ROOT = path.resolve(__dirname, '../..');
const SCOPE = '@curbside/';
const PUBLISHED = new Set(PUBLIC_LIBS.map((lib) => SCOPE + lib));

/** Writes `lib`'s package into `folder` (emptied first), at `version` or its manifest's; its dist must be built. */
function packLib(lib, folder, version) {
  const source = path.join(ROOT, 'libs', lib);
  if (!existsSync(path.join(source, 'dist', 'index.js'))) throw new Error(`libs/${lib}/dist is not built: run npm run build`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const manifest = publishedManifest(JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')), version, PUBLISHED_ROOT[lib]);
  writeFileSync(path.join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  cpSync(path.join(source, 'dist'), path.join(folder, 'dist'), {
    recursive: true,
    filter: (file) => !file.endsWith('.tsbuildinfo') && !file.endsWith('.map') && path.basename(file) !== 'api-report',
  });
  for (const file of ['README.md', 'CHANGELOG.md', `${lib}.api.md`]) {
    if (existsSync(path.join(source, file))) cpSync(path.join(source, file), path.join(folder, file));
  }
  cpSync(path.join(ROOT, 'libs', 'LICENSE'), path.join(folder, 'LICENSE'));
  return manifest;
}

function publishedManifest(manifest, version = manifest.version, root = undefined) {
  const { nx: _nx, devDependencies: _dev, ...published } = manifest;
  published.version = version;
  published.exports = withoutDevelopment(manifest.exports);
  if (root !== undefined) {
    published.exports = { ...published.exports, '.': published.exports[`./${root}`] };
    published.main = published.exports['.'].default;
    published.types = published.exports['.'].types;
  }
  published.typesVersions = typesVersionsOf(published.exports);
  for (const field of ['dependencies', 'peerDependencies', 'peerDependenciesMeta']) {
    if (published[field] === undefined) continue;
    const kept = Object.entries(published[field]).filter(([name]) => !name.startsWith(SCOPE) || PUBLISHED.has(name));
    published[field] = Object.fromEntries(kept.map(([name, range]) => [name, PUBLISHED.has(name) ? version : range]));
    if (kept.length === 0) delete published[field];
  }
  return published;
}

/** `typesVersions` for each subpath's types (`./resource-server` -> `resource-server`), for TypeScript's node10 resolution. */
function typesVersionsOf(exports) {
  const subpaths = Object.entries(exports).filter(([key, value]) => key.startsWith('./') && typeof value === 'object' && value.types !== undefined);
  return subpaths.length === 0 ? undefined : { '*': Object.fromEntries(subpaths.map(([key, value]) => [key.slice(2), [value.types]])) };
}

function withoutDevelopment(exports) {
  if (typeof exports !== 'object' || exports === null) return exports;
  return Object.fromEntries(
    Object.entries(exports)
      .filter(([condition]) => condition !== 'development')
      .map(([key, value]) => [key, withoutDevelopment(value)]),
  );
}

module.exports = { packLib, publishedManifest };

if (require.main === module) {
  const [lib, folder, version] = process.argv.slice(2);
  if (!PUBLIC_LIBS.includes(lib) || folder === undefined) {
    console.error(`usage: node tools/release/pack.js <${PUBLIC_LIBS.join('|')}> <folder> [version]`);
    process.exit(2);
  }
  const manifest = packLib(lib, path.resolve(ROOT, folder), version);
  console.log(`${manifest.name}@${manifest.version} laid out in ${folder}`);
}
