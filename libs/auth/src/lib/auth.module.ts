import { DynamicModule, Module } from '@nestjs/common';
import { AUTH_OPTIONS, AuthOptions } from './auth.options';
import { ClientService } from './client.service';
import { CustomerAccessGuard } from './customer-access.guard';
import { FeedTokenService } from './feed-token.service';
import { TokenSigner } from './token-signer';
import { TokenIntrospection } from './token-introspection';
import { TokenService } from './token.service';

/**
 * Clients, tokens and the customer guard, available everywhere (global) so resource modules
 * can put `CustomerAccessGuard` on their controllers. Needs PersistenceModule's repositories.
 */
@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      providers: [
        { provide: AUTH_OPTIONS, useValue: options },
        TokenSigner,
        ClientService,
        TokenService,
        TokenIntrospection,
        FeedTokenService,
        CustomerAccessGuard,
      ],
      exports: [ClientService, TokenService, TokenIntrospection, FeedTokenService, CustomerAccessGuard],
    };
  }
}
