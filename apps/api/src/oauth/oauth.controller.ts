import { Body, Controller, createParamDecorator, ExecutionContext, Header, HttpCode, Ip, UseFilters } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiProperty, ApiResponse, ApiSecurity, ApiTags, getSchemaPath } from '../openapi/openapi-decorators';
import type { FastifyRequest } from 'fastify';
import type { ApiClient } from '@curbside/domain';
import { AccessTokenResponse, ClientService, TokenIntrospection, TokenService } from '@curbside/auth';
import { Endpoint, RateLimits } from '../platform';
import { BodyEdgeProblems, CLIENT_BASIC, problemContent } from '../openapi';
import { OAuthException, OAuthExceptionFilter } from './oauth.exception';
import { readIntrospectionRequest, readTokenRequest, TokenRequest } from './token-request';
import { CREDENTIAL_LIMITS, ROUTES, type TokenIntrospectionBody } from '@curbside/contract';

/**
 * The body of a token request (RFC 6749 §4.4.2), a form or JSON: the client's credentials either in
 * it or as HTTP Basic (the `clientBasic` security), never both. Other members are ignored (§3.2).
 */
const TOKEN_REQUEST_SCHEMA = {
  type: 'object',
  required: ['grant_type'],
  properties: {
    grant_type: { type: 'string', enum: ['client_credentials'] },
    client_id: { type: 'string', minLength: 1, maxLength: CREDENTIAL_LIMITS.client_id, description: 'With HTTP Basic it may be left out, or must equal the Basic client id' },
    client_secret: { type: 'string', minLength: 1, maxLength: CREDENTIAL_LIMITS.client_secret },
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
  @ApiProperty({ enum: ['invalid_request', 'invalid_client', 'unauthorized_client', 'unsupported_grant_type', 'temporarily_unavailable'] }) error!: string;
  @ApiProperty() error_description!: string;
}

/** RFC 7662 §2.1: the token, and the asking client's credentials in the body or as HTTP Basic. */
const INTROSPECTION_REQUEST_SCHEMA = {
  type: 'object',
  required: ['token'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: CREDENTIAL_LIMITS.token, description: 'The access token asked about' },
    token_type_hint: { type: 'string', description: 'Ignored: only access tokens are introspected' },
    client_id: { type: 'string', minLength: 1, maxLength: CREDENTIAL_LIMITS.client_id, description: 'With HTTP Basic it may be left out, or must equal the Basic client id' },
    client_secret: { type: 'string', minLength: 1, maxLength: CREDENTIAL_LIMITS.client_secret },
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
  @ApiResponse({ status: 429, description: 'temporarily_unavailable: too many failures for the address or the client id from it', type: OAuthErrorDoc })
  @BodyEdgeProblems()
  async token(
    @Body() body: unknown,
    @Ip() address: string,
    @AuthorizationHeader() authorization?: string,
  ): Promise<AccessTokenResponse> {
    const client = await this.authenticate(readTokenRequest(body, authorization), address);
    return this.tokens.issue(client.clientId);
  }

  @Endpoint(ROUTES.introspectToken, {
    summary: 'Whether an access token is active (token introspection, RFC 7662)',
    description:
      'For another service that accepts Curbside\u2019s access tokens without holding the signing key: it authenticates as a ' +
      'client an operator registered as a resource server (as for a token request: form fields, JSON members or HTTP Basic) and ' +
      'sends the token. The checks are the API\u2019s ' +
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
  @ApiResponse({ status: 403, description: 'unauthorized_client: the client is not registered as a resource server', type: OAuthErrorDoc })
  @ApiResponse({
    status: 429,
    description: 'temporarily_unavailable: too many failures for the address or the client id from it, or too many introspections',
    type: OAuthErrorDoc,
  })
  @BodyEdgeProblems()
  async introspect(
    @Body() body: unknown,
    @Ip() address: string,
    @AuthorizationHeader() authorization?: string,
  ): Promise<TokenIntrospectionBody> {
    const request = readIntrospectionRequest(body, authorization);
    await this.admitResourceServer(await this.authenticate(request, address));
    return this.introspection.introspect(request.token);
  }

  /**
   * The client of valid credentials; refuses bad ones, and an address, or a client id from that
   * address, that failed too often. A request counts as a failure once its secret has failed.
   */
  private async authenticate(request: TokenRequest, address: string): Promise<ApiClient> {
    // Refused before the secret is hashed: an address under attack costs no one else time.
    const wait = await this.limits.tokenFailureWait(request.clientId, address);
    if (wait !== null) throw tooMany(`Too many failed attempts; try again in ${wait} seconds.`, wait);
    const client = await this.clients.authenticate(request.clientId, request.clientSecret);
    if (client === null) {
      await this.limits.tokenRequestFailed(request.clientId, address);
      throw new OAuthException('invalid_client', 'Client authentication failed.', request.usedBasic);
    }
    return client;
  }

  /** Only a client an operator registered as a resource server may introspect (CONTRACT §2), at most INTROSPECTIONS_PER_MINUTE. */
  private async admitResourceServer(client: ApiClient): Promise<void> {
    if (!client.resourceServer) throw new OAuthException('unauthorized_client', 'This client is not registered as a resource server.');
    const wait = await this.limits.admitIntrospection(client.clientId);
    if (wait !== null) throw tooMany(`Too many introspections; try again in ${wait} seconds.`, wait);
  }
}

const tooMany = (message: string, wait: number): OAuthException => new OAuthException('temporarily_unavailable', message, false, wait);
