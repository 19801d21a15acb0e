#!/usr/bin/env node
/*
 * Completes package-lock.json with the platform-specific optional packages (native binaries of
 * @swc/core, unrs-resolver, ...) that the registry reachable here does not serve for other
 * platforms. npm drops an optional dependency whose manifest it cannot fetch, and then `npm ci`
 * refuses the lock file ("Missing: @swc/core-darwin-arm64 from lock file") on every machine.
 *
 * Each missing package gets the entry npm itself would write, minus the integrity hash it could
 * not read: its exact version, `optional`, and the `os`/`cpu`/`libc` its name declares, so npm
 * skips it on every other platform. Run after any dependency change:
 *
 *   npm install <pkg> && node tools/lockfile/complete-platform-packages.js
 *
 * `--check` only reports (exit 1 when something is missing); `npm test` runs it that way.
 */
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const LOCK = join(__dirname, '..', '..', 'package-lock.json');
const OSES = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

/** os, cpu and libc from a platform package's name, e.g. `@swc/core-linux-x64-musl`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OSES.includes(part));
  const cpu = parts.find((part) => CPUS.includes(part));
  const libc = parts.some((part) => part.startsWith('musl')) ? 'musl' : parts.some((part) => part.startsWith('gnu')) ? 'glibc' : null;
  return { os, cpu, libc };
}

function missingEntries(lock) {
  const packages = lock.packages;
  const missing = new Map();
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${path}/node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (packages[nested] || packages[hoisted]) continue;
      const { os, cpu, libc } = platformOf(name);
      if (!os || !/^\d+\.\d+\.\d+/.test(version)) {
        throw new Error(`${name}@${version} (optional dependency of ${path}) is missing and is not a platform package`);
      }
      missing.set(hoisted, {
        version,
        ...(entry.dev ? { dev: true } : {}),
        optional: true,
        ...(cpu ? { cpu: [cpu] } : {}),
        ...(libc ? { libc: [libc] } : {}),
        os: [os],
      });
    }
  }
  return missing;
}

const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const missing = missingEntries(lock);
if (process.argv.includes('--check')) {
  if (missing.size > 0) {
    console.error(`package-lock.json lacks ${missing.size} platform packages (npm ci would fail): ${[...missing.keys()].join(', ')}`);
    console.error('Run: node tools/lockfile/complete-platform-packages.js');
    process.exit(1);
  }
  console.log('package-lock.json: every optional platform package has an entry');
  process.exit(0);
}
const sorted = Object.fromEntries(
  Object.entries({ ...lock.packages, ...Object.fromEntries(missing) }).sort(([a], [b]) => a.localeCompare(b, 'en')),
);
writeFileSync(LOCK, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`package-lock.json: added ${missing.size} platform package entries`);
