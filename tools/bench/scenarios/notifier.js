#!/usr/bin/env node
/*
 * The notifier's scenario: emails per second that the built notifier
 * delivers to a loopback SMTP sink, on SQLite and PostgreSQL, with one notifier and (PostgreSQL)
 * two, and its peak RSS at 10,000 and 100,000 customers.
 *
 *   npm run bench -- notifier [--customers=10000,100000] [--compare=/other/checkout] [--cpu-prof] [--databases=sqlite,postgresql] [--batch-size=N] [--languages] [--smoke]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres   (PostgreSQL; else SQLite only)
 *
 * Per database and size it seeds a template once (N customers, each with one opted-in service
 * email), then per run copies it (a file copy; CREATE DATABASE ... TEMPLATE), starts the
 * notifier(s) and waits until they are ready, writes one `ticket.created` event per customer in
 * one transaction and times from its commit until every delivery is marked delivered (fan-out,
 * claim, send over SMTP, record with the email activity). The sink counts messages and distinct
 * Message-IDs (duplicates are allowed by at-least-once, lost messages fail the run). Peak RSS is
 * the notifier's VmHWM. `--compare` runs another checkout's built notifier on the same data in
 * the same minutes (before/after as a ratio). Only the first size is compared and run with two
 * notifiers; the larger sizes run once, one notifier of this checkout (their point is memory).
 * `--cpu-prof` writes the notifiers' CPU profiles and sums them. The drain under a fault is
 * scenarios/notifier-fault.js. `--languages` (CONTRACT §11) seeds the customers' languages
 * spread over the eight built-in ones and runs this checkout twice on the same data: LANGUAGES=en
 * (every email English) and LANGUAGES with all eight (each in its customer's language).
 */
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { SMTPServer } = require('smtp-server');
const { EventRepository, inTransaction, openDatabase } = require('@curbside/persistence');
const { Client } = require('pg');

const { option: argument, flag, smoke: isSmoke } = require('../harness/args');
const { judge } = require('../harness/goals');
const { freePort } = require('../harness/ports');
const { root } = require('../harness/processes');

const smoke = isSmoke();
const progress = (text) => process.stderr.write(`${text}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A loopback SMTP server that accepts everything and counts messages and distinct Message-IDs.
 * Lighter than @curbside/testing's sink, which parses every message: here the sink shares the
 * two CPUs with the notifier it measures.
 */
async function startSmtpSink() {
  const ids = new Set();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        received++;
        ids.add(/^message-id:\s*(\S+)/im.exec(head)?.[1]);
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    counts: () => ({ received, distinct: ids.size }),
    close: () => new Promise((r) => server.close(r)),
  };
}

/** SQLite: a file copied per run. PostgreSQL: a database per run, made from the template database. */
function sqliteDriver(scratch) {
  let n = 0;
  return {
    name: 'SQLite',
    templateUrl: (size) => `sqlite:${path.join(scratch, `template-${size}.db`)}`,
    async copy(templateUrl) {
      const file = path.join(scratch, `run-${++n}.db`);
      copyFileSync(templateUrl.slice('sqlite:'.length), file);
      return { url: `sqlite:${file}`, drop: async () => rmSync(file, { force: true }) };
    },
    dropTemplate: async (templateUrl) => rmSync(templateUrl.slice('sqlite:'.length), { force: true }),
    close: async () => undefined,
  };
}

async function postgresDriver(serverUrl) {
  const tag = randomBytes(3).toString('hex');
  const urlOf = (name) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  const onServer = (sql) => admin.query(sql);
  let n = 0;
  return {
    name: 'PostgreSQL',
    async templateUrl(size) {
      const name = `curbside_nbench_${tag}_t${size}`;
      await onServer(`CREATE DATABASE "${name}"`);
      return urlOf(name);
    },
    async copy(templateUrl) {
      const name = `curbside_nbench_${tag}_r${++n}`;
      await onServer(`CREATE DATABASE "${name}" TEMPLATE "${new URL(templateUrl).pathname.slice(1)}"`);
      return { url: urlOf(name), drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
    },
    dropTemplate: (templateUrl) => onServer(`DROP DATABASE IF EXISTS "${new URL(templateUrl).pathname.slice(1)}" WITH (FORCE)`),
    close: () => admin.end(),
  };
}

const customerId = (n) => String(8_000_000 + n);

/** The built-in languages (CONTRACT §11), which `--languages` spreads the customers over. */
const LANGUAGES = ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar'];

/** The schema (by the checkout's migrations) and `size` customers, each with one opted-in service email. */
async function seed(url, size) {
  const dataSource = await openDatabase(url);
  const target = (table) => dataSource.entityMetadatas.find((m) => m.tableName === table).target;
  const category = 'Service Notification';
  const tables = {
    customers: (id) => ({ id, currency: 'USD', ivrFee: null, ...(process.argv.includes('--languages') ? { language: LANGUAGES[Number(id) % LANGUAGES.length] } : {}) }),
    preference_categories: (id) => ({ customerId: id, category, position: 0, enabled: true }),
    preference_channels: (id) => ({ customerId: id, category, channel: 'Email', position: 0, optIn: true }),
    preference_selections: (id) => ({
      customerId: id, category, channel: 'Email', type: 'SEMAIL', position: 0, value: `c${id}@example.com`, optIn: true,
      createdBy: null, createdAt: null, modifiedBy: null, modifiedAt: null,
    }),
  };
  try {
    await inTransaction(dataSource, async (manager) => {
      for (const [table, row] of Object.entries(tables)) {
        for (let start = 0; start < size; start += 500) {
          const rows = Array.from({ length: Math.min(500, size - start) }, (_, i) => row(customerId(start + i)));
          await manager.createQueryBuilder().insert().into(target(table)).values(rows).execute();
        }
      }
    });
  } finally {
    await dataSource.destroy();
  }
}

function startNotifier(checkout, env, profileDir) {
  return freePort().then(async (port) => {
    const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const child = spawn(process.execPath, [...args, path.join(checkout, 'dist/apps/notifier/main.js')], {
      env: { ...env, NOTIFIER_HEALTH_PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 1200; i++) {
      if (child.exitCode !== null) throw new Error(`the notifier exited with ${child.exitCode}`);
      if (await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false)) return child;
      await sleep(50);
    }
    throw new Error('the notifier did not become ready');
  });
}

/** The process's peak resident set (VmHWM), MiB. */
const peakRss = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** CPU time (user + system) the process has used so far, ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}
const sum = (numbers) => numbers.reduce((a, b) => a + b, 0);

/** One timed drain: `workers` notifiers of `checkout` against a copy of the template. */
async function drain(driver, templateUrl, size, checkout, workers, profileDir, buildEnv = {}) {
  const database = await driver.copy(templateUrl);
  const smtp = await startSmtpSink();
  const dataSource = await openDatabase(database.url);
  const children = [];
  try {
    const env = {
      PATH: process.env.PATH,
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'error',
      NOTIFIER_CUSTOMER_HOURLY_CAP: '1000000',
      ...(argument('batch-size') ? { NOTIFIER_BATCH_SIZE: argument('batch-size') } : {}),
      ...buildEnv,
    };
    for (let w = 0; w < workers; w++) children.push(await startNotifier(checkout, env, profileDir));
    const events = Array.from({ length: size }, (_, n) => ({
      customerId: customerId(n),
      type: 'ticket.created',
      payload: { ticketId: String(100_000_000 + n), status: 'OPEN' },
    }));
    const cpuBefore = sum(children.map((child) => cpuMs(child.pid)));
    await inTransaction(dataSource, (manager) => new EventRepository(dataSource).append(manager, events));
    const started = process.hrtime.bigint();
    const deadline = Date.now() + Math.max(300_000, size * 60);
    for (;;) {
      const [{ count }] = await dataSource.query(`SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "state" = 'delivered'`);
      if (Number(count) >= size) break;
      if (Date.now() > deadline) throw new Error(`${count} of ${size} delivered in time`);
      await sleep(100);
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpuPerEmail = (sum(children.map((child) => cpuMs(child.pid))) - cpuBefore) / size;
    const rss = children.map((child) => peakRss(child.pid));
    const [{ count: shares }] = await dataSource.query(`SELECT COUNT(DISTINCT "claimed_by") AS "count" FROM "deliveries"`);
    const [{ count: activities }] = await dataSource.query(`SELECT COUNT(*) AS "count" FROM "email_activities"`);
    const { received, distinct } = smtp.counts();
    if (distinct !== size || Number(activities) !== size) {
      throw new Error(`${distinct} distinct emails and ${activities} activities for ${size} deliveries`);
    }
    return { seconds, perSecond: size / seconds, cpuPerEmail, rss: Math.max(...rss), received, shares: Number(shares) };
  } finally {
    for (const child of children) {
      if (child.exitCode === null) child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    }
    await dataSource.destroy();
    await smtp.close();
    await database.drop();
  }
}

/** The package a profile's script URL belongs to: a node_modules package, Node itself, or Curbside. */
function ownerOf(url) {
  const local = url.replace('file://', '');
  if (url === '' || local.startsWith('node:')) return 'node';
  if (!local.includes('node_modules/')) return 'curbside';
  return /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(local.slice(local.lastIndexOf('node_modules/')))[1];
}

/** Self time by package and by function over the profiles in `dir`, in percent of the busy (not idle) samples. */
function summarizeProfiles(dir) {
  const byFunction = new Map();
  const byPackage = new Map();
  const inclusive = new Map();
  const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  let busy = 0;
  let all = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const { nodes, samples } = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const byId = new Map(nodes.map((node) => [node.id, node.callFrame]));
    const parentOf = new Map(nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
    for (const id of samples) {
      all++;
      const { functionName, url, lineNumber } = byId.get(id);
      const owners = new Set();
      for (let at = parentOf.get(id); at !== undefined; at = parentOf.get(at)) owners.add(ownerOf(byId.get(at).url));
      if (functionName !== '(idle)' && functionName !== '(program)') for (const owner of owners) add(inclusive, owner);
      if (functionName === '(idle)' || functionName === '(program)') continue;
      busy++;
      const local = url.replace('file://', '');
      const where = local.includes('node_modules/') ? local.replace(/.*node_modules\//, '') : path.relative(root, local);
      add(byFunction, `${functionName || '(anonymous)'}${url ? ` ${where}:${lineNumber + 1}` : ''}`);
      add(byPackage, url === '' ? `(${functionName})` : ownerOf(url));
    }
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `| ${k} | ${((100 * v) / busy).toFixed(1)} |`);
  return [`busy in ${((100 * busy) / all).toFixed(0)} % of the samples`, '', '| package (self) | % |', '|---|---:|', ...top(byPackage, 12), '', '| package (inclusive: on the stack) | % |', '|---|---:|', ...top(inclusive, 12), '', '| function (self) | % |', '|---|---:|', ...top(byFunction, 25)].join('\n');
}

async function main() {
  const sizes = (argument('customers') ?? (smoke ? '300' : '10000,100000')).split(',').map(Number);
  const compare = argument('compare');
  const cpuProf = flag('cpu-prof');
  const scratch = mkdtempSync(path.join(tmpdir(), 'curbside-notifier-bench-'));
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? (process.env.BENCH_DATABASE_URL?.startsWith('postgres') ? process.env.BENCH_DATABASE_URL : null);
  const wanted = (name) => !argument('databases') || argument('databases').split(',').includes(name);
  const drivers = [
    ...(wanted('sqlite') ? [sqliteDriver(scratch)] : []),
    ...(postgresUrl && !smoke && wanted('postgresql') ? [await postgresDriver(postgresUrl)] : []),
  ];
  const builds = process.argv.includes('--languages')
    ? [
        { name: 'English only', checkout: root, env: { LANGUAGES: 'en' } },
        { name: '8 languages', checkout: root, env: { LANGUAGES: LANGUAGES.join(',') } },
      ]
    : [{ name: 'this checkout', checkout: root }, ...(compare ? [{ name: path.basename(compare), checkout: path.resolve(compare) }] : [])];
  const rows = [];
  try {
    for (const driver of drivers) {
      for (const [index, size] of sizes.entries()) {
        progress(`notifier bench: seeding ${size} customers on ${driver.name}`);
        const templateUrl = await driver.templateUrl(size);
        await seed(templateUrl, size);
        try {
          const compared = index === 0 ? builds : builds.slice(0, 1);
          for (const workers of driver.name === 'PostgreSQL' && index === 0 ? [1, 2] : [1]) {
            for (const build of compared) {
              const profileDir = cpuProf ? path.join(scratch, `prof-${rows.length}`) : null;
              if (profileDir) mkdirSync(profileDir);
              progress(`notifier bench: ${driver.name}, ${size} customers, ${workers} notifier(s), ${build.name}`);
              const result = await drain(driver, templateUrl, size, build.checkout, workers, profileDir, build.env);
              rows.push({ database: driver.name, size, workers, build: build.name, ...result });
              progress(`  ${result.perSecond.toFixed(0)} emails/s, ${result.cpuPerEmail.toFixed(2)} CPU ms/email, peak RSS ${result.rss.toFixed(0)} MiB`);
              if (profileDir) process.stdout.write(`\nCPU profile: ${driver.name}, ${size} customers, ${workers} notifier(s), ${build.name}\n\n${summarizeProfiles(profileDir)}\n`);
            }
          }
        } finally {
          await driver.dropTemplate(templateUrl);
        }
      }
    }
  } finally {
    for (const driver of drivers) await driver.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  process.stdout.write(`\n${markdown(rows)}\n`);
  judge('notifier', figures(rows), { smoke });
  return rows;
}

/** One notifier's emails per CPU second (a free core's ceiling) and two notifiers' emails/s over one's. */
function figures(rows) {
  const mine = rows.filter((r) => r.build === 'this checkout');
  return mine.flatMap((row) => {
    const one = mine.find((r) => r.database === row.database && r.size === row.size && r.workers === 1);
    const name = `${row.database}, ${row.size} customers, ${row.workers} notifiers`.replace('1 notifiers', '1 notifier');
    return row.workers === 1 ? [{ row: name, figure: 'emails/s', value: Math.round(1000 / row.cpuPerEmail) }] : [{ row: name, figure: 'two/one', value: Number((row.perSecond / one.perSecond).toFixed(2)) }];
  });
}

function markdown(rows) {
  const one = (row) => rows.find((r) => r.database === row.database && r.size === row.size && r.build === row.build && r.workers === 1);
  const lines = [
    `Node ${process.version}; one ticket.created event per customer, one email each; loopback SMTP sink`,
    '',
    '| database | customers | notifiers | build | seconds | emails/s | vs 1 notifier | notifier CPU ms/email | peak RSS MiB | emails received | notifiers that delivered |',
    '|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) =>
      `| ${row.database} | ${row.size} | ${row.workers} | ${row.build} | ${row.seconds.toFixed(1)} | ${row.perSecond.toFixed(0)} | ` +
      `${row.workers === 1 ? '-' : (row.perSecond / one(row).perSecond).toFixed(2)} | ${row.cpuPerEmail.toFixed(2)} | ${row.rss.toFixed(0)} | ${row.received} | ${row.shares} |`,
    ),
  ];
  const mine = rows.filter((r) => r.build === 'this checkout' && r.workers === 1);
  for (const database of new Set(mine.map((r) => r.database))) {
    const [small, large] = [mine.filter((r) => r.database === database)].map((of) => [of[0], of[of.length - 1]])[0];
    if (small !== large) lines.push('', `${database}: peak RSS at ${large.size} over ${small.size} customers: ${(large.rss / small.rss).toFixed(2)}`);
  }
  return lines.join('\n');
}

module.exports = { customerId, seed, startNotifier, startSmtpSink };

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`notifier bench failed: ${error.stack}\n`);
    process.exit(1);
  });
}
