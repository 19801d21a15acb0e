import type {
  AccessTokenBody,
  AccountBalanceBody,
  CalendarLinkBody,
  CaseDetailBody,
  CaseListBody,
  ContactsBody,
  CustomerLanguageBody,
  DisposalMaterialsBody,
  DisposalPricesBody,
  DisposalSurchargesBody,
  DisposalTicketDetailBody,
  DisposalTicketListBody,
  EmailActivitiesBody,
  EtaBody,
  HealthBody,
  HolidaysBody,
  InvoiceDetailBody,
  InvoiceFeesBody,
  InvoiceListBody,
  IssueActivitiesBody,
  NextPickupsBody,
  NotesBody,
  PickupPlanBody,
  PickupStatsBody,
  PreferencesBody,
  ProfilesBody,
  ServiceMaterialsBody,
  ServiceOperationsBody,
  ServicePricesBody,
  ServiceSchedulesBody,
  ServicesBody,
  TicketDetailBody,
  TicketListBody,
  TokenIntrospectionBody,
  UpdatedBody,
} from './bodies';

export type HttpMethod = 'GET' | 'PUT' | 'POST';

/** The formats an operation answers in: JSON and XML by `Accept` (CONTRACT §4), iCalendar, HTML pages and TwiML where said. */
export type Format = 'json' | 'xml' | 'calendar' | 'html' | 'twiml';

export interface QueryParameter {
  name: string;
  required: boolean;
}

/** One operation of the API: declared here once, read by the API's controllers, its OpenAPI document and the SDK. */
export interface Route {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path template, e.g. `/api/v1/customers/{customerId}/tickets/{ticketId}`. */
  path: string;
  /** The `{names}` of `path`, in order. */
  pathParameters: readonly string[];
  queryParameters: readonly QueryParameter[];
  formats: readonly Format[];
  /** Under `customers/{customerId}`: needs a token, `ClientId` and `Request-Tracking-Id`, and a grant of the customer. */
  customerScoped: boolean;
}

type RouteSpec = { method: HttpMethod; path: string; query?: readonly QueryParameter[]; formats?: readonly Format[] };

const optional = (...names: string[]): QueryParameter[] => names.map((name) => ({ name, required: false }));
const required = (name: string): QueryParameter => ({ name, required: true });

/** The parameters of the paged lists (CONTRACT §7). */
const LIST = optional('fromDate', 'toDate', 'limit', 'cursor');
const DISPOSAL_VIEW = [required('ticket_type')];
const CUSTOMER = '/api/v1/customers/{customerId}';
const WIRE: readonly Format[] = ['json', 'xml'];

function defineRoutes<T extends Record<string, RouteSpec>>(specs: T): { readonly [K in keyof T]: Route & { operationId: K } } {
  const entries = Object.entries(specs).map(([operationId, spec]) => [operationId, toRoute(operationId, spec)]);
  return Object.fromEntries(entries) as { readonly [K in keyof T]: Route & { operationId: K } };
}

function toRoute(operationId: string, { method, path, query = [], formats }: RouteSpec): Route {
  const customerScoped = path.startsWith('/api/');
  return {
    operationId,
    method,
    path,
    pathParameters: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]),
    queryParameters: query,
    formats: formats ?? (customerScoped ? WIRE : ['json']),
    customerScoped,
  };
}

/** Every operation of the API, by operation id. */
export const ROUTES = defineRoutes({
  getLiveness: { method: 'GET', path: '/health/live', formats: WIRE },
  getReadiness: { method: 'GET', path: '/health/ready', formats: WIRE },
  issueToken: { method: 'POST', path: '/oauth/token' },
  /** RFC 7662: another service asks whether an access token is active, authenticated as a client. */
  introspectToken: { method: 'POST', path: '/oauth/introspect' },
  getCalendarFeed: { method: 'GET', path: '/feeds/calendar/{token}/pickups.ics', query: optional('lang'), formats: ['calendar'] },
  /** CONTRACT §10: the page of an email's unsubscribe link; changes nothing (mail scanners open links). */
  showUnsubscribe: { method: 'GET', path: '/unsubscribe/{token}', query: optional('lang'), formats: ['html'] },
  /** CONTRACT §10: one-click unsubscribe (RFC 8058), and the page's button. */
  unsubscribe: { method: 'POST', path: '/unsubscribe/{token}', query: optional('lang'), formats: ['html'] },
  /** CONTRACT §10: a text provider's inbound message (Twilio's shape): STOP, START. */
  receiveInboundText: { method: 'POST', path: '/webhooks/text-inbound', formats: ['twiml'] },

  listTickets: { method: 'GET', path: `${CUSTOMER}/tickets`, query: [...LIST, ...optional('ticket_type')] },
  getTicket: { method: 'GET', path: `${CUSTOMER}/tickets/{ticketId}`, query: optional('ticket_type') },
  getDisposalTicketMaterials: { method: 'GET', path: `${CUSTOMER}/tickets/{ticketId}/materials`, query: DISPOSAL_VIEW },
  getDisposalTicketSurcharges: { method: 'GET', path: `${CUSTOMER}/tickets/{ticketId}/surcharges`, query: DISPOSAL_VIEW },
  getDisposalTicketPrices: { method: 'GET', path: `${CUSTOMER}/tickets/{ticketId}/prices`, query: DISPOSAL_VIEW },
  /** CONTRACT §9: a resident's missed-pickup report or extra-pickup booking; answers 201 with the ticket (op 2's body). */
  createServiceRequest: { method: 'POST', path: `${CUSTOMER}/service-requests` },
  /** A published sample writes `/price`: the same as `/prices`. */
  getDisposalTicketPrice: { method: 'GET', path: `${CUSTOMER}/tickets/{ticketId}/price`, query: DISPOSAL_VIEW },

  listInvoices: { method: 'GET', path: '/api/v2/customers/{customerId}/invoices', query: LIST },
  /** Deprecated: answers with `Deprecation` and `Sunset` headers (docs/spec-decisions.md). */
  listInvoicesV1: { method: 'GET', path: `${CUSTOMER}/invoices`, query: LIST },
  getInvoice: { method: 'GET', path: `${CUSTOMER}/invoices/{invoiceId}` },
  getBalance: { method: 'GET', path: `${CUSTOMER}/balance` },
  listProfiles: { method: 'GET', path: `${CUSTOMER}/profiles` },

  listCases: { method: 'GET', path: `${CUSTOMER}/cases`, query: LIST },
  getCase: { method: 'GET', path: `${CUSTOMER}/cases/{caseId}` },

  listContacts: { method: 'GET', path: `${CUSTOMER}/contacts` },
  updateContacts: { method: 'PUT', path: `${CUSTOMER}/contacts` },
  getBillingContact: { method: 'GET', path: `${CUSTOMER}/contacts/billing` },
  getServiceContact: { method: 'GET', path: `${CUSTOMER}/contacts/service` },
  /** The same as contacts/service (a published sample's spelling). */
  getServicesContact: { method: 'GET', path: `${CUSTOMER}/contacts/services` },

  getCommunicationPreferences: { method: 'GET', path: `${CUSTOMER}/communication-preferences` },
  updateCommunicationPreferences: { method: 'PUT', path: `${CUSTOMER}/communication-preferences` },

  /** CONTRACT §11: the language the customer's residents are written to in. */
  getCustomerLanguage: { method: 'GET', path: `${CUSTOMER}/language` },
  updateCustomerLanguage: { method: 'PUT', path: `${CUSTOMER}/language` },

  listServices: { method: 'GET', path: `${CUSTOMER}/services`, query: optional('line_of_business') },
  getInvoiceFees: { method: 'GET', path: `${CUSTOMER}/services/prices/invoice-fees` },
  getServicePrices: { method: 'GET', path: `${CUSTOMER}/services/prices` },
  getServiceMaterials: { method: 'GET', path: `${CUSTOMER}/services/materials` },
  getPickupPlan: { method: 'GET', path: `${CUSTOMER}/services/plan` },
  getPickupStats: { method: 'GET', path: `${CUSTOMER}/services/stats`, query: optional('limit', 'cursor', 'numberOfdays', 'summary') },
  getNextPickups: { method: 'GET', path: `${CUSTOMER}/services/next-pickup`, formats: ['json', 'xml', 'calendar'] },
  getServiceOperations: { method: 'GET', path: `${CUSTOMER}/services/operations` },
  getCalendarLink: { method: 'GET', path: `${CUSTOMER}/services/calendar` },
  getEta: { method: 'GET', path: `${CUSTOMER}/services/{serviceId}/ETA`, query: [required('requestDate'), ...optional('ticketNumber')] },

  listEmailActivities: { method: 'GET', path: `${CUSTOMER}/activities/email`, query: LIST },
  listIssueActivities: { method: 'GET', path: `${CUSTOMER}/activities/issues`, query: LIST },
  listNotes: { method: 'GET', path: `${CUSTOMER}/activities/notes`, query: LIST },

  // What a team needs to run the schedule rules itself (CONTRACT §6): the schedules and the holiday calendar.
  getServiceSchedules: { method: 'GET', path: `${CUSTOMER}/services/schedules` },
  getHolidays: { method: 'GET', path: `${CUSTOMER}/services/holidays` },
});

export type OperationId = keyof typeof ROUTES;

/** The 200 (201 for a POST) body of each operation (JSON; the XML carries the same members). */
export interface ResponseBodies {
  getLiveness: HealthBody;
  getReadiness: HealthBody;
  issueToken: AccessTokenBody;
  introspectToken: TokenIntrospectionBody;
  getCalendarFeed: string;
  showUnsubscribe: string;
  unsubscribe: string;
  receiveInboundText: string;
  listTickets: TicketListBody | DisposalTicketListBody;
  getTicket: TicketDetailBody | DisposalTicketDetailBody;
  createServiceRequest: TicketDetailBody;
  getDisposalTicketMaterials: DisposalMaterialsBody;
  getDisposalTicketSurcharges: DisposalSurchargesBody;
  getDisposalTicketPrices: DisposalPricesBody;
  getDisposalTicketPrice: DisposalPricesBody;
  listInvoices: InvoiceListBody;
  listInvoicesV1: InvoiceListBody;
  getInvoice: InvoiceDetailBody;
  getBalance: AccountBalanceBody;
  listProfiles: ProfilesBody;
  listCases: CaseListBody;
  getCase: CaseDetailBody;
  listContacts: ContactsBody;
  updateContacts: UpdatedBody;
  getBillingContact: ContactsBody;
  getServiceContact: ContactsBody;
  getServicesContact: ContactsBody;
  getCommunicationPreferences: PreferencesBody;
  updateCommunicationPreferences: UpdatedBody;
  getCustomerLanguage: CustomerLanguageBody;
  updateCustomerLanguage: CustomerLanguageBody;
  listServices: ServicesBody;
  getInvoiceFees: InvoiceFeesBody;
  getServicePrices: ServicePricesBody;
  getServiceMaterials: ServiceMaterialsBody;
  getPickupPlan: PickupPlanBody;
  getPickupStats: PickupStatsBody;
  getNextPickups: NextPickupsBody;
  getServiceOperations: ServiceOperationsBody;
  getCalendarLink: CalendarLinkBody;
  getEta: EtaBody;
  listEmailActivities: EmailActivitiesBody;
  listIssueActivities: IssueActivitiesBody;
  listNotes: NotesBody;

  getServiceSchedules: ServiceSchedulesBody;
  getHolidays: HolidaysBody;
}

/** Every operation has a body type, and every body type an operation. */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const BODIES_COVER_ROUTES: Exactly<keyof ResponseBodies, OperationId> = true;
