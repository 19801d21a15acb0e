import { ROUTES } from '@curbside/contract';
import type { HotRead } from '../hot-reads/hot-reads';
import { LIST_QUERY } from '../hot-reads/query-check';
import type { ListParams } from '../lists';
import { ActivitiesController } from './activities.controller';

/** The email and issue activities and the notes (`serveHotReads`). */
export const ACTIVITY_READS: readonly HotRead<ActivitiesController>[] = [
  {
    route: ROUTES.listEmailActivities,
    controller: ActivitiesController,
    method: 'emailActivities',
    ids: [],
    query: LIST_QUERY,
    serve: (activities, request, query: ListParams) => activities.emailActivities(request.customer, query, request.paging()),
  },
  {
    route: ROUTES.listIssueActivities,
    controller: ActivitiesController,
    method: 'issueActivities',
    ids: [],
    query: LIST_QUERY,
    serve: (activities, request, query: ListParams) => activities.issueActivities(request.customer, query, request.paging()),
  },
  {
    route: ROUTES.listNotes,
    controller: ActivitiesController,
    method: 'noteList',
    ids: [],
    query: LIST_QUERY,
    serve: (activities, request, query: ListParams) => activities.noteList(request.trackingId, request.customer, query, request.paging()),
  },
];
