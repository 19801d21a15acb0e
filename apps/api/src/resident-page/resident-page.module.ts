import { DynamicModule, Module } from '@nestjs/common';
import { PageViews } from './page-view';
import { ResidentPageController } from './resident-page.controller';
import { RESIDENT_PAGE_OPTIONS, type ResidentPageOptions } from './resident-page.options';
import { PAGE_TEMPLATES, PAGE_WORDS } from './resident-page.tokens';
import { Messages } from '@curbside/messages';
import { PageWords } from './page-words';
import { pageTemplates } from './views';

/** A resident's own page (CONTRACT §12): `/my`, from a link in every email. */
@Module({})
export class ResidentPageModule {
  static forRoot(options: ResidentPageOptions): DynamicModule {
    return {
      module: ResidentPageModule,
      controllers: [ResidentPageController],
      providers: [
        { provide: RESIDENT_PAGE_OPTIONS, useValue: options },
        { provide: PAGE_TEMPLATES, useFactory: pageTemplates },
        // The API's one set of catalogs (MessagesModule), MESSAGES_DIR's overrides of the page's words included.
        { provide: PAGE_WORDS, useFactory: (messages: Messages) => new PageWords(messages), inject: [Messages] },
        PageViews,
      ],
    };
  }
}
