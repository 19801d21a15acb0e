export { ApplicationModule } from './lib/application.module';
export {
  CreateServiceRequest,
  IDEMPOTENCY_WINDOW_MS,
  type IdempotentCall,
  type ServiceRequestCall,
  type ServiceRequestOutcome,
  type StoredResponse,
} from './lib/service-requests/create-service-request';
export { SetTicketStatus } from './lib/tickets/set-ticket-status';
export { UpdateContacts } from './lib/contacts/update-contacts';
export { UpdatePreferences } from './lib/preferences/update-preferences';
export { Unsubscribe } from './lib/preferences/unsubscribe';
export { SetTextOptIn } from './lib/preferences/set-text-opt-in';
export { RevokeFeedLink, type FeedLink } from './lib/feeds/revoke-feed-link';
export { PickupSchedules } from './lib/schedules/pickup-schedules';
export { LoadImportFile, ImportRejected, type CheckedFile, type CustomerPlan } from './lib/import/load-import-file';
export { NoticeRun, NoticeScheduler, RouteAlerts, type NoticeOptions, type NoticeRunResult } from './lib/notices/notices';
export { noticeProviders } from './lib/notices/notice-providers';
export { ExplainNotices, type ExplainedNotice, type ExplainOptions, type NoticeExplanation } from './lib/notices/explain-notices';
