import { Body, Controller, Header, Headers, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AccessTokenResponse, ClientService, TokenService } from '@curbside/auth';
import { JsonOnly } from '../platform';
import { OAuthException, OAuthExceptionFilter } from './oauth.exception';
import { readTokenRequest } from './token-request';

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
@Controller('oauth')
@JsonOnly()
@UseFilters(OAuthExceptionFilter)
export class OAuthController {
  constructor(
    private readonly clients: ClientService,
    private readonly tokens: TokenService,
  ) {}

  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: TokenRequestDoc })
  @ApiOkResponse({ type: AccessTokenDoc })
  @ApiResponse({ status: 400, description: '{"error": "invalid_request" | "unsupported_grant_type"}' })
  @ApiResponse({ status: 401, description: '{"error": "invalid_client"}' })
  async token(@Body() body: unknown, @Headers('authorization') authorization?: string): Promise<AccessTokenResponse> {
    const request = readTokenRequest(body, authorization);
    const client = await this.clients.authenticate(request.clientId, request.clientSecret);
    if (client === null) throw new OAuthException('invalid_client', 'Client authentication failed.', request.usedBasic);
    return this.tokens.issue(client.clientId);
  }
}
