export { ApplicationModule } from './lib/application.module';
export {
  CreateServiceRequest,
  IDEMPOTENCY_WINDOW_MS,
  type IdempotentCall,
  type ServiceRequestCall,
  type ServiceRequestOutcome,
  type IdempotentOutcome,
  type StoredResponse,
} from './lib/service-requests/create-service-request';
export { RequestOptions, type RequestOption } from './lib/service-requests/request-options';
export { SetTicketStatus } from './lib/tickets/set-ticket-status';
export { UpdateContacts } from './lib/contacts/update-contacts';
export { UpdatePreferences } from './lib/preferences/update-preferences';
export { Unsubscribe } from './lib/preferences/unsubscribe';
export { SetTextOptIn } from './lib/preferences/set-text-opt-in';
export { SetCustomerLanguage, type LanguageCall, type LanguageOutcome } from './lib/language/set-customer-language';
export { RevokeFeedLink, type FeedLink } from './lib/feeds/revoke-feed-link';
export { ResidentLinks, type ResidentSession, type ResidentToken } from './lib/residents/resident-links';
export { PickupSchedules, type UpcomingPickups } from './lib/schedules/pickup-schedules';
export { CheckImportFile, ImportRejected, type CheckedFile, type CustomerPlan } from './lib/import/check-import-file';
export { LoadImportFile } from './lib/import/load-import-file';
export { CustomerImport, type ImportSummary } from './lib/import/customer-import';
export { NoticeRun, type NoticeOptions, type NoticeRunResult } from './lib/notices/notice-run';
export { DueNoticeRun } from './lib/notices/due-notice-run';
export { RouteAlerts } from './lib/notices/route-alerts';
export { noticeProviders } from './lib/notices/notice-providers';
export { ExplainNotices, type ExplainedNotice, type ExplainOptions, type NoticeExplanation } from './lib/notices/explain-notices';
export { FanOutEvents } from './lib/deliveries/fan-out-events';
export { DeliverClaimed } from './lib/deliveries/deliver-claimed';
export { DeliveryFailure, MessageRenderer, type BatchControl, type Channel, type DeliveryChannels, type DeliveryOutcome, type OutcomeListener } from './lib/deliveries/delivery-ports';
export type { DeliveryOptions } from './lib/deliveries/delivery-options';
export { IssueAccessToken, type IssueTokenOutcome } from './lib/api-clients/issue-access-token';
export { AccessTokens, ApiClientRegistry, type IssuedToken } from './lib/api-clients/api-client-ports';
export { adminProviders } from './lib/admin-providers';
