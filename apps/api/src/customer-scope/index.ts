// What the resource modules share: the customer scope, date ranges and record ids.
export { CustomerResource } from './customer-resource';
export { CurrentCustomer } from './customer-exists.guard';
export { DateRangeQuery, IsQueryDate, toDateRange } from './date-range.query';
export { RecordIdPipe } from './record-id.pipe';
