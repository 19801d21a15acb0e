import {
  accountBalance,
  Contact,
  ContactType,
  CustomerBundle,
  etaFor,
  type Holiday,
  nextPickupsOf,
  requestTicket,
  type ImportFile,
  statsPickups,
  summarizeDisposalTicket,
  summarizeInvoice,
  summarizePickups,
  summarizeServiceTicket,
} from '@curbside/domain';
import { CALENDAR_MESSAGES, customerCalendar, decodeImportFile, responses, type ListPage, type WireObject } from '@curbside/codecs';
import { messagesFor } from '@curbside/messages';
import { buildDemoImportFile } from '@curbside/demo';

/**
 * Example bodies for the OpenAPI document, made the way real responses are made: the demo
 * sandbox's records through the codecs. An example can therefore never drift from the wire
 * format it documents.
 */
const TRACKING_ID = '7d0c2a4e-5b1f-4f7e-9a51-2f0e4c1d8b93';

/** The demo's "today", fixed so the document is stable. */
const TODAY = '2026-06-15';

/** Independence Day 2026 falls on a Saturday: observed on Friday, July 3. */
const OBSERVED_HOLIDAY: Holiday = { date: '2026-07-03', name: 'Independence Day (observed)', delayDays: 1 };

let demo: ImportFile | null = null;
const demoFile = (): ImportFile => (demo ??= decodeImportFile(buildDemoImportFile(new Date(2026, 5, 15))));
/** The demo household. */
const household = (): CustomerBundle => demoFile().customers[0];
const holidays = (): Holiday[] => demoFile().holidays;

/** The household's roll-off service and its pickup record with a ticket and an ETA. */
function rollOffPickup() {
  const { services, pickups } = household();
  const pickup = pickups.find((p) => p.eta !== null && p.ticketNumber !== null && p.lineOfBusiness === 'ROLLOFF');
  const service = services.find((s) => s.id === pickup?.serviceId);
  if (pickup === undefined || service === undefined) throw new Error('the demo household has no roll-off pickup with an ETA');
  return { service, pickup };
}

/** The first `size` records of a list, as a page of the whole list. */
const firstPage = <T>(items: T[], size: number): ListPage<T> => ({ items: items.slice(0, size), totalCount: items.length });

/** The demo household's pickup calendar, as the feed and `Accept: text/calendar` answer it. */
export const pickupCalendarExample = (): string =>
  customerCalendar(household().customer.id, household().services, holidays(), TODAY, messagesFor({ languages: ['en'] }).writer('en', CALENDAR_MESSAGES));

const contactOf = (type: ContactType): Contact | null => household().contacts.find((contact) => contact.type === type) ?? null;

/** One example body per operation of the interface (see `responses` in @curbside/codecs). */
export const examples = {
  ticketList: (): WireObject => responses.ticketList(TRACKING_ID, firstPage(household().tickets.map(summarizeServiceTicket), 2)),
  ticketDetail: (): WireObject => responses.ticketDetail(TRACKING_ID, household().tickets[0]),
  // A missed pickup reported on the day, as POST service-requests answers it.
  serviceRequestTicket: (): WireObject => {
    const service = household().services.find((s) => s.schedule !== null) ?? household().services[0];
    const request = { type: 'MISSED_PICKUP' as const, serviceId: service.id, date: TODAY, comments: 'The cart was at the curb by 6 am', requestedBy: 'Maria Alvarez' };
    return responses.ticketDetail(TRACKING_ID, requestTicket(request, service, '90000001', `${TODAY}T16:42:05.000`, 'partner-portal'));
  },
  disposalList: (): WireObject => responses.disposalList(TRACKING_ID, firstPage(household().disposalTickets.map(summarizeDisposalTicket), 2)),
  disposalDetail: (): WireObject => responses.disposalDetail(TRACKING_ID, household().disposalTickets[0]),
  disposalMaterials: (): WireObject => responses.disposalMaterials(TRACKING_ID, household().disposalTickets[0]),
  disposalSurcharges: (): WireObject => responses.disposalSurcharges(TRACKING_ID, household().disposalTickets[0]),
  disposalPrices: (): WireObject => responses.disposalPrices(TRACKING_ID, household().disposalTickets[0]),
  invoiceList: (): WireObject => {
    const { customer, invoices, balances } = household();
    return responses.invoiceList(customer.currency, firstPage(invoices.map(summarizeInvoice), 2), balances);
  },
  accountBalance: (): WireObject => {
    const { customer, contacts, invoices, balances } = household();
    return responses.accountBalance(TRACKING_ID, accountBalance({ contacts, ivrFee: customer.ivrFee, invoices, balances }));
  },
  profiles: (): WireObject => responses.profiles(TRACKING_ID, household().profiles),
  invoiceDetail: (): WireObject => responses.invoiceDetail(household().invoices[1]),
  caseList: (): WireObject => responses.caseList(TRACKING_ID, firstPage(household().cases, 2)),
  // A case with adjustments, so the document shows their members.
  caseDetail: (): WireObject => responses.caseDetail(TRACKING_ID, household().cases.find((c) => c.detail.adjustments.length > 0) ?? household().cases[0]),
  contacts: (): WireObject => responses.contacts(TRACKING_ID, household().contacts),
  billingContact: (): WireObject => responses.contactOfType(TRACKING_ID, contactOf('billing')),
  serviceContact: (): WireObject => responses.contactOfType(TRACKING_ID, contactOf('service')),
  contactsUpdated: (): WireObject => responses.contactsUpdated(TRACKING_ID),
  preferences: (): WireObject => responses.preferences(TRACKING_ID, household().preferences),
  preferencesUpdated: (): WireObject => responses.preferencesUpdated(TRACKING_ID),
  customerLanguage: (): WireObject =>
    responses.customerLanguage(TRACKING_ID, { language: 'es', modifiedBy: 'partner-portal', modifiedAt: `${TODAY}T16:42:05.000` }, ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar']),
  invoiceFees: (): WireObject => responses.invoiceFees(TRACKING_ID, household().services.slice(0, 2)),
  servicePrices: (): WireObject => responses.servicePrices(TRACKING_ID, household().services.slice(0, 2)),
  serviceMaterials: (): WireObject => responses.serviceMaterials(TRACKING_ID, household().services.slice(0, 2)),
  emailActivities: (): WireObject => responses.emailActivities(firstPage(household().emailActivities, 2)),
  issueActivities: (): WireObject => responses.issueActivities(firstPage(household().issueActivities, 1)),
  services: (): WireObject => responses.services(TRACKING_ID, household().services.slice(0, 2)),
  serviceOperations: (): WireObject => responses.serviceOperations(TRACKING_ID, household().services.slice(0, 2)),
  pickupPlan: (): WireObject => responses.pickupPlan(TRACKING_ID, household().pickups.filter((p) => p.operations.routeId !== null).slice(0, 2)),
  pickupStats: (): WireObject => responses.pickupStats(TRACKING_ID, statsPickups(household().pickups, TODAY, 60).slice(0, 2), null),
  pickupStatsSummary: (): WireObject => {
    const pickups = statsPickups(household().pickups, TODAY, 60);
    return responses.pickupStats(TRACKING_ID, pickups.slice(0, 2), summarizePickups(pickups));
  },
  // With a holiday on one of the next pickups, so the example shows a moved pickup's members too.
  nextPickups: (): WireObject =>
    responses.nextPickups(TRACKING_ID, nextPickupsOf(household().services, [...holidays(), OBSERVED_HOLIDAY], household().pickups, TODAY)),
  eta: (): WireObject => {
    const { service, pickup } = rollOffPickup();
    const today = pickup.plannedDate;
    return responses.eta(TRACKING_ID, etaFor({ service, pickups: [pickup], holidays: holidays(), requestDate: today, today, ticketNumber: pickup.ticketNumber }));
  },
  calendarLink: (): WireObject =>
    responses.calendarLink(TRACKING_ID, 'https://curbside.example.com/feeds/calendar/eyJhbGciOiJIUzI1NiIsInR5cCI6ImZlZWQrand0In0.eyJjdXN0b21lcl9pZCI6IjEwMDAwMDEifQ.c2lnbmF0dXJl/pickups.ics'),
  notes: (): WireObject => responses.notes(TRACKING_ID, household().notes.slice(0, 2)),
  // A scheduled service and an on-call one (no schedule), so the example shows both.
  serviceSchedules: (): WireObject => {
    const scheduled = household().services.find((s) => s.schedule !== null);
    const onCall = household().services.find((s) => s.schedule === null);
    return responses.serviceSchedules(TRACKING_ID, { timeZone: 'America/Chicago', today: TODAY, services: [scheduled, onCall].filter((s) => s !== undefined) });
  },
  holidays: (): WireObject => responses.holidays(TRACKING_ID, { timeZone: 'America/Chicago', holidays: [...holidays(), OBSERVED_HOLIDAY].slice(0, 3) }),
} satisfies Record<string, () => WireObject>;

export type ExampleName = keyof typeof examples;
