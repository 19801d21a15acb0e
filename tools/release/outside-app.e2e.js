#!/usr/bin/env node
/*
 * The public libs as another team gets them (docs/publishing.md): `npm run test:publish`.
 * Starts a local registry (Verdaccio, a free loopback port, storage in a temporary folder), publishes the libs to it
 * with `npm run publish:libs` (the working tree must be unchanged after), starts Curbside (the built API on a new
 * SQLite file, the demo sandbox) and, outside the repository:
 * - in a folder holding only the six packages and what they declare, `require`s and `import`s every entry point;
 * - installs an outside NestJS service shaped as `nest new` makes one (tools/release/outside-app: CommonJS, TypeScript's
 *   node10 resolution, Express) with the libs from the registry by version, compiles it with those defaults and again
 *   under `nodenext` with strict types, and runs it:
 * - its routes behind Curbside's access guard take a token Curbside's CLI issued, and refuse as Curbside does: a missing
 *   token, a token of another audience (a calendar feed's), an expired one, a revoked client's, a request without
 *   Request-Tracking-Id, a customer the caller is not granted (though the service's own client may read it: the same
 *   403 as for a customer that does not exist), in XML when XML is asked; tokens signed before and after `keys rotate`
 *   both work; it never holds Curbside's signing key;
 * - it encodes a customer's profiles with Curbside's codecs in JSON and XML, byte-equal to Curbside's API, reads the API
 *   through @curbside/client (its XML read back with the codecs' decodeAnswer), and runs Curbside's schedule rules on the API's schedules and holiday calendar: its pickup
 *   calendar is byte-equal to Curbside's, and Curbside's next pickups are days its rules say are pickup days.
 * Everything it made (processes, folders) is removed, pass or fail. Exit 0 only when every check passed.
 */
const { execFileSync, spawn } = require('node:child_process');
const { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { homedir, tmpdir } = require('node:os');
const path = require('node:path');
const { freePort } = require('../ci/free-port');
const { PUBLIC_LIBS } = require('./public-libs');

const ROOT = path.resolve(__dirname, '../..');
const VERSION = `0.0.0-outside.${Date.now()}`;
const CUSTOMER = '1000001';
const OTHER_CUSTOMER = '1000002';
const work = mkdtempSync(path.join(tmpdir(), 'curbside-outside-'));
const started = [];
let stopping = false;
let passed = 0;
let failed = 0;

function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : `: ${detail}`}`);
}

/**
 * A GET of the outside service, sent again once when the connection it reused was closed under it: Express keeps an
 * idle connection 5 s (Node's default), and a check that waited longer can race its close (undici's "other side closed").
 */
async function getOutside(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

const run = (command, args, options = {}) => execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
const node = (args, options) => run(process.execPath, args, options);
const gitStatus = () => run('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: ROOT });

/** Spawns a long-running process; resolves once `ready()` holds. Stopped at the end whatever happens. */
async function start(name, args, options, ready) {
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`${name} exited (${code ?? signal}) before the end: ${output.slice(-2000)}`);
  });
  started.push(child);
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${output.slice(-2000)}`);
    if (await ready().catch(() => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not start: ${output.slice(-2000)}`);
}

/** Verdaccio on a free loopback port with its storage in `work`; resolves with its URL and a publishing token. */
async function startRegistry() {
  const dir = path.join(work, 'registry');
  mkdirSync(dir);
  const config = [
    `storage: ${JSON.stringify(path.join(dir, 'storage'))}`,
    `auth:\n  htpasswd:\n    file: ${JSON.stringify(path.join(dir, 'htpasswd'))}\n    max_users: 1`,
    // No uplinks: it serves only what is published to it; every other package comes from the npm registry.
    "packages:\n  '@curbside/*':\n    access: $all\n    publish: $authenticated",
    'log: { type: stdout, format: pretty, level: error }',
  ].join('\n');
  writeFileSync(path.join(dir, 'config.yaml'), `${config}\n`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const script = `require('verdaccio').runServer(${JSON.stringify(path.join(dir, 'config.yaml'))}).then((server) => server.listen(${port}, '127.0.0.1'))`;
  await start('verdaccio', ['-e', script], { cwd: ROOT, env: { ...process.env } }, async () => (await fetch(`${url}/-/ping`)).ok);
  const user = await fetch(`${url}/-/user/org.couchdb.user:outside`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'outside', password: 'outside-password' }),
  });
  const { token } = await user.json();
  if (typeof token !== 'string') throw new Error(`the registry gave no token (${user.status})`);
  return { url, token };
}

/** An npm user config: the machine's own (its registry, its cache), and the local registry's token. */
function npmUserConfig(registry) {
  const own = path.join(homedir(), '.npmrc');
  const file = path.join(work, 'npmrc');
  const host = registry.url.replace(/^https?:/, '');
  writeFileSync(file, `${existsSync(own) ? `${readFileSync(own, 'utf8')}\n` : ''}${host}/:_authToken=${registry.token}\n`);
  return file;
}

/** Curbside: the built API on a new SQLite file with the demo sandbox, and its CLI on the same database. */
async function startCurbside() {
  const dir = path.join(work, 'curbside');
  mkdirSync(dir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PATH: process.env.PATH, DATABASE_URL: `sqlite:${path.join(dir, 'curbside.sqlite')}`, LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0' };
  // Idle connections stay open while the synchronous CLI runs block this script's event loop: a fetch after one
  // would otherwise reuse a connection the API closed meanwhile (KEEP_ALIVE_TIMEOUT_SECONDS is a few seconds).
  const apiEnv = { ...env, PORT: String(port), KEEP_ALIVE_TIMEOUT_SECONDS: '120' };
  await start('Curbside', [path.join(ROOT, 'tools/dev/start.js')], { cwd: dir, env: apiEnv }, async () => (await fetch(`${url}/health/ready`)).ok);
  const cli = (args, extraEnv = {}) => node([path.join(ROOT, 'dist/apps/admin-cli/main.js'), ...args], { cwd: dir, env: { ...env, ...extraEnv } });
  return { url, cli, dir };
}

const installed = (name) => JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
const CURBSIDE_PACKAGES = Object.fromEntries(PUBLIC_LIBS.map((lib) => [`@curbside/${lib}`, VERSION]));

/** `npm install` of `manifest` in `dir`, the libs from the local registry, everything else from npm's. */
function npmInstall(dir, manifest, registry, userConfig) {
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ private: true, ...manifest }, null, 2)}\n`);
  writeFileSync(path.join(dir, '.npmrc'), `@curbside:registry=${registry.url}/\n`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    env: { ...process.env, NPM_CONFIG_USERCONFIG: userConfig },
  });
}

/** A folder with the six packages alone (npm adds what they declare, peers included): where every entry is loaded. */
function installEntries(registry, userConfig) {
  const dir = path.join(work, 'entries');
  cpSync(path.join(__dirname, 'outside-app/entries'), dir, { recursive: true });
  npmInstall(dir, { name: 'curbside-entries', dependencies: CURBSIDE_PACKAGES }, registry, userConfig);
  return dir;
}

/**
 * The outside service's folder, outside the repository: what `nest new` writes (its dependencies, its CommonJS
 * tsconfig), the libs installed from the registry by version. Third parties at the versions this repository runs,
 * so npm's cache has them; Express at Nest's own version.
 */
function installOutsideApp(registry, userConfig) {
  const dir = path.join(work, 'outside-service');
  cpSync(path.join(__dirname, 'outside-app'), dir, { recursive: true, filter: (file) => !file.includes(`${path.sep}entries`) });
  const nest = installed('@nestjs/core');
  const manifest = {
    name: 'outside-service',
    dependencies: {
      ...CURBSIDE_PACKAGES,
      '@nestjs/common': installed('@nestjs/common'),
      '@nestjs/core': nest,
      '@nestjs/platform-express': nest,
      'reflect-metadata': installed('reflect-metadata'),
      rxjs: installed('rxjs'),
    },
    devDependencies: { '@types/node': installed('@types/node') },
  };
  npmInstall(dir, manifest, registry, userConfig);
  return dir;
}

async function main() {
  console.log(`outside-app test in ${work}, the libs at ${VERSION}`);
  node([require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'], { cwd: ROOT });
  const registry = await startRegistry();
  console.log(`registry at ${registry.url}`);
  const userConfig = npmUserConfig(registry);

  const before = gitStatus();
  run('npm', ['run', '--silent', 'publish:libs', '--', '--registry', registry.url, '--version', VERSION], {
    cwd: ROOT,
    env: { ...process.env, NPM_CONFIG_USERCONFIG: userConfig },
  });
  for (const lib of PUBLIC_LIBS) {
    const seen = run('npm', ['view', `@curbside/${lib}@${VERSION}`, 'version', '--registry', registry.url], { cwd: work, env: { ...process.env, NPM_CONFIG_USERCONFIG: userConfig } });
    check(`publish:libs published @curbside/${lib}@${VERSION}`, seen.trim() === VERSION, seen);
  }
  check('publish:libs leaves the working tree as it was (no manifest, changelog, commit or tag)', gitStatus() === before, gitStatus());

  const curbside = await startCurbside();
  console.log(`Curbside at ${curbside.url}`);
  const newClient = (name, customers = CUSTOMER, flags = []) =>
    JSON.parse(curbside.cli(['clients', 'create', '--name', name, '--customers', customers, ...flags, '--json']));
  const issue = (clientId, env) => JSON.parse(curbside.cli(['tokens', 'issue', '--client-id', clientId, '--json'], env)).access_token;
  // The service's own client may read both customers (its caller is granted one of them), and it checks callers'
  // tokens by introspection, which only a resource server may.
  const service = newClient('outside service', `${CUSTOMER},${OTHER_CUSTOMER}`, ['--resource-server']);
  const caller = newClient('caller of the outside service');
  const exportFile = path.join(work, 'export.json');
  writeFileSync(exportFile, curbside.cli(['export', CUSTOMER]));

  const entries = installEntries(registry, userConfig);
  const required = JSON.parse(node(['require-check.cjs'], { cwd: entries }));
  check('require loads every entry point, the roots included, with only the packages\u2019 declared dependencies', Object.keys(required).length === PUBLIC_LIBS.length + 1, JSON.stringify(required));
  check('@curbside/auth\u2019s root is the guard, and loads without Curbside\u2019s database', required['@curbside/auth'] === required['@curbside/auth/resource-server']);
  const esm = node(['esm-check.mjs'], { cwd: entries });
  check('an ES module imports every entry point by name', esm.includes('<request_tracking_id>esm</request_tracking_id>'), esm);
  for (const lib of PUBLIC_LIBS) {
    check(`@curbside/${lib} ships its API report`, existsSync(path.join(entries, `node_modules/@curbside/${lib}/${lib}.api.md`)));
  }

  const dir = installOutsideApp(registry, userConfig);
  check('the outside service installs the libs from the registry by version', existsSync(path.join(dir, 'node_modules/@curbside/auth/dist/resource-server.js')));
  const tsc = (project) => node([require.resolve('typescript/bin/tsc'), '-p', project], { cwd: dir });
  tsc('tsconfig.json');
  check('the outside service compiles with nest new\u2019s defaults (CommonJS, node10 resolution)', existsSync(path.join(dir, 'dist/main.js')));
  tsc('tsconfig.nodenext.json');
  check('and type-checks under nodenext with strict types and the libraries\u2019 own declarations checked', true);

  const port = await freePort();
  const outside = `http://127.0.0.1:${port}`;
  const serviceEnv = {
    PATH: process.env.PATH,
    PORT: String(port),
    CURBSIDE_URL: curbside.url,
    CURBSIDE_CLIENT_ID: service.client_id,
    CURBSIDE_CLIENT_SECRET: service.client_secret,
    CURBSIDE_EXPORT_FILE: exportFile,
  };
  await start('the outside service', ['dist/main.js'], { cwd: dir, env: serviceEnv }, async () => (await fetch(`${outside}/reports/whoami`)).status === 400);
  check('the outside service holds no signing key', !Object.keys(serviceEnv).some((name) => /KEY/.test(name)));

  const whoami = (token, clientId = caller.client_id) =>
    getOutside(`${outside}/reports/whoami`, { headers: { ...(token && { authorization: `Bearer ${token}` }), clientid: clientId, 'request-tracking-id': 'outside-1' } });
  const expectProblem = async (name, response, status, code) => {
    const text = await response.text();
    let body = {};
    try {
      body = JSON.parse(text);
    } catch {}
    const ok =
      response.status === status &&
      body.status === status &&
      body.error?.code === code &&
      body.request_tracking_id === 'outside-1' &&
      response.headers.get('content-type') === 'application/problem+json; charset=utf-8' &&
      (status !== 401 || response.headers.get('www-authenticate') === 'Bearer realm="curbside"');
    check(name, ok, `${response.status} ${text}`);
  };

  const token = issue(caller.client_id);
  const accepted = await whoami(token);
  check("a token Curbside's CLI issued works on the outside service's own route", accepted.status === 200 && (await accepted.json()).client_id === caller.client_id, String(accepted.status));
  await expectProblem('no token: 401 MISSING_TOKEN', await whoami(undefined), 401, 'MISSING_TOKEN');
  await expectProblem('another client named in ClientId: 401 CLIENT_ID_MISMATCH', await whoami(token, service.client_id), 401, 'CLIENT_ID_MISMATCH');

  const link = await fetch(`${curbside.url}/api/v1/customers/${CUSTOMER}/services/calendar`, {
    headers: { authorization: `Bearer ${token}`, clientid: caller.client_id, 'request-tracking-id': 'outside-feed' },
  });
  const feedToken = /\/feeds\/calendar\/([^/]+)\//.exec(JSON.stringify(await link.json()))?.[1];
  check('Curbside issued a token of another audience (a calendar feed\u2019s)', typeof feedToken === 'string', String(link.status));
  await expectProblem('a token of another audience: 401 INVALID_TOKEN', await whoami(feedToken), 401, 'INVALID_TOKEN');

  const shortLived = issue(caller.client_id, { TOKEN_TTL_SECONDS: '1' });
  await new Promise((resolve) => setTimeout(resolve, 2100));
  await expectProblem('an expired token: 401 TOKEN_EXPIRED', await whoami(shortLived), 401, 'TOKEN_EXPIRED');

  const revoked = newClient('revoked caller');
  const revokedToken = issue(revoked.client_id);
  check('a client\u2019s token works before it is revoked', (await whoami(revokedToken, revoked.client_id)).status === 200);
  curbside.cli(['clients', 'revoke', revoked.client_id]);
  await expectProblem('a revoked client\u2019s token: 401 INVALID_TOKEN, at once', await whoami(revokedToken, revoked.client_id), 401, 'INVALID_TOKEN');

  const rotation = JSON.parse(curbside.cli(['keys', 'rotate', '--json']));
  const afterRotation = issue(caller.client_id);
  check('keys rotate gave a new key', rotation.kid !== rotation.previous_kid);
  check('a token signed before keys rotate still works there', (await whoami(token)).status === 200);
  check('a token signed after keys rotate works there', (await whoami(afterRotation)).status === 200);

  // As Curbside checks them: the customer, the three headers, problems in the format asked for.
  const asCaller = (extra = {}) => ({ authorization: `Bearer ${afterRotation}`, clientid: caller.client_id, 'request-tracking-id': 'outside-1', ...extra });
  const reports = (customerId, route, headers = asCaller()) => getOutside(`${outside}/reports/customers/${customerId}/${route}`, { headers });
  const curbsideSays = (customerId, route, headers = asCaller()) => fetch(`${curbside.url}/api/v1/customers/${customerId}/${route}`, { headers });
  const notGranted = await reports(OTHER_CUSTOMER, 'profile-names');
  const notGrantedText = await notGranted.clone().text();
  await expectProblem('a customer the caller is not granted (the service\u2019s own client is): 403 CUSTOMER_NOT_GRANTED', notGranted, 403, 'CUSTOMER_NOT_GRANTED');
  const nobody = await (await reports('9999999', 'profile-names')).text();
  check('the same 403 body for a customer that does not exist', nobody === notGrantedText.replace(`/${OTHER_CUSTOMER}/`, '/9999999/'), `${nobody} vs ${notGrantedText}`);
  const ownRefusal = await (await curbsideSays(OTHER_CUSTOMER, 'profiles')).json();
  check('Curbside refuses that caller for that customer with the same code', ownRefusal.error?.code === 'CUSTOMER_NOT_GRANTED', JSON.stringify(ownRefusal));
  const { 'request-tracking-id': _dropped, ...untracked } = asCaller();
  const missingTracking = await reports(CUSTOMER, 'profile-names', untracked);
  const missingBody = await missingTracking.json().catch(() => ({}));
  check('a request without Request-Tracking-Id: 400 MISSING_TRACKING_ID, as Curbside answers it', missingTracking.status === 400 && missingBody.error?.code === 'MISSING_TRACKING_ID', `${missingTracking.status} ${JSON.stringify(missingBody)}`);
  const xmlHeaders = asCaller({ accept: 'application/xml' });
  const xmlRefusal = await reports(OTHER_CUSTOMER, 'profile-names', xmlHeaders);
  const xmlText = await xmlRefusal.text();
  const curbsideXml = await (await curbsideSays(OTHER_CUSTOMER, 'profiles', xmlHeaders)).text();
  check(
    'a refusal asked for in XML is XML: application/problem+xml, the problem Curbside writes',
    xmlRefusal.status === 403 &&
      xmlRefusal.headers.get('content-type') === 'application/problem+xml; charset=utf-8' &&
      xmlText.replace(`/reports/customers/${OTHER_CUSTOMER}/profile-names`, '') === curbsideXml.replace(`/api/v1/customers/${OTHER_CUSTOMER}/profiles`, ''),
    `${xmlText} vs ${curbsideXml}`,
  );

  for (const accept of ['application/json', 'application/xml']) {
    const headers = asCaller({ 'request-tracking-id': 'outside-codecs', accept });
    const ours = await (await curbsideSays(CUSTOMER, 'profiles', headers)).text();
    const theirs = await (await reports(CUSTOMER, 'profiles', headers)).text();
    check(`the codecs encode the profiles in ${accept} byte-equal to Curbside's API`, theirs === ours && ours.length > 100, `${theirs.slice(0, 200)} vs ${ours.slice(0, 200)}`);
  }

  const names = await (await reports(CUSTOMER, 'profile-names', asCaller({ 'request-tracking-id': 'outside-names' }))).json();
  const exported = JSON.parse(readFileSync(exportFile, 'utf8')).customers[0].profiles.map((p) => `${p.first_name} ${p.last_name}`);
  check('the outside service reads Curbside\u2019s API through @curbside/client, its XML with decodeAnswer', JSON.stringify(names.names) === JSON.stringify(exported), JSON.stringify(names));
  check('and passes its caller\u2019s tracking id on to Curbside', names.request_tracking_id === 'outside-names', JSON.stringify(names));

  const theirCalendar = await (await reports(CUSTOMER, 'pickup-calendar')).text();
  const ourCalendar = await (await curbsideSays(CUSTOMER, 'services/next-pickup', asCaller({ accept: 'text/calendar' }))).text();
  check(
    'the domain\u2019s schedule rules, fed from the API\u2019s schedules and holiday calendar, give Curbside\u2019s pickup calendar byte for byte',
    theirCalendar === ourCalendar && (ourCalendar.match(/BEGIN:VEVENT/g) ?? []).length > 5,
    `${theirCalendar.slice(0, 300)} vs ${ourCalendar.slice(0, 300)}`,
  );
  const next = await (await reports(CUSTOMER, 'next-pickups')).json();
  check(
    'Curbside\u2019s next pickups are pickup days by the rules run here, for the services the rules name',
    next.answered.length > 0 &&
      next.answered.every((entry) => entry.date === null || entry.scheduled_then) &&
      JSON.stringify(next.answered.map((entry) => entry.service_id)) === JSON.stringify(next.worked_out),
    JSON.stringify(next),
  );
}

main()
  .catch((error) => check('the outside-app test', false, error instanceof Error ? `${error.stack}${error.cause ? ` (${error.cause})` : ''}${error.stderr ? `\n${error.stderr}` : ''}` : String(error)))
  .finally(async () => {
    stopping = true;
    for (const child of started.reverse()) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => {
          const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 10_000);
          child.once('exit', () => (clearTimeout(timer), resolve()));
        });
      }
    }
    rmSync(work, { recursive: true, force: true });
    console.log(`outside-app: ${passed} passed, ${failed} failed`);
    process.exitCode = failed === 0 ? 0 : 1;
  });
