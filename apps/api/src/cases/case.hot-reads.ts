import { ROUTES } from '@curbside/contract';
import type { HotRead } from '../hot-reads/hot-reads';
import { LIST_QUERY } from '../hot-reads/query-check';
import type { ListParams } from '../lists';
import { CasesController } from './cases.controller';

/** The case list and detail (`serveHotReads`). */
export const CASE_READS: readonly HotRead<CasesController>[] = [
  {
    route: ROUTES.listCases,
    controller: CasesController,
    method: 'list',
    ids: [],
    query: LIST_QUERY,
    serve: (cases, request, query: ListParams) => cases.list(request.trackingId, request.customer, query, request.paging()),
  },
  {
    route: ROUTES.getCase,
    controller: CasesController,
    method: 'detail',
    ids: ['caseId'],
    query: null,
    serve: (cases, request) => cases.detail(request.trackingId, request.customer, request.id('caseId')),
  },
];
