import { DynamicModule, Module } from '@nestjs/common';
import { UnsubscribeTokens } from '@curbside/notifications';
import { SigningKeyRepository } from '@curbside/persistence';
import { CONSENT_OPTIONS, type ConsentOptions } from './consent.options';
import { InboundTextController } from './inbound-text.controller';
import { UnsubscribeController } from './unsubscribe.controller';

/** Residents' own doors, without credentials (CONTRACT §10): the unsubscribe links and inbound texts. */
@Module({})
export class ConsentModule {
  static forRoot(options: ConsentOptions): DynamicModule {
    return {
      module: ConsentModule,
      controllers: [UnsubscribeController, InboundTextController],
      providers: [
        { provide: CONSENT_OPTIONS, useValue: options },
        { provide: UnsubscribeTokens, useFactory: (keys: SigningKeyRepository) => new UnsubscribeTokens(keys), inject: [SigningKeyRepository] },
      ],
    };
  }
}
