/*
 * The test entry (`@curbside/persistence/testing`): a migrated database per describe block and
 * realistic records, for the suites of the libs above persistence (the application's use cases).
 * Only Jest and the type checker read it; it is never built.
 */
export { useDatabase } from './database';
export { dataVersions } from './data-version';
export { rowsInStatistics } from './statistics';
export * from './fixtures';
export { storeBundles } from './stored-bundles';
