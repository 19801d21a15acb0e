#!/usr/bin/env node
/*
 * Writes the API's OpenAPI document (the one served at /docs/openapi.json) to a file, for
 * integrators who generate a client from it: `npm run openapi -- [out.json]`.
 * It boots the built API on a scratch SQLite file; nothing listens.
 */
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'dist/openapi.json'));

async function main() {
  const { loadConfig } = require('@curbside/config');
  const { createApp } = require(path.join(root, 'dist/apps/api/app.js'));
  const scratch = mkdtempSync(path.join(tmpdir(), 'curbside-openapi-'));
  const app = await createApp(loadConfig({ DATABASE_URL: `sqlite:${path.join(scratch, 'db.sqlite')}`, LOG_LEVEL: 'silent' }));
  try {
    const response = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/docs/openapi.json' });
    writeFileSync(out, `${JSON.stringify(JSON.parse(response.body), null, 2)}\n`);
    process.stdout.write(`OpenAPI document written to ${path.relative(process.cwd(), out)}\n`);
  } finally {
    await app.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`openapi export failed: ${error.message}\n`);
  process.exit(1);
});
