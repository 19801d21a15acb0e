import type {
  AccountBalance,
  Balance,
  EtaView,
  Pickup,
  PickupStatsSummary,
  Case,
  Contact,
  CustomerLanguage,
  DisposalTicket,
  DisposalTicketSummary,
  EmailActivity,
  Invoice,
  InvoiceSummary,
  IssueActivity,
  LanguageTag,
  Page,
  Note,
  Preference,
  Profile,
  Service,
  ServiceTicket,
  ServiceNextPickup,
  ServiceTicketSummary,
} from '@curbside/domain';
import { accountBalanceCodec } from './account-balance.codec';
import { caseCodec } from './case.codec';
import { contactCodec } from './contact.codec';
import { disposalTicketCodec } from './disposal-ticket.codec';
import { emailActivityCodec } from './email-activity.codec';
import { invoiceCodec } from './invoice.codec';
import { issueActivityCodec } from './issue-activity.codec';
import { languageCodec } from './language.codec';
import { encodeNextPickup } from './next-pickup.codec';
import { pickupCodec } from './pickup.codec';
import { noteCodec } from './note.codec';
import { preferenceCodec } from './preference.codec';
import { profileCodec } from './profile.codec';
import { type HolidayCalendar, scheduleAnswers, type ServiceSchedules } from './schedule-answers';
import { serviceCodec } from './service.codec';
import { serviceTicketCodec, SUMMARY_SHAPE as SERVICE_TICKET_SUMMARY } from './service-ticket.codec';
import { WrittenList } from './written';
import type {
  HolidaysBody,
  ServiceSchedulesBody,
  AccountBalanceBody,
  CalendarLinkBody,
  CaseDetailBody,
  CaseListBody,
  ContactsBody,
  DisposalMaterialsBody,
  DisposalPricesBody,
  DisposalSurchargesBody,
  DisposalTicketDetailBody,
  DisposalTicketListBody,
  EmailActivitiesBody,
  EtaBody,
  InvoiceDetailBody,
  InvoiceFeesBody,
  InvoiceListBody,
  IssueActivitiesBody,
  NextPickupsBody,
  NotesBody,
  PickupPlanBody,
  PickupStatsBody,
  PreferencesBody,
  CustomerLanguageBody,
  ProfilesBody,
  ServiceMaterialsBody,
  ServiceOperationsBody,
  ServicePricesBody,
  ServicesBody,
  TicketDetailBody,
  TicketListBody,
  UpdatedBody,
  WireTotalCount,
} from '@curbside/contract';

/** A page of a list (CONTRACT §7): its records and the size of the whole filtered list. */
export type ListPage<T> = Pick<Page<T>, 'items' | 'totalCount'>;

/** `totalCount` counts the whole filtered list, not only this page, as a string. */
const totalCount = (page: ListPage<unknown>): WireTotalCount => ({ totalCount: String(page.totalCount) });

/** For the lists that are not paged (services): all of it. */
const whole = <T>(items: readonly T[]): ListPage<T> => ({ items: [...items], totalCount: items.length });

/**
 * The response body of every operation of the interface, member for member. Controllers
 * build bodies only through these, so the wire format lives in this library alone.
 * Bodies are plain JSON-ready objects whose leaves are all strings; `toXml` renders any of them.
 * Each is typed by its body type in @curbside/contract: a member renamed there fails here.
 */
export const responses = {
  /** 1. GET tickets. */
  ticketList(trackingId: string, tickets: Pick<ListPage<ServiceTicketSummary>, 'items'>): TicketListBody {
    return { request_tracking_id: trackingId, tickets: tickets.items.map(serviceTicketCodec.encodeSummary) };
  },

  /** 2. GET tickets/{ticketId}. */
  ticketDetail(trackingId: string, ticket: ServiceTicket): TicketDetailBody {
    return { request_tracking_id: trackingId, tickets: [serviceTicketCodec.encodeDetail(ticket)] };
  },

  /** 3. GET tickets?ticket_type=disposal: `metadata` is an array of one `{totalCount}`. */
  disposalList(trackingId: string, tickets: ListPage<DisposalTicketSummary>): DisposalTicketListBody {
    return {
      request_tracking_id: trackingId,
      tickets: tickets.items.map(disposalTicketCodec.encodeSummary),
      metadata: [totalCount(tickets)],
    };
  },

  /** 4. GET tickets/{ticketId}?ticket_type=disposal. */
  disposalDetail(trackingId: string, ticket: DisposalTicket): DisposalTicketDetailBody {
    return { request_tracking_id: trackingId, tickets: [disposalTicketCodec.encodeDetail(ticket)] };
  },

  /** GET tickets/{ticketId}/materials?ticket_type=disposal. */
  disposalMaterials(trackingId: string, ticket: DisposalTicket): DisposalMaterialsBody {
    return { request_tracking_id: trackingId, tickets: [disposalTicketCodec.encodeMaterials(ticket)] };
  },

  /** GET tickets/{ticketId}/surcharges?ticket_type=disposal. */
  disposalSurcharges(trackingId: string, ticket: DisposalTicket): DisposalSurchargesBody {
    return { request_tracking_id: trackingId, tickets: [disposalTicketCodec.encodeSurcharges(ticket)] };
  },

  /** GET tickets/{ticketId}/prices (and /price)?ticket_type=disposal. */
  disposalPrices(trackingId: string, ticket: DisposalTicket): DisposalPricesBody {
    return { request_tracking_id: trackingId, tickets: [disposalTicketCodec.encodePrices(ticket)] };
  },

  /** 5. GET v2 invoices: no request_tracking_id (the spec's table has none). */
  invoiceList(currency: string, invoices: ListPage<InvoiceSummary>, balances: readonly Balance[]): InvoiceListBody {
    return {
      currency,
      invoices: invoices.items.map(invoiceCodec.encodeSummary),
      balances: balances.map(invoiceCodec.encodeBalance),
    };
  },

  /** GET balance. */
  accountBalance(trackingId: string, account: AccountBalance): AccountBalanceBody {
    return { request_tracking_id: trackingId, ...accountBalanceCodec.encode(account) };
  },

  /** GET profiles. */
  profiles(trackingId: string, profiles: readonly Profile[]): ProfilesBody {
    return { request_tracking_id: trackingId, profiles: profiles.map(profileCodec.encode) };
  },

  /** 6. GET invoices/{invoiceId}: one entry per line; no request_tracking_id. */
  invoiceDetail(invoice: Invoice): InvoiceDetailBody {
    return { invoices: invoiceCodec.encodeLines(invoice) };
  },

  /** 7. GET cases: `metadata` is a plain `{totalCount}` object. */
  caseList(trackingId: string, cases: ListPage<Case>): CaseListBody {
    return { request_tracking_id: trackingId, cases: cases.items.map(caseCodec.encode), metadata: totalCount(cases) };
  },

  /** GET cases/{caseId}: the one case, its summary members then its detail members. */
  caseDetail(trackingId: string, c: Case): CaseDetailBody {
    return { request_tracking_id: trackingId, cases: [caseCodec.encodeDetail(c)] };
  },

  /** 8. GET contacts. */
  contacts(trackingId: string, contacts: readonly Contact[]): ContactsBody {
    return { request_tracking_id: trackingId, contacts: contacts.map(contactCodec.encode) };
  },

  /** GET contacts/billing, contacts/service: the body of op 8 with that one contact, or none. */
  contactOfType(trackingId: string, contact: Contact | null): ContactsBody {
    return { request_tracking_id: trackingId, contacts: contact === null ? [] : [contactCodec.encode(contact)] };
  },

  /** PUT contacts. */
  contactsUpdated(trackingId: string): UpdatedBody {
    return { request_tracking_id: trackingId, status: 'Success' };
  },

  /** 9. GET communication-preferences. */
  preferences(trackingId: string, preferences: readonly Preference[]): PreferencesBody {
    return { request_tracking_id: trackingId, preferences: preferences.map(preferenceCodec.encode) };
  },

  /** 10. PUT communication-preferences. */
  preferencesUpdated(trackingId: string): UpdatedBody {
    return { request_tracking_id: trackingId, status: 'Success' };
  },

  /** GET and PUT language (CONTRACT §11): the customer's language and the offered ones. */
  customerLanguage(trackingId: string, language: CustomerLanguage, offered: readonly LanguageTag[]): CustomerLanguageBody {
    return languageCodec.encode(trackingId, language, offered);
  },

  /** 11. GET services/prices/invoice-fees: `metadata` is a plain `{totalCount}` object. */
  invoiceFees(trackingId: string, services: readonly Service[]): InvoiceFeesBody {
    return {
      request_tracking_id: trackingId,
      services: services.map(serviceCodec.encodeInvoiceFees),
      metadata: totalCount(whole(services)),
    };
  },

  /** 12. GET services/prices. */
  servicePrices(trackingId: string, services: readonly Service[]): ServicePricesBody {
    return { request_tracking_id: trackingId, services: services.map(serviceCodec.encodePrices) };
  },

  /** 13. GET services/materials. */
  serviceMaterials(trackingId: string, services: readonly Service[]): ServiceMaterialsBody {
    return { request_tracking_id: trackingId, services: services.map(serviceCodec.encodeMaterials) };
  },

  /** 14. GET activities/email: `metadata` is an array of one `{totalCount}`; no request_tracking_id. */
  emailActivities(activities: ListPage<EmailActivity>): EmailActivitiesBody {
    return { activities: activities.items.map(emailActivityCodec.encode), metadata: [totalCount(activities)] };
  },

  /** 15. GET activities/issues: no request_tracking_id, no metadata. */
  issueActivities(activities: ListPage<IssueActivity>): IssueActivitiesBody {
    return { activities: activities.items.map(issueActivityCodec.encode) };
  },

  // ---- the published operations beyond the spec's detail (CONTRACT §6) ----

  /** GET services: every service, without its schedule and prices. */
  services(trackingId: string, services: readonly Service[]): ServicesBody {
    return { request_tracking_id: trackingId, services: services.map(serviceCodec.encodeListEntry) };
  },

  /** GET services/operations: each service's routes. */
  serviceOperations(trackingId: string, services: readonly Service[]): ServiceOperationsBody {
    return { request_tracking_id: trackingId, services: services.map(serviceCodec.encodeOperations) };
  },

  /** GET services/plan: today's pickup records. */
  pickupPlan(trackingId: string, pickups: readonly Pickup[]): PickupPlanBody {
    return { request_tracking_id: trackingId, services: pickups.map(pickupCodec.encodePlanEntry) };
  },

  /** GET services/stats: confirmed pickup records; `summary` only when asked for (summary=Y). */
  pickupStats(trackingId: string, pickups: readonly Pickup[], summary: PickupStatsSummary | null): PickupStatsBody {
    const body: PickupStatsBody = { request_tracking_id: trackingId, services: pickups.map(pickupCodec.encodeStatsEntry) };
    return summary === null ? body : { ...body, summary: pickupCodec.encodeStatsSummary(summary) };
  },

  /** GET services/next-pickup. */
  nextPickups(trackingId: string, entries: readonly ServiceNextPickup[]): NextPickupsBody {
    return { request_tracking_id: trackingId, services: entries.map(encodeNextPickup) };
  },

  /** GET services/{serviceId}/ETA: one object. */
  eta(trackingId: string, eta: EtaView): EtaBody {
    return { request_tracking_id: trackingId, ETA: pickupCodec.encodeEtaView(eta) };
  },

  /** GET services/schedules: every service with its schedule, the operating time zone and its date today. */
  serviceSchedules(trackingId: string, schedules: ServiceSchedules): ServiceSchedulesBody {
    return scheduleAnswers.encodeServiceSchedules(trackingId, schedules);
  },

  /** GET services/holidays: the holiday calendar and the operating time zone. */
  holidays(trackingId: string, calendar: HolidayCalendar): HolidaysBody {
    return scheduleAnswers.encodeHolidays(trackingId, calendar);
  },

  /** GET services/calendar: the address of the calendar feed. */
  calendarLink(trackingId: string, calendarUrl: string): CalendarLinkBody {
    return { request_tracking_id: trackingId, calendar_url: calendarUrl };
  },

  /** GET activities/notes. */
  notes(trackingId: string, notes: readonly Note[]): NotesBody {
    return { request_tracking_id: trackingId, activities: notes.map(noteCodec.encode) };
  },
};

/**
 * The long lists' answers written as text straight from their records (`WrittenList`): the bytes
 * `responses` would give, serialized, without a wire object per record.
 */
export const writtenResponses = {
  /** 1. GET tickets, as `responses.ticketList`. */
  ticketList(trackingId: string, tickets: Pick<ListPage<ServiceTicketSummary>, 'items'>): WrittenList {
    return WrittenList.of(trackingId, 'tickets', SERVICE_TICKET_SUMMARY, tickets.items);
  },
};
