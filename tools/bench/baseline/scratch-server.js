#!/usr/bin/env node
/*
 * The bench's second baseline (issue 21, item 5): the same framework-free server as server.js
 * (Fastify + better-sqlite3 or `pg` + jose, the same token and ClientId checks, the same bytes,
 * ETag and Link), but reading the way a person writing it from the spec and the schema would,
 * not statement for statement as Curbside does: one statement for every guard (client, grant and
 * customer), one for a list page with each ticket's service codes aggregated and the total count
 * as a window, one for a ticket with its lines. So the ratio to it shows what Curbside's query
 * shapes cost besides its framework. The wire mapping is `@curbside/codecs`, as in server.js.
 *
 *   DATABASE_URL=sqlite:<file>|postgres://... TOKEN_SIGNING_KEY=... PORT=... node scratch-server.js
 */
const { responses } = require('@curbside/codecs');
const { ID, Refused, openDatabase, rawBoolean, ticketFromRow, tokenChecker, trackingIdOf, send, linkNext, pageSize, serve } = require('./common');

const postgres = !process.env.DATABASE_URL.startsWith('sqlite:');

/** A JSON array built by the database, `[]` when the subquery has no row: text on SQLite, parsed on PostgreSQL. */
const jsonArray = (value) => (typeof value === 'string' ? JSON.parse(value) : (value ?? []));

const NEWEST_FIRST = 'ORDER BY t.created_at DESC NULLS LAST, LENGTH(t.id) DESC, t.id DESC';

const GUARDS = `SELECT c.revoked_at, c.all_customers,
  EXISTS (SELECT 1 FROM api_client_customers g WHERE g.client_id = c.client_id AND g.customer_id = ?) AS granted,
  (SELECT currency FROM customers WHERE id = ?) AS currency
FROM api_clients c WHERE c.client_id = ?`;

const CODES = postgres
  ? `COALESCE((SELECT json_agg(s.code ORDER BY s.position) FROM service_ticket_services s WHERE s.customer_id = t.customer_id AND s.ticket_id = t.id), '[]')`
  : `(SELECT json_group_array(code) FROM (SELECT s.code FROM service_ticket_services s WHERE s.customer_id = t.customer_id AND s.ticket_id = t.id ORDER BY s.position))`;

const TICKET_PAGE = `SELECT t.id, t.status, t.load_type, t.load_description, t.created_at, t.dispatched_at, ${CODES} AS codes, COUNT(*) OVER () AS total
FROM service_tickets t WHERE t.customer_id = ? ${NEWEST_FIRST} LIMIT ?`;

const LINE = postgres
  ? `json_build_object('code', s.code, 'description', s.description, 'quantity', s.quantity, 'cost', s.cost, 'special_description', s.special_description)`
  : `json_object('code', s.code, 'description', s.description, 'quantity', s.quantity, 'cost', s.cost, 'special_description', s.special_description)`;
const LINES = postgres
  ? `COALESCE((SELECT json_agg(${LINE} ORDER BY s.position) FROM service_ticket_services s WHERE s.customer_id = t.customer_id AND s.ticket_id = t.id), '[]')`
  : `(SELECT json_group_array(json(line)) FROM (SELECT ${LINE} AS line FROM service_ticket_services s WHERE s.customer_id = t.customer_id AND s.ticket_id = t.id ORDER BY s.position))`;

const TICKET = `SELECT t.*, ${LINES} AS lines FROM service_tickets t WHERE t.customer_id = ? AND t.id = ?`;

const INVOICE_PAGE = `SELECT i.id, i.date, i.amount, i.balance_amount, i.payment_amount, i.payment_date, i.payment_reference_number, COUNT(*) OVER () AS total
FROM invoices i WHERE i.customer_id = ? ORDER BY i.date DESC NULLS LAST, LENGTH(i.id) DESC, i.id DESC LIMIT ?`;

serve(async (app) => {
  const query = openDatabase(process.env.DATABASE_URL);
  const { clientIdOf, cursorKey } = await tokenChecker(process.env.TOKEN_SIGNING_KEY);

  /** Token, client, grant and customer in one statement: the customer's currency, or a reply was sent. */
  async function customerOf(request, reply) {
    const id = request.params.customerId;
    try {
      const clientId = await clientIdOf(request.headers);
      if (!ID.test(id)) throw new Refused();
      const [row] = await query(GUARDS, [id, id, clientId]);
      if (row === undefined || row.revoked_at !== null || !(rawBoolean(row.all_customers) || rawBoolean(row.granted))) throw new Refused();
      if (row.currency === null) {
        reply.code(404).send({ error: 'customer not found' });
        return null;
      }
      return { id, currency: row.currency };
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      reply.code(401).send({ error: 'unauthorized' });
      return null;
    }
  }

  app.get('/api/v1/customers/:customerId/tickets', async (request, reply) => {
    const customer = await customerOf(request, reply);
    if (customer === null) return reply;
    const limit = pageSize(request);
    if (limit === null) return reply.code(400).send({ error: 'limit' });
    const rows = await query(TICKET_PAGE, [customer.id, limit + 1]);
    const page = rows.slice(0, limit);
    const tickets = page.map((row) => ({
      id: row.id,
      status: row.status,
      loadType: row.load_type,
      loadDescription: row.load_description,
      createdAt: row.created_at,
      dispatchedAt: row.dispatched_at,
      serviceCodes: jsonArray(row.codes),
    }));
    const last = page[page.length - 1];
    if (rows.length > limit) linkNext(cursorKey, request, reply, 'service-tickets', customer.id, last.created_at, last.id);
    send(request, reply, responses.ticketList(trackingIdOf(request), { items: tickets, totalCount: Number(rows[0]?.total ?? 0), next: null }));
    return reply;
  });

  app.get('/api/v1/customers/:customerId/tickets/:ticketId', async (request, reply) => {
    const customer = await customerOf(request, reply);
    if (customer === null) return reply;
    if (!ID.test(request.params.ticketId)) return reply.code(400).send({ error: 'ticketId' });
    const [row] = await query(TICKET, [customer.id, request.params.ticketId]);
    if (row === undefined) return reply.code(404).send({ error: 'ticket not found' });
    const ticket = ticketFromRow(row, jsonArray(row.lines));
    send(request, reply, responses.ticketDetail(trackingIdOf(request), ticket));
    return reply;
  });

  app.get('/api/v2/customers/:customerId/invoices', async (request, reply) => {
    const customer = await customerOf(request, reply);
    if (customer === null) return reply;
    const limit = pageSize(request);
    if (limit === null) return reply.code(400).send({ error: 'limit' });
    const [rows, balances] = await Promise.all([
      query(INVOICE_PAGE, [customer.id, limit + 1]),
      query('SELECT type, date, amount FROM balances WHERE customer_id = ? ORDER BY position', [customer.id]),
    ]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    if (rows.length > limit) linkNext(cursorKey, request, reply, 'invoices-v2', customer.id, last.date, last.id);
    const invoices = page.map((row) => ({
      id: row.id,
      date: row.date,
      amount: row.amount,
      balanceAmount: row.balance_amount,
      payment: { amount: row.payment_amount, date: row.payment_date, referenceNumber: row.payment_reference_number },
    }));
    send(request, reply, responses.invoiceList(customer.currency, { items: invoices, totalCount: page.length, next: null }, balances));
    return reply;
  });
});
