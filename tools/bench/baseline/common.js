/*
 * What both bench baselines share and is not the point of either: the database connection, the
 * token check, the body's bytes and ETag, the sealed `Link` cursor and the page size. What they
 * compare is how they read (server.js: Curbside's SQL, statement for statement; scratch-server.js:
 * the SQL a person would write from the spec and the schema).
 */
const { createHash, createHmac } = require('node:crypto');

const ID = /^\d{1,18}$/;
const MAX_LIMIT = 1000;

/** better-sqlite3 13 on Node 22 and later, 12 (the `better-sqlite3-node20` alias) on Node 20, as Curbside loads it. */
function openSqlite(path, options) {
  const Database = require(Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');
  return new Database(path, options);
}

/** `query(sql, params)` with `?` placeholders, over either database; statements prepared once. */
function openDatabase(url) {
  if (url.startsWith('sqlite:')) {
    const db = openSqlite(url.slice('sqlite:'.length), { fileMustExist: true });
    const statements = new Map();
    return async (sql, params) => {
      let statement = statements.get(sql);
      if (statement === undefined) statements.set(sql, (statement = db.prepare(sql)));
      return statement.all(...params);
    };
  }
  const { Pool } = require('pg');
  const pool = new Pool({ connectionString: url, max: 10 });
  const numbered = new Map();
  return async (sql, params) => {
    let text = numbered.get(sql);
    if (text === undefined) {
      let n = 0;
      numbered.set(sql, (text = sql.replace(/\?/g, () => `$${++n}`)));
    }
    return (await pool.query(text, params)).rows;
  };
}

const rawBoolean = (value) => (value === null || value === undefined ? null : value === true || value === 1 || value === '1');

class Refused extends Error {}

/** The checks every request gets: the access token (HS256 at+jwt, the API's key and key id) and its ClientId header. */
async function tokenChecker(signingKey) {
  const { jwtVerify } = await import('jose');
  const secret = new TextEncoder().encode(signingKey);
  const kid = createHash('sha256').update(signingKey).digest('base64url').slice(0, 16);
  const cursorKey = createHmac('sha256', secret).update('curbside derived key: list cursors').digest();
  /** The calling client's id, or throws Refused. */
  const clientIdOf = async (headers) => {
    const token = /^Bearer +(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (token === undefined) throw new Refused();
    const { payload, protectedHeader } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: 'curbside',
      audience: 'curbside-api',
      typ: 'at+jwt',
      requiredClaims: ['sub', 'client_id', 'iat', 'exp', 'jti'],
    }).catch(() => {
      throw new Refused();
    });
    if (protectedHeader.kid !== kid || payload.client_id !== payload.sub || typeof payload.sub !== 'string') throw new Refused();
    if (headers.clientid !== payload.sub) throw new Refused();
    return payload.sub;
  };
  return { clientIdOf, cursorKey };
}

const trackingIdOf = (request) => request.headers['request-tracking-id'];

/** The body serialized once (the tracking id, when it has one, put back in front); its ETag from the JSON without it, as the API does. */
function send(request, reply, body) {
  const { request_tracking_id: trackingId, ...rest } = body;
  const untracked = JSON.stringify(rest);
  const etag = `"${createHash('sha256').update('json').update('\n').update(untracked).digest('base64url')}"`;
  const json = trackingId === undefined ? untracked : `{"request_tracking_id":${JSON.stringify(trackingId)},${untracked.slice(1)}`;
  reply.header('Content-Type', 'application/json').header('ETag', etag).header('Request-Tracking-Id', trackingIdOf(request)).send(json);
}

/** `Link: rel="next"` with the cursor the API seals for the same list, customer and (no) filters. */
function linkNext(cursorKey, request, reply, list, customerId, date, id) {
  const binding = JSON.stringify([list, customerId, []]);
  const payload = Buffer.from(JSON.stringify([date, id])).toString('base64url');
  const signature = createHmac('sha256', cursorKey).update(binding).update('\n').update(payload).digest('base64url').slice(0, 22);
  const next = new URL(request.url, 'http://next');
  next.searchParams.set('cursor', `${payload}.${signature}`);
  reply.header('Link', `<${next.pathname}${next.search}>; rel="next"`);
}

/** The page size a list request asks for (LIMIT is this plus one), or null when `limit` is not 1 to 1000. */
function pageSize(request) {
  if (request.query.limit === undefined) return Number(process.env.LIST_MAX_ITEMS ?? 5000);
  const limit = Number(request.query.limit);
  return Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT ? limit : null;
}

/** Listens on PORT with the readiness probe the bench waits on; a failed start is one line on stderr. */
function serve(build) {
  const app = require('fastify')({ logger: false });
  build(app)
    .then(() => {
      app.get('/health/ready', async () => ({ status: 'ok' }));
      return app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
    })
    .catch((error) => {
      process.stderr.write(`baseline failed: ${error.stack}\n`);
      process.exit(1);
    });
}

/** A service ticket row (snake_case columns) and its line rows as the domain's ServiceTicket, for the codecs. */
function ticketFromRow(row, lines) {
  return {
    id: row.id,
    status: row.status,
    loadType: row.load_type,
    loadDescription: row.load_description,
    createdAt: row.created_at,
    createdBy: row.created_by,
    closedAt: row.closed_at,
    closedBy: row.closed_by,
    dispatchedAt: row.dispatched_at,
    generated: rawBoolean(row.generated),
    complaint: rawBoolean(row.complaint),
    comments: row.comments,
    completionCode: row.completion_code,
    completedDescription: row.completed_description,
    requestedBy: row.requested_by,
    loggedAt: row.logged_at,
    services: lines.map((line) => ({ code: line.code, description: line.description, quantity: line.quantity, cost: line.cost, specialDescription: line.special_description })),
  };
}

module.exports = { ID, Refused, openDatabase, openSqlite, rawBoolean, ticketFromRow, tokenChecker, trackingIdOf, send, linkNext, pageSize, serve };
