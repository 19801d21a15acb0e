#!/usr/bin/env node
/*
 * memory.js's bare server: what a service of one's own would hold, to compare the API's
 * memory with. Fastify, better-sqlite3 or `pg` (a pool of 10) and jose, and nothing of Curbside's (no `libs/`,
 * no other baseline): the access token (HS256, the API's issuer, audience and key id) and ClientId checked,
 * the client's grant read, a ticket list page with each ticket's service codes and a ticket detail with its
 * lines, the wire's member names and "null"s mapped with object literals, JSON.stringify, an ETag (SHA-256 of
 * the body). Its bodies are of the API's shape and size, not checked byte for byte: it stands for memory only.
 *
 *   DATABASE_URL=sqlite:<file>|postgres://... TOKEN_SIGNING_KEY=... PORT=... node memory-bare-server.js
 */
const { createHash } = require('node:crypto');
const fastify = require('fastify');

const url = process.env.DATABASE_URL;
const postgres = !url.startsWith('sqlite:');
const listMax = Number(process.env.LIST_MAX_ITEMS ?? 5000);

function database() {
  if (!postgres) {
    const Database = require(Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');
    const db = new Database(url.slice('sqlite:'.length), { fileMustExist: true });
    const prepared = new Map();
    return async (sql, params) => {
      if (!prepared.has(sql)) prepared.set(sql, db.prepare(sql));
      return prepared.get(sql).all(...params);
    };
  }
  const { Pool } = require('pg');
  const pool = new Pool({ connectionString: url, max: 10 });
  return async (sql, params) => {
    let n = 0;
    return (await pool.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows;
  };
}

const CODES = postgres
  ? `COALESCE((SELECT json_agg(s.code ORDER BY s.position) FROM service_ticket_services s WHERE s.customer_id = t.customer_id AND s.ticket_id = t.id), '[]')`
  : `(SELECT json_group_array(code) FROM (SELECT code FROM service_ticket_services s WHERE s.customer_id = t.customer_id AND s.ticket_id = t.id ORDER BY s.position))`;
const LINES = postgres
  ? `COALESCE((SELECT json_agg(json_build_object('code', s.code, 'description', s.description, 'quantity', s.quantity, 'cost', s.cost, 'special_description', s.special_description) ORDER BY s.position) FROM service_ticket_services s WHERE s.customer_id = t.customer_id AND s.ticket_id = t.id), '[]')`
  : `(SELECT json_group_array(json(line)) FROM (SELECT json_object('code', s.code, 'description', s.description, 'quantity', s.quantity, 'cost', s.cost, 'special_description', s.special_description) AS line FROM service_ticket_services s WHERE s.customer_id = t.customer_id AND s.ticket_id = t.id ORDER BY s.position))`;
const ORDER = 'ORDER BY t.created_at DESC, t.id DESC';
const SQL = {
  grant: `SELECT c.revoked_at, c.all_customers, EXISTS (SELECT 1 FROM api_client_customers g WHERE g.client_id = c.client_id AND g.customer_id = ?) AS granted,
    EXISTS (SELECT 1 FROM customers WHERE id = ?) AS known FROM api_clients c WHERE c.client_id = ?`,
  page: `SELECT t.id, t.status, t.load_type, t.load_description, t.created_at, t.dispatched_at, ${CODES} AS codes FROM service_tickets t WHERE t.customer_id = ? ${ORDER} LIMIT ?`,
  ticket: `SELECT t.*, ${LINES} AS lines FROM service_tickets t WHERE t.customer_id = ? AND t.id = ?`,
};

const text = (value) => (value === null || value === undefined ? 'null' : String(value));
const flag = (value) => (value === null ? 'null' : value === true || value === 1 ? 'Y' : 'N');
const array = (value) => (typeof value === 'string' ? JSON.parse(value) : (value ?? []));
const yes = (value) => value === true || value === 1 || value === '1';

async function main() {
  const { jwtVerify } = await import('jose');
  const key = new TextEncoder().encode(process.env.TOKEN_SIGNING_KEY);
  const kid = createHash('sha256').update(process.env.TOKEN_SIGNING_KEY).digest('base64url').slice(0, 16);
  const query = database();
  const app = fastify({ logger: false });

  /** The customer id when the token, ClientId and grant allow it; otherwise the reply is sent and null returned. */
  async function allowed(request, reply) {
    const customer = request.params.customerId;
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    try {
      const { payload, protectedHeader } = await jwtVerify(token ?? '', key, { algorithms: ['HS256'], issuer: 'curbside', audience: 'curbside-api', typ: 'at+jwt' });
      if (protectedHeader.kid !== kid || payload.sub !== request.headers.clientid || !/^\d{1,18}$/.test(customer)) throw new Error('refused');
      const [grant] = await query(SQL.grant, [customer, customer, payload.sub]);
      if (grant === undefined || grant.revoked_at !== null || !(yes(grant.all_customers) || yes(grant.granted))) throw new Error('refused');
      if (!yes(grant.known)) return reply.code(404).send({ error: 'not found' }), null;
      return customer;
    } catch {
      reply.code(401).send({ error: 'unauthorized' });
      return null;
    }
  }

  function send(request, reply, body) {
    const json = JSON.stringify({ request_tracking_id: request.headers['request-tracking-id'], ...body });
    const etag = `"${createHash('sha256').update(json).digest('base64url')}"`;
    reply.header('Content-Type', 'application/json').header('ETag', etag).send(json);
  }

  app.get('/api/v1/customers/:customerId/tickets', async (request, reply) => {
    const customer = await allowed(request, reply);
    if (customer === null) return reply;
    const limit = request.query.limit === undefined ? listMax : Number(request.query.limit);
    const rows = await query(SQL.page, [customer, limit]);
    const tickets = rows.map((row) => ({
      id: row.id,
      status: row.status,
      load_type: text(row.load_type),
      load_description: text(row.load_description),
      created_date_time: text(row.created_at),
      dispatch_date_time: text(row.dispatched_at),
      services_info: array(row.codes).map((code) => ({ code })),
    }));
    send(request, reply, { tickets });
    return reply;
  });

  app.get('/api/v1/customers/:customerId/tickets/:ticketId', async (request, reply) => {
    const customer = await allowed(request, reply);
    if (customer === null) return reply;
    const [row] = await query(SQL.ticket, [customer, request.params.ticketId]);
    if (row === undefined) return reply.code(404).send({ error: 'not found' });
    const ticket = {
      id: row.id,
      status: row.status,
      load_type: text(row.load_type),
      load_description: text(row.load_description),
      created_date_time: text(row.created_at),
      created_by: text(row.created_by),
      closed_date_time: text(row.closed_at),
      closed_by: text(row.closed_by),
      dispatch_date_time: text(row.dispatched_at),
      generate_ticket: flag(row.generated),
      complaint: flag(row.complaint),
      comments: text(row.comments),
      completion_code: text(row.completion_code),
      completed_description: text(row.completed_description),
      requested_by: text(row.requested_by),
      audit_info: { logged_date_time: text(row.logged_at) },
      services_info: array(row.lines).map((line) => ({
        code: text(line.code),
        description: text(line.description),
        quantity: text(line.quantity),
        cost: text(line.cost),
        special_description: text(line.special_description),
      })),
    };
    send(request, reply, { tickets: [ticket] });
    return reply;
  });

  app.get('/health/ready', async () => ({ status: 'ok' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

main().catch((error) => {
  process.stderr.write(`bare server failed: ${error.stack}\n`);
  process.exit(1);
});
