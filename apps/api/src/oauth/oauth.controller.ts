import { Body, Controller, Header, Headers, HttpCode, Ip, UseFilters } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AccessTokenResponse, ClientService, TokenService } from '@curbside/auth';
import { RateLimits, Endpoint } from '../platform';
import { OAuthException, OAuthExceptionFilter } from './oauth.exception';
import { readTokenRequest } from './token-request';
import { ROUTES } from '@curbside/contract';

class TokenRequestDoc {
  @ApiProperty({ enum: ['client_credentials'] }) grant_type!: string;
  @ApiProperty({ required: false, description: 'Or send the credentials as HTTP Basic' }) client_id?: string;
  @ApiProperty({ required: false }) client_secret?: string;
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

  @Endpoint(ROUTES.issueToken)
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: TokenRequestDoc })
  @ApiOkResponse({ type: AccessTokenDoc })
  @ApiResponse({ status: 400, description: '{"error": "invalid_request" | "unsupported_grant_type"}' })
  @ApiResponse({ status: 401, description: '{"error": "invalid_client"}' })
  @ApiResponse({ status: 429, description: '{"error": "temporarily_unavailable"}: too many failures for the client id or address' })
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
