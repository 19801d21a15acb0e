#!/usr/bin/env node
/*
 * Prints, as JSON, what `curbside <words> --help` prints for every command and subcommand of the
 * built CLI, read from one instance of it (one process, where a `--help` per command started ~30).
 * Run by cli-reference.js with stdout piped, as the CLI's own help would be: commander wraps at 80
 * columns when stdout is not a terminal.
 */
require('reflect-metadata');
const path = require('node:path');
const { loadConfig } = require('@curbside/config');
const { createCliApp, helpTexts } = require(path.resolve(__dirname, '../../dist/apps/admin-cli/cli-app.js'));

async function main() {
  const app = await createCliApp(loadConfig(), (error) => {
    throw error;
  });
  try {
    process.stdout.write(JSON.stringify(helpTexts(app)));
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
