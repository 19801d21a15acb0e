import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { applyDecorators, NotFoundException, UseGuards } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject, RequestBodyObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CustomerAccessGuard } from '@curbside/auth';
import { ApiExtraModels, ApiHeader, ApiProduces, ApiProperty, ApiResponse, ApiSecurity, documentedSwagger, getSchemaPath } from './openapi-decorators';
import { TRACKING_HEADER } from '../platform/http/request-tracking';

const BEARER = 'bearer';
const CLIENT_ID = 'clientId';
const OAUTH2 = 'oauth2';
/** HTTP Basic with the client id and secret: one of the token endpoint's ways to send them. */
export const CLIENT_BASIC = 'clientBasic';

class FieldErrorDoc {
  @ApiProperty({ example: 'fromDate' }) field!: string;
  @ApiProperty({ example: 'fromDate must be a date in yyyy-MM-dd form' }) message!: string;
}

class ProblemErrorDoc {
  @ApiProperty({ example: 'VALIDATION_FAILED' }) code!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [FieldErrorDoc], xml: { wrapped: false } }) errors!: FieldErrorDoc[];
}

/** RFC 9457 problem details, as every error is answered (CONTRACT §4). */
export class ProblemDoc {
  @ApiProperty({ example: 'about:blank' }) type!: string;
  @ApiProperty({ example: 'Bad Request' }) title!: string;
  @ApiProperty({ example: 400, description: 'Equals the HTTP status' }) status!: number;
  @ApiProperty() detail!: string;
  @ApiProperty({ example: '/api/v1/customers/1000001/tickets' }) instance!: string;
  @ApiProperty({ description: 'The request\u2019s Request-Tracking-Id' }) request_tracking_id!: string;
  @ApiProperty({ type: ProblemErrorDoc }) error!: ProblemErrorDoc;
}

const PROBLEM_RESPONSES: [number, string][] = [
  [400, 'Malformed request: missing Request-Tracking-Id, malformed customerId or parameter'],
  [401, 'Missing, expired or invalid access token; unknown or revoked client; ClientId not the token\u2019s'],
  [403, 'The customer is not granted to this client (whether or not it exists)'],
  [404, 'The customer or resource does not exist'],
  [406, 'The Accept header allows neither application/json nor application/xml'],
  [414, 'The request target is longer than the router accepts'],
  [429, 'Over RATE_LIMIT_PER_MINUTE for this client: retry after Retry-After seconds (RateLimit-* headers on every response)'],
  [431, 'The request headers are larger than the server accepts'],
  [500, 'Unexpected error'],
];

/** The problem body in JSON and XML, for a response that may also answer other content. */
export const problemContent = {
  'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDoc) } },
  'application/problem+xml': { schema: { $ref: getSchemaPath(ProblemDoc) } },
};

/**
 * Everything a customer-scoped controller needs at its edge, in one decorator: the access
 * guard (CONTRACT §2) and its OpenAPI description — security, required headers, formats and
 * the problem responses.
 */
export function CustomerApi(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    UseGuards(CustomerAccessGuard),
    ApiSecurity({ [BEARER]: [], [CLIENT_ID]: [] }),
    ApiSecurity({ [OAUTH2]: [], [CLIENT_ID]: [] }),
    ApiHeader({ name: TRACKING_HEADER, required: true, description: 'Any unique string; echoed back' }),
    ApiHeader({ name: 'ClientId', required: true, description: 'The client id the access token was issued to' }),
    ApiProduces('application/json', 'application/xml'),
    ApiExtraModels(ProblemDoc),
    ...PROBLEM_RESPONSES.map(([status, description]) => ProblemResponse(status, description)),
    DatabaseUnavailableResponse(),
  );
}

/** The 503 of any route that uses the database, when it cannot (code DATABASE_UNAVAILABLE). */
export function DatabaseUnavailableResponse(): MethodDecorator & ClassDecorator {
  return ApiResponse({
    status: 503,
    description: 'DATABASE_UNAVAILABLE: the database cannot be reached now; retry after Retry-After seconds',
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'string', pattern: '^[0-9]+$' } } },
    content: problemContent,
  });
}

/** Documents one more error response of a route, with the problem body in JSON and XML. */
export function ProblemResponse(status: number, description: string): MethodDecorator & ClassDecorator {
  return ApiResponse({ status, description, content: problemContent });
}

/** The operation groups of the document (each controller's `@ApiTags`), in the order Swagger UI shows them. */
const TAGS: [string, string][] = [
  ['oauth', 'Access tokens (CONTRACT \u00a72)'],
  ['tickets', 'Service and disposal tickets'],
  ['service requests', 'Residents\u2019 requests: missed and extra pickups (CONTRACT \u00a79)'],
  ['invoices', 'Invoices'],
  ['cases', 'Cases'],
  ['contacts', 'Contacts'],
  ['communication preferences', 'Communication preferences'],
  ['language', 'The language residents are written to in (CONTRACT \u00a711)'],
  ['services', 'Services, their prices, pickups and calendars'],
  ['activities', 'Email, issue and note activities'],
  ['account', 'Balance and profiles'],
  ['consent', 'Residents\u2019 own doors, without credentials: unsubscribe links and inbound texts (CONTRACT \u00a710)'],
  ['health', 'Probes for orchestrators'],
];

const ETAG_HEADER = { ETag: { required: true, description: 'Entity tag of the body (CONTRACT \u00a77)', schema: { type: 'string' } } };

/**
 * Every GET under /api carries an ETag and answers 304 to a matching If-None-Match (the
 * negotiation guard and `answerNotModified` do it for every route, so it is documented
 * here for every route too).
 */
function documentConditionalGets(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    const operation = item.get;
    if (!path.startsWith('/api/') || operation === undefined) continue;
    operation.parameters = [
      ...(operation.parameters ?? []),
      { in: 'header', name: 'If-None-Match', required: false, description: 'An ETag of an earlier response: 304 if it still matches', schema: { type: 'string' } },
    ];
    const ok = operation.responses['200'] as ResponseObject;
    ok.headers = { ...ok.headers, ...ETAG_HEADER };
    operation.responses['304'] = { description: 'Not modified: the If-None-Match matches the current ETag; no body', headers: ETAG_HEADER };
  }
}

/**
 * A body under /api allows no member it does not document: the codecs and the ValidationPipe
 * (`forbidNonWhitelisted`) refuse unknown members, so every object schema a body reaches, through
 * `$ref`s to components too, says `additionalProperties: false`.
 */
function closeRequestBodies(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaObject>;
  const closed = new Set<object>();
  const close = (schema: unknown): void => {
    if (schema === null || typeof schema !== 'object' || closed.has(schema)) return;
    closed.add(schema);
    const object = schema as SchemaObject & { $ref?: string };
    if (object.$ref !== undefined) return close(schemas[object.$ref.replace('#/components/schemas/', '')]);
    if (object.properties !== undefined && object.additionalProperties === undefined) object.additionalProperties = false;
    Object.values(object).forEach(close);
  };
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const operation of [item.put, item.post, item.patch]) {
      const body = operation?.requestBody as RequestBodyObject | undefined;
      for (const media of Object.values(body?.content ?? {})) close(media.schema);
    }
  }
}

/** The problems the HTTP edge answers a request with a body before any handler runs (CONTRACT §4). */
export function BodyEdgeProblems(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ProblemResponse(406, 'The Accept header does not allow application/json'),
    ProblemResponse(413, 'The body is over 64 KiB'),
    ProblemResponse(414, 'The request target is longer than the router accepts'),
    ProblemResponse(415, 'The body is neither a form nor application/json'),
    ProblemResponse(431, 'The request headers are larger than the server accepts'),
    ProblemResponse(500, 'Unexpected error'),
    DatabaseUnavailableResponse(),
  );
}

/** The problems of a route that takes a JSON body (read by its codec), beyond the edge's. */
export function JsonBodyProblems(): MethodDecorator {
  return applyDecorators(ProblemResponse(413, 'The body is over 64 KiB'), ProblemResponse(415, 'The body is not application/json'));
}

/** What `/docs` serves: the document and Swagger UI's two pages of its own (`@nestjs/swagger`'s, made from it). */
export interface OpenApiPages {
  /** The body of `/docs/openapi.json`. */
  'openapi.json': string;
  'swagger-ui-init.js': string;
  /** The page of `/docs` and `/docs/index.html`. */
  'index.html': string;
  /** The page of `/docs/`. */
  'index-trailing-slash.html': string;
}

/**
 * Where `npm run build` writes the pages (tools/openapi/build.js): beside the built API, `dist/apps/api/openapi-pages/`
 * (not `openapi/`, which holds this folder's compiled code).
 */
export const OPENAPI_PAGES_DIRECTORY = path.join(__dirname, '..', 'openapi-pages');
const PAGE_NAMES: (keyof OpenApiPages)[] = ['openapi.json', 'swagger-ui-init.js', 'index.html', 'index-trailing-slash.html'];
/** `SwaggerModule.setup`'s options of `/docs`, as its page builders read them. */
const SETUP_OPTIONS = { jsonDocumentUrl: 'docs/openapi.json', raw: ['json'] };

interface SwaggerUi {
  buildSwaggerInitJS(document: OpenAPIObject, options: object): string;
  buildSwaggerHTML(baseUrl: string, options: object): string;
}

/** `@nestjs/swagger`'s resolver, for its own files (its package exports only its index). */
const swaggerRequire = (): NodeJS.Require => createRequire(require.resolve('@nestjs/swagger'));

/** The document of the application's routes, with `@nestjs/swagger` (loaded here), and the pages made from it. */
export function buildOpenApiPages(app: NestFastifyApplication): OpenApiPages {
  const { DocumentBuilder, SwaggerModule } = documentedSwagger();
  const builder = new DocumentBuilder()
    .setTitle('Curbside customer account API')
    .setDescription('Customer accounts of a waste-collection company: tickets, invoices, cases, contacts, preferences.')
    .setVersion('1')
    .addServer('/', 'This server')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'ClientId' }, CLIENT_ID)
    .addOAuth2({ type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } } }, OAUTH2)
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'The client id and secret, form-encoded (RFC 6749 \u00a72.3.1); POST /oauth/token only' }, CLIENT_BASIC);
  const config = TAGS.reduce((tagged, [name, description]) => tagged.addTag(name, description), builder).build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ProblemDoc] });
  documentConditionalGets(document);
  closeRequestBodies(document);
  // In XML a problem is one <problem> element (CONTRACT §4), whichever class documents it.
  (document.components?.schemas?.['ProblemDoc'] as SchemaObject).xml = { name: 'problem' };
  const ui = swaggerRequire()('./swagger-ui') as SwaggerUi;
  return {
    'openapi.json': JSON.stringify(document),
    'swagger-ui-init.js': ui.buildSwaggerInitJS(document, SETUP_OPTIONS),
    'index.html': ui.buildSwaggerHTML('./docs/', SETUP_OPTIONS),
    'index-trailing-slash.html': ui.buildSwaggerHTML('./', SETUP_OPTIONS),
  };
}

/** The pages `npm run build` wrote, or undefined (the API runs from source, or was built by `tsc` alone). */
function builtPages(): OpenApiPages | undefined {
  if (!PAGE_NAMES.every((name) => existsSync(path.join(OPENAPI_PAGES_DIRECTORY, name)))) return undefined;
  return Object.fromEntries(PAGE_NAMES.map((name) => [name, readFileSync(path.join(OPENAPI_PAGES_DIRECTORY, name), 'utf8')])) as unknown as OpenApiPages;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Swagger UI at `/docs`, the document at `/docs/openapi.json`: the routes, types and bodies of
 * `SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json', raw: ['json'] })`,
 * with the document built at build time and read on its first request (built then, when there is no build).
 */
export function setupOpenApi(app: NestFastifyApplication): void {
  let pages: OpenApiPages | undefined;
  const page = (name: keyof OpenApiPages): string => (pages ??= builtPages() ?? buildOpenApiPages(app))[name];
  const http = app.getHttpAdapter();
  const get = (route: string, handler: Handler) => http.get(route, handler);
  // The adapter's `getRequestUrl`, which SwaggerModule asks.
  const urlOf = (request: FastifyRequest): string => (request.raw as { originalUrl?: string }).originalUrl || (request.raw.url ?? '');
  const initJs: Handler = async (_request, reply) => reply.type('application/javascript').send(page('swagger-ui-init.js'));
  const html: Handler = (request, reply) => {
    reply.type('text/html').send(page(urlOf(request).endsWith('/') ? 'index-trailing-slash.html' : 'index.html'));
  };
  get('/docs/swagger-ui-init.js', initJs);
  get('/docs/docs/swagger-ui-init.js', initJs);
  get('/docs', html);
  get('/docs/index.html', html);
  get('/docs/LICENSE', () => {
    throw new NotFoundException();
  });
  try {
    get('/docs/', html);
  } catch {
    // The router treats `/docs/` as `/docs` (as SwaggerModule, which tries the same).
  }
  get('/docs/openapi.json', async (_request, reply) => reply.type('application/json').send(page('openapi.json')));
  app.useStaticAssets({ root: swaggerRequire()('swagger-ui-dist/absolute-path.js')(), prefix: '/docs', decorateReply: false });
}
