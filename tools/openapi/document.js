/*
 * The API's OpenAPI document (the one served at /docs/openapi.json), read from the built API
 * booted on a scratch SQLite file; nothing listens. Needs `npm run build` first.
 */
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

async function readOpenApiDocument() {
  const { loadConfig } = require('@curbside/config');
  const { createApp } = require(path.join(root, 'dist/apps/api/app.js'));
  const scratch = mkdtempSync(path.join(tmpdir(), 'curbside-openapi-'));
  const app = await createApp(loadConfig({ DATABASE_URL: `sqlite:${path.join(scratch, 'db.sqlite')}`, LOG_LEVEL: 'silent' }));
  try {
    const response = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/docs/openapi.json' });
    return JSON.parse(response.body);
  } finally {
    await app.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

module.exports = { readOpenApiDocument, root };
