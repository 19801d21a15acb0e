#!/usr/bin/env node
/*
 * The public libs' API reports (libs/<lib>/<lib>.api.md, API Extractor): `node tools/release/api-report.js`
 * builds the libs' declarations and fails when an export changed without its report changing; with
 * `--update` it writes the reports instead (commit them with the change: a reviewer sees the API's diff).
 * `npm test` runs the check (the `release:api-report` target) after the workspace's build: both compile the libs
 * into the same folders, and two compilers writing one file at once can each read the other's half-written output.
 */
const { execFileSync } = require('node:child_process');
const { readdirSync } = require('node:fs');
const path = require('node:path');
const { Extractor, ExtractorConfig } = require('@microsoft/api-extractor');
const { PUBLIC_LIBS } = require('./public-libs');

const ROOT = path.resolve(__dirname, '../..');

/** Each entry point's config: `api-extractor.json` (the main entry) and `api-extractor.<entry>.json` (a subpath). */
function configsOf(lib) {
  const dir = path.join(ROOT, 'libs', lib);
  return readdirSync(dir)
    .filter((name) => /^api-extractor(\.[\w-]+)?\.json$/.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

function main(args) {
  const update = args.includes('--update');
  const libs = args.filter((arg) => !arg.startsWith('--'));
  const chosen = libs.length > 0 ? libs : PUBLIC_LIBS;
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', ...chosen.map((lib) => `libs/${lib}/tsconfig.lib.json`)], { cwd: ROOT, stdio: 'inherit' });
  const stale = [];
  for (const lib of chosen) {
    for (const file of configsOf(lib)) {
      const config = ExtractorConfig.loadFileAndPrepare(file);
      const findings = [];
      const result = Extractor.invoke(config, { localBuild: update, messageCallback: (message) => sortOut(message, findings) });
      const report = path.relative(ROOT, config.reportFilePath);
      if (findings.length > 0) throw new Error(`API Extractor found ${findings.length} problems in ${report}'s entry point: fix them (see above)`);
      if (result.apiReportChanged) stale.push(report);
    }
  }
  if (update) {
    console.log(stale.length > 0 ? `API reports written: ${stale.join(', ')}` : 'API reports unchanged');
  } else if (stale.length > 0) {
    console.error(`The public API changed without its report: ${stale.join(', ')}.`);
    console.error('Run `npm run api-report -- --update`, review the diff (is the change meant, and semver-minded?) and commit it.');
    process.exitCode = 1;
  } else {
    console.log(`API reports match the code: ${chosen.join(', ')}`);
  }
}

/** The compiler's and API Extractor's findings are problems; its console chatter (a report changed or created) is ours to say. */
function sortOut(message, findings) {
  if (message.category === 'console') message.handled = true;
  else if (message.logLevel === 'warning' || message.logLevel === 'error') findings.push(message);
  else message.handled = true;
}

main(process.argv.slice(2));
