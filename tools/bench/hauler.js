/*
 * A hauler-sized import file (issue 21): N customers, each with what an operator's customer has —
 * contacts, communication preferences, 1–3 services with schedules and operations (and their
 * pickups), about 20 service tickets, 1–3 disposal tickets, 12 invoices and the balances, cases,
 * email and issue activities, profiles and notes. The records are the demo sandbox's
 * (`@curbside/demo`, built), taken as templates and varied by a seeded generator, so the same
 * seed always writes the same file. Written customer by customer to a file descriptor: nothing
 * N-sized is held in memory, whatever N.
 */
const { closeSync, openSync, writeSync } = require('node:fs');
const { buildDemoImportFile } = require('@curbside/demo');

/** The demo sandbox on a fixed day, so the templates (and the file) do not depend on when it runs. */
const DEMO_DAY = new Date(2026, 10, 20);
/** The first generated customer id; customer n is FIRST_CUSTOMER_ID + n. */
const FIRST_CUSTOMER_ID = 30_000_000;

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n) => String(n).padStart(2, '0');
const between = (next, low, high) => low + Math.floor(next() * (high - low + 1));

/** `MM/dd/yy HH:mm:ss`, `hours` before the demo day's 08:00:17 (service tickets). */
function ticketTime(hours) {
  const d = new Date(Date.UTC(2026, 10, 20, 8, 0, 17) - hours * 3_600_000);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${pad(d.getUTCFullYear() % 100)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `yyyy-MM-dd` of the 15th, `months` before November 2026 (invoices). */
function invoiceDate(months) {
  const d = new Date(Date.UTC(2026, 10 - months, 15));
  return d.toISOString().slice(0, 10);
}

const copy = (record) => JSON.parse(JSON.stringify(record));

/** About 20 service tickets (15–25), the template's varied: new ids, spread over the last months. */
function tickets(template, next) {
  return Array.from({ length: between(next, 15, 25) }, (_, i) => {
    const ticket = copy(template.tickets[i % template.tickets.length]);
    ticket.id = String(5_000_001 + i);
    ticket.created_date_time = ticketTime(i * 61 + between(next, 0, 48));
    return ticket;
  });
}

/** Twelve monthly invoices, the template's varied: new ids, dates and amounts. */
function invoices(template, next) {
  return Array.from({ length: 12 }, (_, i) => {
    const invoice = copy(template.invoices[i % template.invoices.length]);
    const amount = (between(next, 4_000, 60_000) / 100).toFixed(2);
    invoice.id = String(70_000_001 + i);
    invoice.date = invoiceDate(i);
    invoice.amount = amount;
    invoice.balance_amount = i === 0 ? amount : '0.00';
    for (const line of invoice.lines ?? []) line.id = invoice.id;
    return invoice;
  });
}

/**
 * The lists a customer of each profile keeps, and how many records of each: `history` is two years of
 * an account (about 73 records, 45 KiB), `recent` what a nightly sync of the accounts carries — the
 * customer, its contacts, preferences, services and pickups, with the last weeks' activity only
 * (2 tickets, 1 disposal ticket, 2 invoices, 1 case, no notes or activities; about 25 records).
 */
const PROFILES = {
  history: (list) => list,
  recent: (list, name) => ({ tickets: 2, disposal_tickets: 1, invoices: 2, cases: 1 })[name] ?? (KEPT_RECENT.has(name) ? list.length : 0),
};
const KEPT_RECENT = new Set(['contacts', 'communication_preferences', 'services', 'pickups', 'balances', 'profiles']);

/** Customer number `n` of the file, from one of the demo's customers, with the lists its `profile` keeps. */
function customer(n, templates, seed, profile = 'history') {
  const next = random(seed * 1_000_003 + n);
  const template = templates[n % templates.length];
  const services = template.services.slice(0, between(next, 1, 3));
  const serviceIds = new Set(services.map((s) => s.id));
  const record = {
    ...template,
    id: String(FIRST_CUSTOMER_ID + n),
    services,
    tickets: tickets(template, next),
    disposal_tickets: template.disposal_tickets.slice(0, between(next, 1, 3)),
    invoices: invoices(template, next),
    pickups: template.pickups.filter((pickup) => serviceIds.has(pickup.id)).slice(0, 10),
  };
  if (profile === 'history') return record;
  const keep = PROFILES[profile];
  if (keep === undefined) throw new Error(`unknown profile ${profile} (history or recent)`);
  for (const [name, list] of Object.entries(record)) if (Array.isArray(list)) record[name] = list.slice(0, keep(list, name));
  return record;
}

/** Records per list of `customer`, added to `counts`. */
function count(counts, record) {
  for (const [list, value] of Object.entries(record)) if (Array.isArray(value)) counts[list] = (counts[list] ?? 0) + value.length;
}

/**
 * Writes an import file of `customers` customers to `file`, one customer at a time: customers
 * `from` to `from + customers - 1` (a part of a bigger run), each of `profile`. Returns the records
 * per list (`{ tickets: 200123, … }`); nothing N-sized is kept.
 */
function writeHaulerFile(file, customers, seed = 21, { from = 0, profile = 'history' } = {}) {
  const { customers: templates, holidays } = buildDemoImportFile(DEMO_DAY);
  const counts = {};
  const fd = openSync(file, 'w');
  try {
    const pending = [];
    let size = 0;
    const write = (text) => {
      pending.push(text);
      size += text.length;
      if (size < 1 << 20) return;
      writeSync(fd, pending.splice(0).join(''));
      size = 0;
    };
    write('{"customers":[');
    for (let n = from; n < from + customers; n++) {
      const record = customer(n, templates, seed, profile);
      count(counts, record);
      write((n === from ? '' : ',') + JSON.stringify(record));
    }
    write(`],"holidays":${JSON.stringify(holidays)}}`);
    writeSync(fd, pending.join(''));
  } finally {
    closeSync(fd);
  }
  return counts;
}

const customerId = (n) => String(FIRST_CUSTOMER_ID + n);

module.exports = { writeHaulerFile, customerId, random, customer, DEMO_DAY, PROFILES };
