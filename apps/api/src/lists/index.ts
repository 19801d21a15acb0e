// Paging of the list routes (CONTRACT §7).
export { ListParams, PageParams } from './list.query';
export { ListPaging, Paging } from './paging';
export { ListsModule } from './lists.module';
