export { startTestApp } from './test-app';
export type { AuthorizedRequests, TestApp, TestAppOptions, TestClient } from './test-app';
export { ProbeModule } from './probe.module';
