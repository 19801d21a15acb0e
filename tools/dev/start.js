#!/usr/bin/env node
/*
 * `npm start`, the newcomer's path (after `npm run build`): bring the schema up to date,
 * load the demo sandbox into an empty database (no customers, no holidays), print a demo client
 * and a curl that works, then run the API in this process. A database that holds data of its
 * own is given nothing: the API runs on it, and the start says how to register a client.
 *
 * The demo client's id and secret are kept in data/demo-client.json (mode 600), beside the
 * default database (both relative to the working directory), so that a later start can print
 * them again; a real deployment registers its clients with `npm run cli -- clients create`
 * and runs `node dist/apps/api/main.js` directly.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const cli = path.join(root, 'dist/apps/admin-cli/main.js');
const credentialsFile = path.resolve('data', 'demo-client.json');
const port = process.env.PORT || '3000';
const base = `http://localhost:${port}`;

const seed = spawnSync(process.execPath, [cli, 'seed', '--demo', '--if-empty', '--credentials-file', credentialsFile, '--json'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (seed.status !== 0) process.exit(seed.status ?? 1);
const demo = JSON.parse(seed.stdout);

process.stdout.write(demo.customers.length === 0 ? noDemo() : demoReady(demo));

function noDemo() {
  return `
  The database holds data of its own: no demo sandbox loaded (it goes only into an empty database).
  Register a client for it (in another terminal):
    npm run cli -- clients create --name <name> --all-customers

  OpenAPI: ${base}/docs
`;
}

function demoReady(demo) {
  const token = `TOKEN=$(curl -s -X POST ${base}/oauth/token -d grant_type=client_credentials -d client_id=${demo.client_id} -d client_secret=${demo.client_secret} | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`;
  const headers = `-H "Authorization: Bearer $TOKEN" -H "ClientId: ${demo.client_id}" -H "Request-Tracking-Id: $(date +%s%N)"`;
  const customer = demo.customers[0];
  return `
  Curbside demo sandbox ${demo.seeded ? 'loaded' : 'ready'}: customers ${demo.customers.join(', ')}
    ClientId:      ${demo.client_id}
    Client secret: ${demo.client_secret}

  Try it (in another terminal):
    ${token}
    curl -s ${base}/api/v1/customers/${customer}/tickets ${headers}
    curl -s ${base}/api/v1/customers/${customer}/tickets ${headers} -H "Accept: application/xml"
    curl -s ${base}/api/v1/customers/${customer}/services/next-pickup ${headers}
    curl -s ${base}/api/v1/customers/${customer}/services/calendar ${headers}   # calendar_url: subscribe from a calendar app

  OpenAPI: ${base}/docs
`;
}

require(path.join(root, 'dist/apps/api/main.js'));
