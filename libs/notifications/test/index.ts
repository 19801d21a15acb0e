/*
 * The test entry (`@curbside/notifications/testing`): a migrated database with a notifier factory,
 * for the suites above this lib (the notices' use cases, run with the real delivery planner in the
 * notifier app). Only Jest and the type checker read it; it is never built.
 */
export { drain, openWorld, SENDER, TEST_OPTIONS, type NotifierWorld } from './support';
