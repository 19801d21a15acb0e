/*
 * The pieces of a request's path (routing, guards, token, statements, mapping, serialization, reply …) as rules on
 * one stack frame, shared by the probes that attribute a profile's samples to them: fixed-cost.js (the main thread,
 * from `node --cpu-prof`) and process-profile.js (every thread, from `perf record`). A frame is
 * { functionName, url, lineNumber (0-based) }, as a .cpuprofile has it.
 */
const { readFileSync } = require('node:fs');

const modules = (...names) => new RegExp(`node_modules/(${names.join('|')})/`);
const BASELINE = /tools\/bench\/baseline\//;
/** The independent baseline: its handlers build the wire objects inline, so their own time is 'controller + paging'. */
const INDEPENDENT = /tools\/bench\/baseline\/independent-server\.js$/;

/**
 * The pieces of a request's path, each a test of one stack frame: its file (`url`) and, when the file
 * holds more than one piece, its function's name (`name`) or the text of the function's first line (`source`). For each sample the innermost frame any rule
 * matches decides; among rules matching the same frame, the first listed wins.
 */
const PIECES = [
  { piece: 'token verification', url: /libs\/auth\/.*token-(signer|service)\.js|node_modules\/jose\// },
  { piece: 'token verification', url: BASELINE, name: /^clientIdOf$/ },
  { piece: 'client + grant lookup', url: /api-client\.repository\.js|libs\/auth\/.*client\.service\.js/ },
  { piece: 'client + grant lookup', url: BASELINE, name: /^clientOf$/ },
  { piece: 'client + grant lookup', url: INDEPENDENT, name: /^customer$/ },
  { piece: 'rate limiter', url: /platform\/(?:[a-z-]+\/)?rate-limits\.js|node_modules\/rate-limiter-flexible\// },
  { piece: 'access guard (bearer, ClientId, grant check)', url: /customer-access\.guard\.js/ },
  { piece: 'customer + data version lookup', url: /customer\.repository\.js|customer-exists\.guard\.js/ },
  { piece: 'customer + data version lookup', url: BASELINE, name: /^customerOf$/ },
  { piece: 'request tracking + JSON body guards', url: /platform\/(?:[a-z-]+\/)?(request-tracking|json-body\.guard)\.js/, name: /canActivate/ },
  { piece: 'Nest guards runner', url: /@nestjs\/core\/guards\// },
  { piece: 'validation pipe + parameter decorators', url: /@nestjs\/core\/pipes\/|platform\/(?:[a-z-]+\/)?validation\.js|record-id\.pipe\.js|\/dtos\/|route-params-factory|node_modules\/class-(transformer|validator)\// },
  { piece: 'ETag (SHA-256)', url: /platform\/(?:[a-z-]+\/)?entity-tag\.js/, name: /^entityTag$/ },
  { piece: 'ETag (SHA-256)', url: /^node:internal\/crypto\/hash$/ },
  { piece: 'ETag: If-None-Match check (onSend hook)', url: /platform\/(?:[a-z-]+\/)?entity-tag\.js/, name: /^$|noneMatch|entityTags/ },
  { piece: 'serialization (JSON text)', url: /platform\/(?:[a-z-]+\/)?(entity-tag|representation)\.js/ },
  { piece: 'serialization (JSON text)', url: BASELINE, name: /^send$/ },
  { piece: 'headers (reply.header, Vary, Content-Type, ETag)', url: /fastify\/lib\/reply\.js$/, name: /^Reply\.(header|headers|getHeader|getHeaders|removeHeader|hasHeader)$/ },
  { piece: 'headers (reply.header, Vary, Content-Type, ETag)', url: /platform\/(?:[a-z-]+\/)?repeat-reads\.js/, name: /setRepresentationHeaders/ },
  { piece: 'negotiation (Accept, formats, repeat-read check)', url: /platform\/(?:[a-z-]+\/)?(negotiation|negotiation\.guard|repeat-reads|response-cache)\.js|node_modules\/(negotiator|lru-cache)\// },
  { piece: 'wire mapping (codecs)', url: /libs\/codecs\// },
  { piece: 'row mapping (persistence)', url: /libs\/persistence\/.*sql\/(raw-columns|group-by|select-rows|raw-many)\.js/, name: /^(fromRawColumns|named|rawColumnsOf|groupBy|rawBoolean)$/ },
  { piece: 'row mapping (persistence)', url: /libs\/persistence\/.*(repositories|stores|sql)\//, name: /^(to|from)[A-Z]/ },
  { piece: 'row mapping (persistence)', url: /libs\/(persistence\/.*(wire|dates)|domain\/)/ },
  { piece: 'wire mapping (codecs)', url: INDEPENDENT, name: /^(text|yesNo|ticketTime)$/ },
  { piece: 'statements: TypeORM runner, turn queue', url: /typeorm\/(data-source|driver\/better-sqlite3|driver\/postgres|query-runner|subscriber)\/|libs\/persistence\/.*database\/(transactions|prepared)\.js/ },
  { piece: 'statements: TypeORM runner, turn queue', url: /typeorm\/driver\/sqlite-abstract\/AbstractSqliteDriver\.js/, name: /^(?!escape)/ },
  { piece: 'statements: driver (SQLite / pg)', url: modules('better-sqlite3', 'better-sqlite3-node20', 'pg', 'pg-protocol', 'pg-types', 'postgres-array') },
  { piece: 'statements: TypeORM runner, turn queue', url: INDEPENDENT, source: /return async \(sql, values\) =>/ },
  { piece: 'query building (SQL text, parameters)', url: /typeorm\/(query-builder|entity-manager|driver)\/|libs\/persistence\// },
  { piece: 'controller + paging', url: /apps\/api\/(tickets|lists|hot-reads)\// },
  { piece: 'controller + paging', url: BASELINE },
  { piece: 'rxjs interceptor pipeline', url: /node_modules\/rxjs\/|@nestjs\/core\/interceptors\/|^node:async_hooks$/ },
  { piece: 'rxjs interceptor pipeline', url: /^node:internal\/util$/, name: /^deprecate$|^deprecated$/ },
  { piece: 'logging (pino child per request, log line)', url: modules('pino', '@pinojs/redact', 'pino-std-serializers', 'nestjs-pino', 'sonic-boom') },
  { piece: 'metrics (prom-client counter + histogram)', url: /platform\/(?:[a-z-]+\/)?request-telemetry\.js|node_modules\/prom-client\// },
  { piece: 'onRequest hooks (tracking id, security headers, limits, shutdown)', url: /platform\/(?:[a-z-]+\/)?(request-tracking|security-headers|request-limits|shutdown|database-outage|edge-errors)\.js/ },
  { piece: 'Nest router (execution context, params, response)', url: /node_modules\/@nestjs\// },
  { piece: "Fastify's hooks and reply (send, onSend chain)", url: /fastify\/lib\/(hooks|reply|wrap-thenable|content-type-parser|error-handler)\.js|fastify\/fastify\.js/, name: /^(?!preRouting|routeHandler)/ },
  { piece: 'routing + request objects (find-my-way, Fastify route)', url: modules('find-my-way', 'fastify') },
  { piece: 'Node HTTP server and sockets', url: /^node:(_http|net|internal\/streams|stream|internal\/stream_base_commons|events|internal\/http|buffer|internal\/url)/ },
  { piece: 'Node HTTP server and sockets', url: /^$/, name: /^(writev|writeUtf8String|writeLatin1String|writeBuffer|shutdown|readStop|readStart)$/ },
  { piece: 'garbage collector', url: /^$/, name: /^\(garbage collector\)$/ },
  { piece: 'event loop, microtasks, timers', url: /^node:internal\/(process\/task_queues|timers|process\/promises)$|^$/, name: /^(processTicksAndRejections|runMicrotasks|processImmediate|listOnTimeout|processTimers|processPromiseRejections|insert|nextTick|\(program\))$/ },
];

const sources = new Map();
/** The lines of a frame's source file (for rules on a function's first line, and line ticks). */
function sourceLines(url) {
  if (!sources.has(url)) sources.set(url, url.startsWith('file://') ? readFileSync(url.slice('file://'.length), 'utf8').split('\n') : []);
  return sources.get(url);
}
/** Whether a rule matches a frame: its file, and its function's name or first line where the rule gives one. */
const matches = (rule, frame) =>
  rule.url.test(frame.url.replace('file://', '')) &&
  (rule.name === undefined || rule.name.test(frame.functionName)) &&
  (rule.source === undefined || rule.source.test(sourceLines(frame.url)[frame.lineNumber] ?? ''));

function pieceOf(frames) {
  for (const frame of frames) {
    const rule = PIECES.find((candidate) => matches(candidate, frame));
    if (rule !== undefined) return rule.piece;
  }
  return 'other';
}

/** The pieces in the order a request meets them. */
const ORDER = [
  'Node HTTP server and sockets',
  'routing + request objects (find-my-way, Fastify route)',
  'onRequest hooks (tracking id, security headers, limits, shutdown)',
  'Nest router (execution context, params, response)',
  'Nest guards runner',
  'request tracking + JSON body guards',
  'access guard (bearer, ClientId, grant check)',
  'token verification',
  'client + grant lookup',
  'rate limiter',
  'customer + data version lookup',
  'validation pipe + parameter decorators',
  'rxjs interceptor pipeline',
  'negotiation (Accept, formats, repeat-read check)',
  'controller + paging',
  'query building (SQL text, parameters)',
  'statements: TypeORM runner, turn queue',
  'statements: driver (SQLite / pg)',
  'row mapping (persistence)',
  'wire mapping (codecs)',
  'serialization (JSON text)',
  'ETag (SHA-256)',
  'headers (reply.header, Vary, Content-Type, ETag)',
  'ETag: If-None-Match check (onSend hook)',
  "Fastify's hooks and reply (send, onSend chain)",
  'metrics (prom-client counter + histogram)',
  'logging (pino child per request, log line)',
  'event loop, microtasks, timers',
  'garbage collector',
  'other',
];

module.exports = { PIECES, ORDER, INDEPENDENT, matches, sourceLines, pieceOf };
