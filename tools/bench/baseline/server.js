#!/usr/bin/env node
/*
 * The baseline the bench compares Curbside with: raw Fastify + better-sqlite3 (or `pg`), no
 * NestJS, no TypeORM, doing the same work per request as the API: the same jose HS256 `at+jwt`
 * check with the same key, the `ClientId` header, the client and its grants and the customer
 * read from the database on every request, the same SQL, the same body bytes, ETag and Link.
 * The wire mapping is `@curbside/codecs` (framework-free functions), so both pay for it alike.
 *
 *   DATABASE_URL=sqlite:<file>|postgres://... TOKEN_SIGNING_KEY=... PORT=... node server.js
 */
const { responses } = require('@curbside/codecs');
const { ID, Refused, openDatabase, rawBoolean, ticketFromRow, tokenChecker, trackingIdOf, send, linkNext, pageSize, serve } = require('./common');

const KEYS_PER_QUERY = 500;
const placeholders = (count) => Array(count).fill('?').join(', ');

function chunk(items, size) {
  const chunks = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

const NEWEST_FIRST = 'ORDER BY "t"."created_at" DESC NULLS LAST, LENGTH("t"."id") DESC, "t"."id" DESC';
const LINE_COLUMNS = '"r"."customer_id", "r"."ticket_id", "r"."position", "r"."code", "r"."description", "r"."quantity", "r"."cost", "r"."special_description"';
/** A list shows each ticket's service codes only: the API reads just these columns of the lines. */
const LIST_LINE_COLUMNS = '"r"."ticket_id", "r"."code"';

serve(async (app) => {
  const query = openDatabase(process.env.DATABASE_URL);
  const { clientIdOf, cursorKey } = await tokenChecker(process.env.TOKEN_SIGNING_KEY);

  async function clientOf(headers) {
    const clientId = await clientIdOf(headers);
    const [client] = await query('SELECT "client_id", "name", "secret_hash", "all_customers", "created_at", "revoked_at" FROM "api_clients" WHERE "client_id" = ? LIMIT 1', [clientId]);
    const grants = await query('SELECT "client_id", "customer_id" FROM "api_client_customers" WHERE "client_id" = ?', [clientId]);
    if (client === undefined || client.revoked_at !== null) throw new Refused();
    return { all: rawBoolean(client.all_customers), customers: grants.map((grant) => grant.customer_id) };
  }

  /** The guards: token, client, grant, customer. The customer row, or a reply was sent. */
  async function customerOf(request, reply) {
    const id = request.params.customerId;
    try {
      const client = await clientOf(request.headers);
      if (!ID.test(id) || !(client.all || client.customers.includes(id))) throw new Refused();
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      reply.code(401).send({ error: 'unauthorized' });
      return null;
    }
    const [customer] = await query('SELECT "id", "currency", "ivr_fee" FROM "customers" WHERE "id" = ? LIMIT 1', [id]);
    if (customer === undefined) reply.code(404).send({ error: 'customer not found' });
    return customer ?? null;
  }

  async function linesOf(customerId, ticketIds, columns = LINE_COLUMNS) {
    const lines = [];
    for (const part of chunk(ticketIds, KEYS_PER_QUERY)) {
      lines.push(
        ...(await query(
          `SELECT ${columns} FROM "service_ticket_services" "r" WHERE "r"."customer_id" = ? AND "r"."ticket_id" IN (${placeholders(part.length)}) ORDER BY "r"."ticket_id" ASC, "r"."position" ASC`,
          [customerId, ...part],
        )),
      );
    }
    const byTicket = new Map();
    for (const line of lines) {
      const group = byTicket.get(line.ticket_id);
      if (group) group.push(line);
      else byTicket.set(line.ticket_id, [line]);
    }
    return byTicket;
  }

  app.get('/api/v1/customers/:customerId/tickets', async (request, reply) => {
    const customer = await customerOf(request, reply);
    if (customer === null) return reply;
    const limit = pageSize(request);
    if (limit === null) return reply.code(400).send({ error: 'limit' });
    const rows = await query(
      `SELECT "t"."id" AS "id", "t"."status" AS "status", "t"."load_type" AS "loadType", "t"."load_description" AS "loadDescription", "t"."created_at" AS "createdAt", "t"."dispatched_at" AS "dispatchedAt" FROM "service_tickets" "t" WHERE "t"."customer_id" = ? ${NEWEST_FIRST} LIMIT ${limit + 1}`,
      [customer.id],
    );
    const items = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    const totalCount = hasMore ? Number((await query('SELECT COUNT(*) AS "count" FROM "service_tickets" "t" WHERE "t"."customer_id" = ?', [customer.id]))[0].count) : items.length;
    const lines = await linesOf(customer.id, items.map((ticket) => ticket.id), LIST_LINE_COLUMNS);
    const tickets = items.map((ticket) => ({ ...ticket, serviceCodes: (lines.get(ticket.id) ?? []).map((line) => line.code) }));
    if (hasMore) linkNext(cursorKey, request, reply, 'service-tickets', customer.id, items[items.length - 1].createdAt, items[items.length - 1].id);
    send(request, reply, responses.ticketList(trackingIdOf(request), { items: tickets, totalCount, next: null }));
    return reply;
  });

  app.get('/api/v1/customers/:customerId/tickets/:ticketId', async (request, reply) => {
    const customer = await customerOf(request, reply);
    if (customer === null) return reply;
    const id = request.params.ticketId;
    if (!ID.test(id)) return reply.code(400).send({ error: 'ticketId' });
    const [row] = await query(
      `SELECT "t"."customer_id", "t"."id", "t"."status", "t"."load_type", "t"."load_description", "t"."created_at", "t"."created_by", "t"."closed_at", "t"."closed_by", "t"."dispatched_at", "t"."generated", "t"."complaint", "t"."comments", "t"."completion_code", "t"."completed_description", "t"."requested_by", "t"."logged_at" FROM "service_tickets" "t" WHERE "t"."customer_id" = ? AND "t"."id" IN (?) ${NEWEST_FIRST}`,
      [customer.id, id],
    );
    if (row === undefined) return reply.code(404).send({ error: 'ticket not found' });
    const lines = (await linesOf(customer.id, [id])).get(id) ?? [];
    const ticket = ticketFromRow(row, lines);
    send(request, reply, responses.ticketDetail(trackingIdOf(request), ticket));
    return reply;
  });

  app.get('/api/v2/customers/:customerId/invoices', async (request, reply) => {
    const customer = await customerOf(request, reply);
    if (customer === null) return reply;
    const limit = pageSize(request);
    if (limit === null) return reply.code(400).send({ error: 'limit' });
    const rows = await query(
      `SELECT "r"."customer_id" AS "r_customer_id", "r"."id" AS "r_id", "r"."date" AS "r_date", "r"."amount" AS "r_amount", "r"."balance_amount" AS "r_balance_amount", "r"."payment_amount" AS "r_payment_amount", "r"."payment_date" AS "r_payment_date", "r"."payment_reference_number" AS "r_payment_reference_number" FROM "invoices" "r" WHERE "r"."customer_id" = ? ORDER BY "r"."date" DESC NULLS LAST, LENGTH("r"."id") DESC, "r"."id" DESC LIMIT ${limit + 1}`,
      [customer.id],
    );
    const items = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    if (hasMore) await query('SELECT COUNT(*) AS "count" FROM "invoices" "r" WHERE "r"."customer_id" = ?', [customer.id]);
    const balances = await query('SELECT "r"."customer_id", "r"."position", "r"."type", "r"."date", "r"."amount" FROM "balances" "r" WHERE "r"."customer_id" = ? ORDER BY "r"."position" ASC', [customer.id]);
    if (hasMore) linkNext(cursorKey, request, reply, 'invoices-v2', customer.id, items[items.length - 1].r_date, items[items.length - 1].r_id);
    const invoices = items.map((row) => ({
      id: row.r_id,
      date: row.r_date,
      amount: row.r_amount,
      balanceAmount: row.r_balance_amount,
      payment: { amount: row.r_payment_amount, date: row.r_payment_date, referenceNumber: row.r_payment_reference_number },
    }));
    send(request, reply, responses.invoiceList(customer.currency, { items: invoices, totalCount: items.length, next: null }, balances.map(({ type, date, amount }) => ({ type, date, amount }))));
    return reply;
  });

});
