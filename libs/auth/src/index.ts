export { AuthModule } from './lib/auth.module';
export type { AuthOptions } from './lib/auth.options';
export { AuthErrorCode, AuthException } from './lib/auth.exception';
export { ClientService } from './lib/client.service';
export type { NewClient } from './lib/client.service';
export { KEY_REFRESH_MS, KeyRotationRefused, TokenService } from './lib/token.service';
export type { AccessTokenResponse, KeyRotation } from './lib/token.service';
export { CLIENT_ADMISSION, CurrentClient, CustomerAccessGuard } from './lib/customer-access.guard';
export type { ClientAdmission } from './lib/customer-access.guard';
