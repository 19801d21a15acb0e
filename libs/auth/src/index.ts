export { AuthModule } from './lib/auth.module';
export type { AuthOptions } from './lib/auth.options';
export { AuthErrorCode, AuthException } from './lib/auth.exception';
export { ClientService } from './lib/client.service';
export type { NewClient } from './lib/client.service';
export { TokenService } from './lib/token.service';
export type { AccessTokenResponse } from './lib/token.service';
export { CurrentClient, CustomerAccessGuard } from './lib/customer-access.guard';
