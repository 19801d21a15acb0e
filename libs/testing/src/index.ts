export { testDatabases } from './lib/test-databases';
export type { TestDatabase, TestDatabaseKind } from './lib/test-databases';
export { startSmtpSink, startHttpReceiver, until } from './lib/sinks';
export type { SmtpSink, SmtpRule, SmtpTry, ReceivedMail, HttpReceiver, ReceivedRequest } from './lib/sinks';
export { parseExposition } from './lib/prometheus';
export type { Exposition, MetricSample } from './lib/prometheus';
export { startTcpProxy } from './lib/tcp-proxy';
export type { TcpProxy } from './lib/tcp-proxy';
export { freePort } from './lib/ports';
