export { testDatabases } from './lib/test-databases';
export type { TestDatabase, TestDatabaseKind } from './lib/test-databases';
export { startSmtpSink, startHttpReceiver, until } from './lib/sinks';
export type { SmtpSink, SmtpRule, SmtpTry, ReceivedMail, HttpReceiver, ReceivedRequest } from './lib/sinks';
export { parseExposition } from './lib/prometheus';
export type { Exposition, MetricSample } from './lib/prometheus';
export { NOTICE_FIXTURE, expectedNotices, importFile, pickupsScheduled, reachedSelections, routeCustomers, wireCustomer } from './lib/notice-fixture';
export type { ExpectedNotices, ExpectedPickup, FixtureCustomer, FixtureHoliday, FixtureSelection, FixtureService, WireWeekday } from './lib/notice-fixture';
