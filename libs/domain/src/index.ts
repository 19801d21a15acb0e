export * from './lib/values';
export * from './lib/customer';
export * from './lib/preferences';
export * from './lib/summaries';
export * from './lib/bundle';
export * from './lib/events';
export * from './lib/clients';
export * from './lib/dates';
