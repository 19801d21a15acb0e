/*
 * The test entry (`@curbside/persistence/testing`): a migrated database per describe block and
 * realistic records, for the suites of the libs above persistence (the application's use cases).
 * Only Jest and the type checker read it; it is never built.
 */
export { useDatabase } from './support/database';
export { dataVersions } from './support/data-version';
export { rowsInStatistics } from './support/statistics';
export * from './support/fixtures';
export { storeBundles } from './support/stored-bundles';
