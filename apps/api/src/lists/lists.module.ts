import { DynamicModule, Module } from '@nestjs/common';
import { ListCursors } from './list-cursors';
import { LIST_OPTIONS, ListOptions, ListPagingPipe } from './paging';

/** Paging for every list route (global, so resource modules only use `@Paging()`). Needs AuthModule. */
@Module({})
export class ListsModule {
  static forRoot(options: ListOptions): DynamicModule {
    return {
      module: ListsModule,
      global: true,
      providers: [{ provide: LIST_OPTIONS, useValue: options }, ListCursors, ListPagingPipe],
      exports: [LIST_OPTIONS, ListCursors, ListPagingPipe],
    };
  }
}
