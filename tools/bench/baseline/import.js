#!/usr/bin/env node
/*
 * The import baseline: the service tickets of an import file written straight into the same
 * tables (customers, service_tickets, service_ticket_services) as batched multi-row INSERTs in
 * one transaction, with better-sqlite3 or pg. No validation beyond what the file's shape needs.
 *
 *   DATABASE_URL=... node import.js <file> <customer id to write them under>
 */
const { readFileSync } = require('node:fs');

const PARAMETERS_PER_STATEMENT = 30_000;
const TICKET_COLUMNS = ['customer_id', 'id', 'status', 'load_type', 'load_description', 'created_at', 'created_by', 'closed_at', 'closed_by', 'dispatched_at', 'generated', 'complaint', 'comments', 'completion_code', 'completed_description', 'requested_by', 'logged_at'];
const LINE_COLUMNS = ['customer_id', 'ticket_id', 'position', 'code', 'description', 'quantity', 'cost', 'special_description'];

const orNull = (value) => (value === undefined || value === 'null' ? null : value);
/** `MM/dd/yy HH:mm:ss` as stored: `yyyy-MM-ddTHH:mm:ss.000`. */
const storedTime = (value) => (orNull(value) === null ? null : `20${value.slice(6, 8)}-${value.slice(0, 2)}-${value.slice(3, 5)}T${value.slice(9)}.000`);

function rowsOf(customerId, tickets, flag) {
  const ticketRows = [];
  const lineRows = [];
  for (const t of tickets) {
    ticketRows.push([customerId, t.id, t.status, orNull(t.load_type), orNull(t.load_description), storedTime(t.created_date_time), orNull(t.created_by), storedTime(t.closed_date_time), orNull(t.closed_by), storedTime(t.dispatch_date_time), flag(t.generate_ticket), flag(t.complaint), orNull(t.comments), orNull(t.completion_code), orNull(t.completed_description), orNull(t.requested_by), storedTime(t.audit_info?.logged_date_time)]);
    (t.services_info ?? []).forEach((line, position) => lineRows.push([customerId, t.id, position, line.code, orNull(line.description), orNull(line.quantity), orNull(line.cost), orNull(line.special_description)]));
  }
  return { ticketRows, lineRows };
}

function* batches(table, columns, rows, placeholder) {
  const perStatement = Math.floor(PARAMETERS_PER_STATEMENT / columns.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const part = rows.slice(start, start + perStatement);
    let n = 0;
    const values = part.map(() => `(${columns.map(() => placeholder(++n)).join(', ')})`).join(', ');
    yield { sql: `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${values}`, params: part.flat() };
  }
}

async function main() {
  const [file, customerId] = process.argv.slice(2);
  const { customers } = JSON.parse(readFileSync(file, 'utf8'));
  const tickets = customers.flatMap((customer) => customer.tickets ?? []);
  const url = process.env.DATABASE_URL;
  if (url.startsWith('sqlite:')) {
    const db = require('./sqlite').openSqlite(url.slice('sqlite:'.length), { fileMustExist: true });
    const { ticketRows, lineRows } = rowsOf(customerId, tickets, (value) => (orNull(value) === null ? null : value === 'Y' ? 1 : 0));
    const statements = new Map();
    const run = ({ sql, params }) => {
      if (!statements.has(sql)) statements.set(sql, db.prepare(sql));
      statements.get(sql).run(...params);
    };
    db.transaction(() => {
      run({ sql: 'DELETE FROM "customers" WHERE "id" = ?', params: [customerId] }); // a rerun on the same database
      run({ sql: 'INSERT INTO "customers" ("id", "currency", "ivr_fee") VALUES (?, ?, ?)', params: [customerId, 'USD', '0.0'] });
      for (const batch of batches('service_tickets', TICKET_COLUMNS, ticketRows, () => '?')) run(batch);
      for (const batch of batches('service_ticket_services', LINE_COLUMNS, lineRows, () => '?')) run(batch);
    })();
    db.close();
    return;
  }
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  const { ticketRows, lineRows } = rowsOf(customerId, tickets, (value) => (orNull(value) === null ? null : value === 'Y'));
  try {
    await client.query('BEGIN');
    await client.query('DELETE FROM "customers" WHERE "id" = $1', [customerId]);
    await client.query('INSERT INTO "customers" ("id", "currency", "ivr_fee") VALUES ($1, $2, $3)', [customerId, 'USD', '0.0']);
    for (const { sql, params } of batches('service_tickets', TICKET_COLUMNS, ticketRows, (n) => `$${n}`)) await client.query(sql, params);
    for (const { sql, params } of batches('service_ticket_services', LINE_COLUMNS, lineRows, (n) => `$${n}`)) await client.query(sql, params);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  process.stderr.write(`raw import failed: ${error.message}\n`);
  process.exit(1);
});
