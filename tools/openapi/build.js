#!/usr/bin/env node
/*
 * `npm run build`'s last step: writes what the API serves under /docs (the OpenAPI document, Swagger UI's
 * init script and pages) beside the built API, in dist/apps/api/openapi-pages/, so that the API does not load
 * `@nestjs/swagger` nor build the document when it starts. The document is read from the built API booted on a
 * scratch SQLite file (nothing listens). Skipped when the pages are newer than every built file they come from.
 */
const { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const api = path.join(root, 'dist/apps/api');

/** The newest modification time of the JavaScript files under a directory (0 when there is none). */
function newest(directory) {
  if (!existsSync(directory)) return 0;
  let time = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.js')) time = Math.max(time, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return time;
}

async function main() {
  const { buildOpenApiPages, OPENAPI_PAGES_DIRECTORY } = require(path.join(api, 'openapi/document.js'));
  const names = ['openapi.json', 'swagger-ui-init.js', 'index.html', 'index-trailing-slash.html'];
  const sources = Math.max(
    newest(api),
    ...readdirSync(path.join(root, 'libs')).map((lib) => newest(path.join(root, 'libs', lib, 'dist'))),
    statSync(path.join(root, 'package-lock.json')).mtimeMs,
  );
  const written = names.map((name) => path.join(OPENAPI_PAGES_DIRECTORY, name));
  if (written.every((file) => existsSync(file) && statSync(file).mtimeMs > sources)) return;

  const { loadConfig } = require('@curbside/config');
  const { createApp } = require(path.join(api, 'app.js'));
  const scratch = mkdtempSync(path.join(tmpdir(), 'curbside-openapi-'));
  try {
    const app = await createApp(loadConfig({ DATABASE_URL: `sqlite:${path.join(scratch, 'db.sqlite')}`, LOG_LEVEL: 'silent' }));
    try {
      const pages = buildOpenApiPages(app);
      mkdirSync(OPENAPI_PAGES_DIRECTORY, { recursive: true });
      for (const name of names) {
        const file = path.join(OPENAPI_PAGES_DIRECTORY, name);
        writeFileSync(`${file}.tmp`, pages[name]);
        renameSync(`${file}.tmp`, file);
      }
    } finally {
      await app.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`openapi build failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
