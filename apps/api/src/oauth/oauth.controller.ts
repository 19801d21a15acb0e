import { Body, Controller, createParamDecorator, ExecutionContext, Header, HttpCode, Ip, UseFilters } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiProperty, ApiResponse, ApiSecurity, ApiTags, getSchemaPath } from '../docs/openapi-decorators';
import type { FastifyRequest } from 'fastify';
import { AccessTokenResponse, ClientService, TokenService } from '@curbside/auth';
import { BodyEdgeProblems, CLIENT_BASIC, Endpoint, problemContent, RateLimits } from '../platform';
import { OAuthException, OAuthExceptionFilter } from './oauth.exception';
import { readTokenRequest } from './token-request';
import { ROUTES } from '@curbside/contract';

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
    const request = readTokenRequest(body, authorization);
    // Refused before the secret is hashed: a client id under attack costs no one else time.
    const wait = await this.limits.beginTokenRequest(request.clientId, address);
    if (wait !== null) {
      const message = `Too many failed attempts; try again in ${wait} seconds.`;
      throw new OAuthException('temporarily_unavailable', message, false, wait);
    }
    const client = await this.clients.authenticate(request.clientId, request.clientSecret);
    if (client === null) throw new OAuthException('invalid_client', 'Client authentication failed.', request.usedBasic);
    await this.limits.tokenRequestSucceeded(request.clientId, address);
    return this.tokens.issue(client.clientId);
  }
}
