import { Body, Controller, createParamDecorator, ExecutionContext, Header, HttpCode, Ip, UseFilters } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiProperty, ApiResponse, ApiSecurity, ApiTags, getSchemaPath } from '../docs/openapi-decorators';
import type { FastifyRequest } from 'fastify';
import { AccessTokenResponse, ClientService, TokenIntrospection, TokenService } from '@curbside/auth';
import { BodyEdgeProblems, CLIENT_BASIC, Endpoint, problemContent, RateLimits } from '../platform';
import { OAuthException, OAuthExceptionFilter } from './oauth.exception';
import { readIntrospectionRequest, readTokenRequest, TokenRequest } from './token-request';
import { ROUTES, type TokenIntrospectionBody } from '@curbside/contract';

/**
 * The body of a token request (RFC 6749 §4.4.2), a form or JSON: the client's credentials either in
 * it or as HTTP Basic (the `clientBasic` security), never both. Other members are ignored (§3.2).
 */
const TOKEN_REQUEST_SCHEMA = {
  type: 'object',
  required: ['grant_type'],
  properties: {
    grant_type: { type: 'string', enum: ['client_credentials'] },
    client_id: { type: 'string', minLength: 1, description: 'With HTTP Basic it may be left out, or must equal the Basic client id' },
    client_secret: { type: 'string', minLength: 1 },
  },
  oneOf: [
    { title: 'Credentials in the body', required: ['client_id', 'client_secret'] },
    { title: 'Credentials as HTTP Basic (clientBasic)', not: { required: ['client_secret'] } },
  ],
};

/**
 * The Authorization header, read without documenting it as a parameter: the document describes
 * HTTP Basic as the `clientBasic` security scheme, one of the token request's alternatives.
 */
const AuthorizationHeader = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined => context.switchToHttp().getRequest<FastifyRequest>().headers.authorization,
);

class OAuthErrorDoc {
  @ApiProperty({ enum: ['invalid_request', 'invalid_client', 'unsupported_grant_type', 'temporarily_unavailable'] }) error!: string;
  @ApiProperty() error_description!: string;
}

/** RFC 7662 §2.1: the token, and the asking client's credentials in the body or as HTTP Basic. */
const INTROSPECTION_REQUEST_SCHEMA = {
  type: 'object',
  required: ['token'],
  properties: {
    token: { type: 'string', minLength: 1, description: 'The access token asked about' },
    token_type_hint: { type: 'string', description: 'Ignored: only access tokens are introspected' },
    client_id: { type: 'string', minLength: 1, description: 'With HTTP Basic it may be left out, or must equal the Basic client id' },
    client_secret: { type: 'string', minLength: 1 },
  },
  oneOf: [
    { title: 'Credentials in the body', required: ['client_id', 'client_secret'] },
    { title: 'Credentials as HTTP Basic (clientBasic)', not: { required: ['client_secret'] } },
  ],
};

/** An active token's claims (RFC 7662 §2.2). */
const ACTIVE_CLAIMS: Record<string, SchemaObject> = {
  active: { type: 'boolean', enum: [true] },
  client_id: { type: 'string' },
  sub: { type: 'string', description: 'The client id' },
  iss: { type: 'string', example: 'curbside' },
  aud: { type: 'string', example: 'curbside-api' },
  token_type: { type: 'string', enum: ['Bearer'] },
  exp: { type: 'integer', description: 'Seconds since the epoch' },
  iat: { type: 'integer', description: 'Seconds since the epoch' },
  jti: { type: 'string' },
};

/** An active token's claims and what it reaches (CONTRACT §2): `customers` or `all_customers`, never both. */
const activeWith = (title: string, member: string, schema: SchemaObject): SchemaObject => ({
  title,
  type: 'object',
  required: [...Object.keys(ACTIVE_CLAIMS), member],
  properties: { ...ACTIVE_CLAIMS, [member]: schema },
});

/** RFC 7662 §2.2: `{active: false}` alone, or an active token's claims with the customers it reaches. */
const INTROSPECTION_SCHEMA: SchemaObject = {
  oneOf: [
    {
      title: 'Inactive: expired, forged, of another kind or audience, or of a revoked client; nothing else is said',
      type: 'object',
      required: ['active'],
      properties: { active: { type: 'boolean', enum: [false] } },
    },
    activeWith('Active, its client granted some customers (perhaps none)', 'customers', {
      type: 'array',
      items: { type: 'string', pattern: '^\\d{1,18}$' },
      description: "The customers the token's client is granted: a service guarding a customer's data lets in only these",
    }),
    activeWith('Active, its client granted every customer', 'all_customers', { type: 'boolean', enum: [true] }),
  ],
};

class AccessTokenDoc {
  @ApiProperty() access_token!: string;
  @ApiProperty({ enum: ['Bearer'] }) token_type!: string;
  @ApiProperty({ example: 3600 }) expires_in!: number;
}

/** The OAuth 2.0 token endpoint, client credentials grant only (CONTRACT §2). */
@ApiTags('oauth')
@Controller()
@UseFilters(OAuthExceptionFilter)
export class OAuthController {
  constructor(
    private readonly clients: ClientService,
    private readonly tokens: TokenService,
    private readonly introspection: TokenIntrospection,
    private readonly limits: RateLimits,
  ) {}

  @Endpoint(ROUTES.issueToken, {
    summary: 'An access token for a client (client credentials grant)',
    description:
      'Three ways to send the credentials: client_id and client_secret as form fields or as JSON members, or as HTTP Basic ' +
      '(clientBasic) with only grant_type in the body. Errors are answered as RFC 6749 \u00a75.2 says, not as problems.',
  })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ schema: TOKEN_REQUEST_SCHEMA })
  @ApiSecurity({})
  @ApiSecurity(CLIENT_BASIC)
  @ApiOkResponse({ type: AccessTokenDoc })
  @ApiExtraModels(OAuthErrorDoc)
  @ApiResponse({
    status: 400,
    description: 'invalid_request or unsupported_grant_type; a body the edge refuses (malformed, too deep) is a problem',
    content: { 'application/json': { schema: { $ref: getSchemaPath(OAuthErrorDoc) } }, ...problemContent },
  })
  @ApiResponse({ status: 401, description: 'invalid_client', type: OAuthErrorDoc })
  @ApiResponse({ status: 429, description: 'temporarily_unavailable: too many failures for the client id or address', type: OAuthErrorDoc })
  @BodyEdgeProblems()
  async token(
    @Body() body: unknown,
    @Ip() address: string,
    @AuthorizationHeader() authorization?: string,
  ): Promise<AccessTokenResponse> {
    const client = await this.authenticate(readTokenRequest(body, authorization), address);
    return this.tokens.issue(client);
  }

  @Endpoint(ROUTES.introspectToken, {
    summary: 'Whether an access token is active (token introspection, RFC 7662)',
    description:
      'For another service that accepts Curbside\u2019s access tokens without holding the signing key: it authenticates as a ' +
      'client (as for a token request: form fields, JSON members or HTTP Basic) and sends the token. The checks are the API\u2019s ' +
      'own (signature by a key still accepted, expiry, the client not revoked), made on every call. Errors are answered as ' +
      'RFC 6749 \u00a75.2 says, not as problems.',
  })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ schema: INTROSPECTION_REQUEST_SCHEMA })
  @ApiSecurity({})
  @ApiSecurity(CLIENT_BASIC)
  @ApiOkResponse({ schema: INTROSPECTION_SCHEMA })
  @ApiResponse({
    status: 400,
    description: 'invalid_request; a body the edge refuses (malformed, too deep) is a problem',
    content: { 'application/json': { schema: { $ref: getSchemaPath(OAuthErrorDoc) } }, ...problemContent },
  })
  @ApiResponse({ status: 401, description: 'invalid_client', type: OAuthErrorDoc })
  @ApiResponse({ status: 429, description: 'temporarily_unavailable: too many failures for the client id or address', type: OAuthErrorDoc })
  @BodyEdgeProblems()
  async introspect(
    @Body() body: unknown,
    @Ip() address: string,
    @AuthorizationHeader() authorization?: string,
  ): Promise<TokenIntrospectionBody> {
    const request = readIntrospectionRequest(body, authorization);
    await this.authenticate(request, address);
    return this.introspection.introspect(request.token);
  }

  /** The client id of valid credentials; refuses bad ones, and a client id or address that failed too often. */
  private async authenticate(request: TokenRequest, address: string): Promise<string> {
    // Refused before the secret is hashed: a client id under attack costs no one else time.
    const wait = await this.limits.beginTokenRequest(request.clientId, address);
    if (wait !== null) {
      const message = `Too many failed attempts; try again in ${wait} seconds.`;
      throw new OAuthException('temporarily_unavailable', message, false, wait);
    }
    const client = await this.clients.authenticate(request.clientId, request.clientSecret);
    if (client === null) throw new OAuthException('invalid_client', 'Client authentication failed.', request.usedBasic);
    await this.limits.tokenRequestSucceeded(request.clientId, address);
    return client.clientId;
  }
}
