/*
 * What a bench prints and keeps: progress and notes on stderr, a Markdown table on stdout, and the
 * report as JSON in tools/bench/results/<when>-<scenario>-<driver>.json (ignored by git but the
 * samples, results/sample-*, one per scenario and driver, named by what they show).
 */
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const notes = [];
const progress = (text) => process.stderr.write(`${text}\n`);
/** A remark the report keeps (and prints now). */
function note(text) {
  notes.push(text);
  progress(`note: ${text}`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A Markdown table of `rows` (arrays of cells) under `head`; numeric columns right-aligned. */
function table(head, rows) {
  return [`| ${head.join(' | ')} |`, `|---|${head.slice(1).map(() => '---:').join('|')}|`, ...rows.map((cells) => `| ${cells.map((c) => c ?? '-').join(' | ')} |`)].join('\n');
}

/** Writes `report` (and its printed text) to results/; the file's path. */
function keep(scenario, driver, report, text) {
  const results = path.join(__dirname, '../results');
  if (!existsSync(results)) mkdirSync(results);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(results, `${stamp}-${scenario}-${driver.toLowerCase()}.json`);
  writeFileSync(file, `${JSON.stringify({ ...report, notes, text }, null, 2)}\n`);
  return file;
}

/** SQLite or PostgreSQL, from a DATABASE_URL. */
const driverOf = (databaseUrl) => (databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL');

module.exports = { notes, note, progress, median, table, keep, driverOf };
