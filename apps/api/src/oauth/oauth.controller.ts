import { Body, Controller, Header, Headers, HttpCode, Ip, UseFilters } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiProperty, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { AccessTokenResponse, ClientService, TokenService } from '@curbside/auth';
import { BodyEdgeProblems, Endpoint, problemContent, RateLimits } from '../platform';
import { OAuthException, OAuthExceptionFilter } from './oauth.exception';
import { readTokenRequest } from './token-request';
import { ROUTES } from '@curbside/contract';

class TokenRequestDoc {
  @ApiProperty({ enum: ['client_credentials'] }) grant_type!: string;
  @ApiProperty({ required: false, description: 'Or send the credentials as HTTP Basic' }) client_id?: string;
  @ApiProperty({ required: false }) client_secret?: string;
}

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
    description: 'Credentials as form or JSON fields, or as HTTP Basic. Errors are answered as RFC 6749 \u00a75.2 says, not as problems.',
  })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: TokenRequestDoc })
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
    @Headers('authorization') authorization?: string,
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
