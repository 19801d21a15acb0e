export { startTestApp } from './test-app';
export type { AuthorizedRequests, TestApp, TestAppOptions, TestClient } from './test-app';
export { ProbeModule, probeHits } from './probe.module';
export { expectJson, expectProblem, expectXmlMirrorsJson, JSON_CONTENT_TYPE, PROBLEM_CONTENT_TYPE, XML_CONTENT_TYPE } from './expect';
export { itEnforcesCustomerScope } from './access';
export { newestFirst, sortableTimestamp, sortableUsDateTime } from './order';
export { documentedGets } from './routes';
export type { DocumentedGet, PathSamples } from './routes';
export { expectNothingWritten, itEnforcesCustomerScopeOnWrite, itRefusesBodiesThatAreNotSmallJson, type WriteRoute } from './writes';
