import { DynamicModule, Global, Module } from '@nestjs/common';
import { messagesFor, Messages } from '@curbside/messages';

/** The catalogs residents' pages and calendars are written from (CONTRACT §11), built once, for every module of the API. */
@Global()
@Module({})
export class MessagesModule {
  static forRoot(languages: { offered: readonly string[]; messagesDir: string | null }): DynamicModule {
    return {
      module: MessagesModule,
      providers: [{ provide: Messages, useFactory: () => messagesFor({ languages: languages.offered, messagesDir: languages.messagesDir }) }],
      exports: [Messages],
    };
  }
}
