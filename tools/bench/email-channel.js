#!/usr/bin/env node
/*
 * The CPU an email costs the notifier's email channel alone (issue 33, item 3): the built
 * `EmailChannel` of this checkout and of `--compare=<checkout>` send the same emails (text, html,
 * List-Unsubscribe, as a ticket.created email) to a loopback SMTP server in its own process,
 * 200 in flight, without and with DKIM, the builds alternating in each round. Prints the CPU
 * (user + system of this process) per email of every round.
 *
 *   npm run build && node tools/bench/email-channel.js [--compare=/other/checkout] [--emails=3000] [--rounds=3]
 */
const { fork } = require('node:child_process');
const { generateKeyPairSync } = require('node:crypto');
const path = require('node:path');

const option = (name, fallback) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

/** The SMTP server, in a process of its own so that its CPU is not counted. */
function runSink() {
  const { SMTPServer } = require('smtp-server');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => callback());
    },
  });
  server.listen(0, '127.0.0.1', () => process.send(server.server.address().port));
}

const EMAILS = Number(option('emails', 3000));
const ROUNDS = Number(option('rounds', 3));
const IN_FLIGHT = 200;

const unsubscribe = 'https://notices.prairie.example/unsubscribe/7f3c2a9e-1b4d-4e8f-9a0b-123456789abc';
const delivery = (i) => ({
  address: `resident${i}@example.com`,
  subject: 'Prairie Hauling: Service ticket 1 was created',
  body: `Prairie Hauling: Service ticket 1 was created.\n\nYou get this email because you asked for service notifications.\n\nUnsubscribe from these emails: ${unsubscribe}\n`,
  html: `<!doctype html><html><body><p><strong>Service ticket 1 was created.</strong></p><p>You get this email because you asked for service notifications.</p><p>Unsubscribe from these emails: <a href="${unsubscribe}">${unsubscribe}</a></p></body></html>`,
  idempotencyKey: `bench-${i}`,
  listUnsubscribe: unsubscribe,
});

async function cpuPerEmail(url, build, dkim) {
  const channel = new build.channels.EmailChannel(url, { name: 'Prairie Hauling', address: 'notify@prairie.example' }, dkim);
  for (let i = 0; i < 50; i++) await channel.send(delivery(i)); // connections open, code warm
  const before = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < EMAILS) await channel.send(delivery(next++));
    }),
  );
  const used = process.cpuUsage(before);
  channel.close();
  return (used.user + used.system) / 1000 / EMAILS;
}

async function main() {
  const checkouts = [path.resolve(__dirname, '../..'), ...(option('compare') ? [path.resolve(option('compare'))] : [])];
  const builds = checkouts.map((checkout) => ({
    checkout,
    channels: require(path.join(checkout, 'libs/notifications/dist/lib/channels.js')),
  }));
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const dkim = { domain: 'prairie.example', selector: 'mail2026', privateKey };
  const sink = fork(__filename, ['--sink']);
  const port = await new Promise((resolve) => sink.once('message', resolve));
  const url = `smtp://127.0.0.1:${port}`;
  const results = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    for (const withDkim of [false, true]) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        const key = `| ${build.checkout} | ${withDkim ? 'yes' : 'no'} |`;
        results.set(key, [...(results.get(key) ?? []), (await cpuPerEmail(url, build, withDkim ? dkim : null)).toFixed(2)]);
      }
    }
  }
  sink.kill();
  console.log(`${EMAILS} emails a round, ${IN_FLIGHT} in flight, Node ${process.version}\n`);
  console.log('| build | DKIM | CPU ms/email, each round |\n|---|---|---|');
  for (const [key, values] of results) console.log(`${key} ${values.join(', ')} |`);
}

if (process.argv.includes('--sink')) runSink();
else void main();
