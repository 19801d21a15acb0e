export * from './lib/catalog-files';
export * from './lib/check';
export * from './lib/isolation';
export * from './lib/messages';
export * from './lib/page-language';
export * from './lib/texts';
