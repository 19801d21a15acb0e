#!/usr/bin/env node
/*
 * Writes the API's OpenAPI document (the one served at /docs/openapi.json) to a file, for
 * integrators who generate a client from it: `npm run openapi -- [out.json]`.
 */
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { readOpenApiDocument, root } = require('./document');

const out = path.resolve(process.argv[2] ?? path.join(root, 'dist/openapi.json'));

readOpenApiDocument()
  .then((document) => {
    writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
    process.stdout.write(`OpenAPI document written to ${path.relative(process.cwd(), out)}\n`);
  })
  .catch((error) => {
    process.stderr.write(`openapi export failed: ${error.message}\n`);
    process.exit(1);
  });
