#!/usr/bin/env node
/*
 * The bench's baseline: the three benched operations written the way someone
 * would who has the interface (docs/interface.md, docs/contract.md) and the database's tables,
 * and has never read Curbside's code. It requires nothing from libs/, dist/ or the other
 * baselines: Fastify, better-sqlite3 or `pg`, jose and node:crypto. Its own SQL, its own
 * mapping (object literals, JSON.stringify), its own ETag (SHA-256 of the body), its own cursor,
 * and its own token, client and grant check. The bench holds its bodies to Curbside's, byte for
 * byte, before it times anything.
 *
 * KEEP_VERIFIED_TOKENS=1 makes it "the limit": a token verified once is kept (until it expires), as
 * Curbside keeps them, so a request pays no signature check; everything else stays per request
 * (the client's revocation, its grant and the customer are read on every request, one statement).
 * It is the least a server doing the same checks, the same SQL and the same bytes can cost.
 *
 *   DATABASE_URL=sqlite:<file>|postgres://... TOKEN_SIGNING_KEY=... PORT=... [LIST_MAX_ITEMS=5000] [KEEP_VERIFIED_TOKENS=1] node independent-server.js
 */
const { createHash, createHmac, timingSafeEqual } = require('node:crypto');

const url = process.env.DATABASE_URL;
const postgres = !url.startsWith('sqlite:');
const MAX_ITEMS = Number(process.env.LIST_MAX_ITEMS ?? 5000);
const DIGITS = /^\d{1,18}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const KEEP_VERIFIED_TOKENS = process.env.KEEP_VERIFIED_TOKENS === '1';
/** How many verified tokens the limit keeps; when full it starts again empty. */
const KEPT_TOKENS_MAX = 10_000;

// --- the database: `query(sql, values)` with `?` placeholders on both -------------------------

function openQuery() {
  if (postgres) {
    const { Pool } = require('pg');
    const pool = new Pool({ connectionString: url, max: 10 });
    const texts = new Map();
    return async (sql, values) => {
      let text = texts.get(sql);
      if (text === undefined) {
        let n = 0;
        texts.set(sql, (text = sql.replace(/\?/g, () => `$${++n}`)));
      }
      return (await pool.query(text, values)).rows;
    };
  }
  // better-sqlite3 13 needs Node 22 or later; on Node 20 the repository installs 12 under another name.
  const Database = require(Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');
  const db = new Database(url.slice('sqlite:'.length), { fileMustExist: true });
  db.pragma('journal_mode = WAL');
  const statements = new Map();
  return async (sql, values) => {
    let statement = statements.get(sql);
    if (statement === undefined) statements.set(sql, (statement = db.prepare(sql)));
    return statement.all(...values);
  };
}

// --- the wire's values --------------------------------------------------------------------------

const text = (value) => (value === null || value === undefined ? 'null' : value);
const yesNo = (value) => (value === null || value === undefined ? 'null' : value === true || value === 1 ? 'Y' : 'N');
/** Stored `2024-03-14T08:05:09.000` as the service tickets' `03/14/24 08:05:09`. */
const ticketTime = (stored) =>
  stored === null || stored === undefined ? 'null' : `${stored.slice(5, 7)}/${stored.slice(8, 10)}/${stored.slice(2, 4)} ${stored.slice(11, 19)}`;

/** The day after `yyyy-MM-dd`, for an inclusive `toDate`. */
function nextDay(day) {
  const [, y, m, d] = DAY.exec(day);
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + 1));
  return date.toISOString().slice(0, 10);
}

// --- requests -----------------------------------------------------------------------------------

class Answer extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The client (by its id), its grant of the customer, and the customer, in one statement. */
const CLIENT = `SELECT c.revoked_at, c.all_customers, g.customer_id AS granted, k.currency
  FROM api_clients c
  LEFT JOIN api_client_customers g ON g.client_id = c.client_id AND g.customer_id = ?
  LEFT JOIN customers k ON k.id = ?
  WHERE c.client_id = ?`;

async function main() {
  const { jwtVerify } = await import('jose');
  const query = openQuery();
  const key = new TextEncoder().encode(process.env.TOKEN_SIGNING_KEY);
  const cursorKey = createHmac('sha256', 'independent baseline cursors').update(process.env.TOKEN_SIGNING_KEY).digest();

  /** The payload of a valid token, from the kept ones when KEEP_VERIFIED_TOKENS (until it expires). */
  const keptTokens = new Map();
  async function verified(token) {
    const kept = KEEP_VERIFIED_TOKENS ? keptTokens.get(token) : undefined;
    if (kept !== undefined && (kept.exp === undefined || kept.exp * 1000 > Date.now())) return kept;
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: 'curbside', audience: 'curbside-api' }));
    } catch {
      throw new Answer(401, 'unauthorized');
    }
    if (KEEP_VERIFIED_TOKENS) {
      if (keptTokens.size >= KEPT_TOKENS_MAX) keptTokens.clear();
      keptTokens.set(token, payload);
    }
    return payload;
  }

  /** The token, the client it was issued to, its grant of the customer; the customer's currency. */
  async function customer(request) {
    if (request.headers['request-tracking-id'] === undefined) throw new Answer(400, 'Request-Tracking-Id is required');
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined) throw new Answer(401, 'unauthorized');
    const payload = await verified(token);
    const clientId = request.headers.clientid;
    if (typeof payload.client_id !== 'string' || payload.client_id !== clientId) throw new Answer(401, 'unauthorized');
    const customerId = request.params.customerId;
    if (!DIGITS.test(customerId)) throw new Answer(400, 'customerId');
    const [row] = await query(CLIENT, [customerId, customerId, clientId]);
    if (row === undefined || row.revoked_at !== null) throw new Answer(401, 'unauthorized');
    if (!(row.all_customers === true || row.all_customers === 1) && row.granted === null) throw new Answer(403, 'forbidden');
    if (row.currency === null) throw new Answer(404, 'customer not found');
    return { id: customerId, currency: row.currency };
  }

  /** `limit`, `cursor`, `fromDate`, `toDate` of a list request. */
  function listParameters(request) {
    const { limit, cursor, fromDate, toDate } = request.query;
    const size = limit === undefined ? MAX_ITEMS : Number(limit);
    if (!Number.isInteger(size) || size < 1 || (limit !== undefined && size > 1000)) throw new Answer(400, 'limit');
    for (const day of [fromDate, toDate]) if (day !== undefined && !DAY.test(day)) throw new Answer(400, 'date');
    return { size, after: cursor === undefined ? null : openCursor(cursor), from: fromDate ?? null, before: toDate === undefined ? null : nextDay(toDate) };
  }

  const sign = (data) => createHmac('sha256', cursorKey).update(data).digest('base64url');
  function openCursor(cursor) {
    const [data, signature] = cursor.split('.');
    const expected = Buffer.from(sign(data ?? ''));
    if (signature === undefined || expected.length !== Buffer.byteLength(signature) || !timingSafeEqual(expected, Buffer.from(signature))) throw new Answer(400, 'cursor');
    return JSON.parse(Buffer.from(data, 'base64url').toString());
  }
  function linkAfter(request, reply, date, id) {
    const data = Buffer.from(JSON.stringify([date, id])).toString('base64url');
    const next = new URL(request.url, 'http://local');
    next.searchParams.set('cursor', `${data}.${sign(data)}`);
    reply.header('Link', `<${next.pathname}${next.search}>; rel="next"`);
  }

  /** The conditions of a date column and its tie-breaking id, newest first (ids compared as numbers). */
  function window(dateColumn, params, values) {
    let sql = '';
    if (params.from !== null) {
      sql += ` AND ${dateColumn} >= ?`;
      values.push(params.from);
    }
    if (params.before !== null) {
      sql += ` AND ${dateColumn} < ?`;
      values.push(params.before);
    }
    if (params.after !== null) {
      const [date, id] = params.after;
      sql += ` AND (${dateColumn} < ? OR (${dateColumn} = ? AND (LENGTH(id) < ? OR (LENGTH(id) = ? AND id < ?))))`;
      values.push(date, date, id.length, id.length, id);
    }
    return sql;
  }

  function send(reply, request, body) {
    const json = JSON.stringify(body);
    const etag = `"${createHash('sha256').update(json).digest('base64url')}"`;
    reply.header('Request-Tracking-Id', request.headers['request-tracking-id']).header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.header('Content-Type', 'application/json; charset=utf-8').send(json);
  }

  const app = require('fastify')({ logger: false });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof Answer) return reply.code(error.status).send({ error: { code: error.status, message: error.message } });
    process.stderr.write(`${error.stack}\n`);
    return reply.code(500).send({ error: { code: 500, message: 'internal error' } });
  });

  // Op 1: the customer's service tickets, newest first, each with its services' codes in order.
  app.get('/api/v1/customers/:customerId/tickets', async (request, reply) => {
    const { id } = await customer(request);
    const params = listParameters(request);
    const values = [id];
    const where = window('created_at', params, values);
    values.push(params.size + 1);
    const rows = await query(
      `SELECT p.id, p.status, p.load_type, p.load_description, p.created_at, p.dispatched_at, s.code
       FROM (SELECT id, status, load_type, load_description, created_at, dispatched_at FROM service_tickets
             WHERE customer_id = ?${where} ORDER BY created_at DESC, LENGTH(id) DESC, id DESC LIMIT ?) p
       LEFT JOIN service_ticket_services s ON s.customer_id = ? AND s.ticket_id = p.id
       ORDER BY p.created_at DESC, LENGTH(p.id) DESC, p.id DESC, s.position`,
      [...values, id],
    );
    const tickets = [];
    let last = null;
    for (const row of rows) {
      if (last === null || last.row.id !== row.id) {
        last = {
          row,
          ticket: {
            id: row.id,
            status: row.status,
            load_type: text(row.load_type),
            load_description: text(row.load_description),
            created_date_time: ticketTime(row.created_at),
            dispatch_date_time: ticketTime(row.dispatched_at),
            services_info: [],
          },
        };
        tickets.push(last.ticket);
      }
      if (row.code !== null) last.ticket.services_info.push({ code: row.code });
    }
    if (tickets.length > params.size) {
      tickets.pop();
      const end = tickets[tickets.length - 1];
      const endRow = rows.find((row) => row.id === end.id);
      linkAfter(request, reply, endRow.created_at, endRow.id);
    }
    return send(reply, request, { request_tracking_id: request.headers['request-tracking-id'], tickets });
  });

  // Op 2: one service ticket with its services.
  app.get('/api/v1/customers/:customerId/tickets/:ticketId', async (request, reply) => {
    const { id } = await customer(request);
    const ticketId = request.params.ticketId;
    if (!DIGITS.test(ticketId)) throw new Answer(400, 'ticketId');
    const [ticket] = await query('SELECT * FROM service_tickets WHERE customer_id = ? AND id = ?', [id, ticketId]);
    if (ticket === undefined) throw new Answer(404, 'ticket not found');
    const services = await query('SELECT code, description, quantity, cost, special_description FROM service_ticket_services WHERE customer_id = ? AND ticket_id = ? ORDER BY position', [id, ticketId]);
    return send(reply, request, {
      request_tracking_id: request.headers['request-tracking-id'],
      tickets: [
        {
          id: ticket.id,
          status: ticket.status,
          load_type: text(ticket.load_type),
          load_description: text(ticket.load_description),
          created_date_time: ticketTime(ticket.created_at),
          created_by: text(ticket.created_by),
          closed_date_time: ticketTime(ticket.closed_at),
          closed_by: text(ticket.closed_by),
          dispatch_date_time: ticketTime(ticket.dispatched_at),
          generate_ticket: yesNo(ticket.generated),
          complaint: yesNo(ticket.complaint),
          comments: text(ticket.comments),
          completion_code: text(ticket.completion_code),
          completed_description: text(ticket.completed_description),
          requested_by: text(ticket.requested_by),
          audit_info: { logged_date_time: ticketTime(ticket.logged_at) },
          services_info: services.map((s) => ({
            code: s.code,
            description: text(s.description),
            quantity: text(s.quantity),
            cost: text(s.cost),
            special_description: text(s.special_description),
          })),
        },
      ],
    });
  });

  // Op 5: the invoices, newest first, with the account's balances.
  app.get('/api/v2/customers/:customerId/invoices', async (request, reply) => {
    const { id, currency } = await customer(request);
    const params = listParameters(request);
    const values = [id];
    const where = window('date', params, values);
    values.push(params.size + 1);
    const rows = await query(
      `SELECT id, date, amount, balance_amount, payment_amount, payment_date, payment_reference_number FROM invoices
       WHERE customer_id = ?${where} ORDER BY date DESC, LENGTH(id) DESC, id DESC LIMIT ?`,
      values,
    );
    const balances = await query('SELECT type, date, amount FROM balances WHERE customer_id = ? ORDER BY position', [id]);
    if (rows.length > params.size) {
      rows.pop();
      const end = rows[rows.length - 1];
      linkAfter(request, reply, end.date, end.id);
    }
    return send(reply, request, {
      currency,
      invoices: rows.map((row) => ({
        id: row.id,
        date: row.date,
        amount: text(row.amount),
        payment_info: { amount: text(row.payment_amount), date: text(row.payment_date), reference_number: text(row.payment_reference_number) },
        balance_amount: text(row.balance_amount),
      })),
      balances: balances.map((row) => ({ type: row.type, date: text(row.date), amount: text(row.amount) })),
    });
  });

  app.get('/health/ready', async () => ({ status: 'ready' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

main().catch((error) => {
  process.stderr.write(`independent baseline failed: ${error.stack}\n`);
  process.exit(1);
});
