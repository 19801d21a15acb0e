#!/usr/bin/env node
/*
 * `npm start`, the newcomer's path (after `npm run build`): bring the schema up to date,
 * load the demo sandbox into an empty database (no customers, no holidays), print a demo client
 * and a curl that works, then run the API in this process. A database that holds data of its
 * own is given nothing: the API runs on it, and the start says how to register a client.
 *
 * The banner comes last, once the API listens, so that nothing scrolls it away: it prints the
 * `export CLIENT_ID=… CLIENT_SECRET=…` line that README.md's walk-through and the SDK example use,
 * and a link to the first demo customer's own page (docs/resident-page.md).
 * Ctrl-C stops the API (without the load balancer's drain delay, unless SHUTDOWN_DRAIN_MS is set).
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
const pageUrl = demo.customers.length === 0 ? null : residentPageLink(demo.customers[0]);

// On a developer's machine nothing balances load in front of the API: Ctrl-C need not wait for a drain.
process.env.SHUTDOWN_DRAIN_MS ??= '0';
// The API runs in this process: its banner follows the API's own lines once it listens. Asked over HTTP instead, the
// readiness probe's own log line could land after the banner.
require(path.join(root, 'dist/apps/api/main.js')).started.then(() =>
  process.stdout.write(demo.customers.length === 0 ? noDemo() : demoReady(demo, pageUrl)),
);

/** A fresh link to the demo customer's own page (CONTRACT §12), as an email would carry it. */
function residentPageLink(customerId) {
  const made = spawnSync(process.execPath, [cli, 'residents', 'link', customerId, '--json'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (made.status !== 0) process.exit(made.status ?? 1);
  return JSON.parse(made.stdout).url;
}

function noDemo() {
  return `
  The database holds data of its own: no demo sandbox loaded (it goes only into an empty database).
  Register a client for it (in another terminal):
    npm run cli -- clients create --name <name> --all-customers

  OpenAPI: ${base}/docs    Stop: Ctrl-C
`;
}

function demoReady(demo, pageUrl) {
  const headers = `-H "Authorization: Bearer $TOKEN" -H "ClientId: $CLIENT_ID" -H "Request-Tracking-Id: $(node -p 'crypto.randomUUID()')"`;
  const customer = demo.customers[0];
  return `
  Curbside demo sandbox ${demo.seeded ? 'loaded' : 'ready'}: customers ${demo.customers.join(', ')}
    ClientId:      ${demo.client_id}
    Client secret: ${demo.client_secret}

  Try it (in another terminal; README.md walks through more):
    export CURBSIDE_URL=${base} CLIENT_ID=${demo.client_id} CLIENT_SECRET=${demo.client_secret}
    TOKEN=$(curl -s -X POST $CURBSIDE_URL/oauth/token -d grant_type=client_credentials -d client_id=$CLIENT_ID -d client_secret=$CLIENT_SECRET | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')
    curl -s $CURBSIDE_URL/api/v1/customers/${customer}/tickets ${headers}
    curl -s $CURBSIDE_URL/api/v1/customers/${customer}/tickets ${headers} -H "Accept: application/xml"
    curl -s $CURBSIDE_URL/api/v1/customers/${customer}/services/next-pickup ${headers}
    curl -s $CURBSIDE_URL/api/v1/customers/${customer}/services/calendar ${headers}   # calendar_url: subscribe from a calendar app

  Customer ${customer}'s own page, as a resident opens it from an email (no account; works for RESIDENT_LINK_DAYS):
    ${pageUrl}

  OpenAPI: ${base}/docs    Stop: Ctrl-C
`;
}
