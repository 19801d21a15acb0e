#!/usr/bin/env node
/*
 * Every statement the read mix sends, with its plan, its time and the pages it touched: what a million customers cost a statement, against 10,000, whatever else runs on the machine.
 *
 *   npm run bench -- hauler-plans on  --database=million_n10k       (the next sessions log every plan)
 *   BENCH_DATABASE_URL=postgres://…/million_n10k npm run bench -- --customers=10000 --existing --warm --granted=100 --seconds=5
 *   npm run bench -- hauler-plans off --database=million_n10k
 *   npm run bench -- hauler-plans read --database=million_n10k --log=/var/log/postgresql/postgresql-15-main.log [--from=<byte>]
 *
 * `on` sets auto_explain on the database (`ALTER DATABASE … SET session_preload_libraries = 'auto_explain'`,
 * every statement's plan with ANALYZE and BUFFERS, in JSON, to the server's log) for the sessions that start
 * after it: start the API after it, and run `off` when done. `read` reads the server's log (from byte
 * `--from`, or its start) and prints, for every statement of that database: calls, execution time p50 / p99
 * and max (ms, the server's), shared buffers a call (hit + read, mean, and reads from outside PostgreSQL's
 * cache), rows, and the plan's nodes (scan type and index). Needs a superuser and a log it can read.
 */
const { readFileSync } = require("node:fs");
const { Client } = require("pg");
const { flag, option } = require("../harness/args");

const command = process.argv[2];
const database = option("database");
const server = option("server", "postgres://postgres@127.0.0.1:5432/postgres");

async function alter(settings) {
  const client = new Client({ connectionString: server });
  await client.connect();
  try {
    for (const sql of settings) await client.query(sql);
  } finally {
    await client.end();
  }
}

const on = () =>
  alter([
    `ALTER DATABASE "${database}" SET session_preload_libraries = 'auto_explain'`,
    `ALTER DATABASE "${database}" SET auto_explain.log_min_duration = 0`,
    `ALTER DATABASE "${database}" SET auto_explain.log_analyze = on`,
    `ALTER DATABASE "${database}" SET auto_explain.log_buffers = on`,
    `ALTER DATABASE "${database}" SET auto_explain.log_format = 'json'`,
  ]);

const off = () =>
  alter(
    [
      "session_preload_libraries",
      "auto_explain.log_min_duration",
      "auto_explain.log_analyze",
      "auto_explain.log_buffers",
      "auto_explain.log_format",
    ].map((name) => `ALTER DATABASE "${database}" RESET ${name}`),
  );

/** The plan's nodes, depth first: `Index Scan using pk_x on x`, `Seq Scan on x`, … */
function nodes(plan, out = []) {
  const name = [
    plan["Node Type"],
    plan["Index Name"] ? `using ${plan["Index Name"]}` : "",
    plan["Relation Name"] ? `on ${plan["Relation Name"]}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  out.push(name);
  for (const child of plan.Plans ?? []) nodes(child, out);
  return out;
}

const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

function read() {
  const text = readFileSync(option("log"))
    .subarray(Number(option("from", 0)))
    .toString("utf8");
  // Entries start with the log line prefix `%m [%p] %q%u@%d `; a plan's JSON runs over the lines after.
  const entries = text.split(
    /\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \S+ \[\d+\] )/,
  );
  const statements = new Map();
  for (const entry of entries) {
    const match =
      /^\S+ \S+ \S+ \[\d+\] \S+@(\S+) LOG:\s+duration: ([\d.]+) ms\s+plan:\n([\s\S]*)$/.exec(
        entry,
      );
    if (!match || match[1] !== database) continue;
    let explained;
    try {
      explained = JSON.parse(match[3]);
    } catch {
      continue;
    }
    const query = explained["Query Text"].replace(/\s+/g, " ").trim();
    const plan = explained.Plan;
    const shape = nodes(plan).join(" > ");
    const key = `${query}\n${shape}`;
    if (!statements.has(key))
      statements.set(key, { query, shape, ms: [], hit: 0, read: 0, rows: 0 });
    const s = statements.get(key);
    s.ms.push(Number(match[2]));
    s.hit += plan["Shared Hit Blocks"] ?? 0;
    s.read += plan["Shared Read Blocks"] ?? 0;
    s.rows += plan["Actual Rows"] ?? 0;
  }
  const rows = [...statements.values()].sort(
    (a, b) => b.ms.length - a.ms.length,
  );
  const report = rows.map((s) => {
    const ms = s.ms.sort((a, b) => a - b);
    const calls = ms.length;
    return {
      calls,
      p50: quantile(ms, 0.5),
      p99: quantile(ms, 0.99),
      max: ms[ms.length - 1],
      buffers: Number(((s.hit + s.read) / calls).toFixed(1)),
      reads: Number((s.read / calls).toFixed(2)),
      rows: Number((s.rows / calls).toFixed(1)),
      shape: s.shape,
      query: s.query,
    };
  });
  if (flag("json")) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(
    "| calls | p50 ms | p99 ms | max ms | buffers a call | of which read | rows | plan | statement |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---|---|");
  for (const r of report)
    console.log(
      `| ${r.calls} | ${r.p50} | ${r.p99} | ${r.max} | ${r.buffers} | ${r.reads} | ${r.rows} | ${r.shape} | \`${r.query.slice(0, 160)}\` |`,
    );
}

async function main() {
  if (!database) throw new Error("--database=<name> is required");
  if (command === "on") return on();
  if (command === "off") return off();
  if (command === "read") return read();
  throw new Error("on, off or read");
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
