import { accountBalance, Contact, ContactType, CustomerBundle, summarizeDisposalTicket, summarizeInvoice, summarizeServiceTicket } from '@curbside/domain';
import { decodeImportFile, responses, WireObject } from '@curbside/codecs';
import { buildDemoImportFile } from '@curbside/demo';

/**
 * Example bodies for the OpenAPI document, made the way real responses are made: the demo
 * sandbox's records through the codecs. An example can therefore never drift from the wire
 * format it documents.
 */
const TRACKING_ID = '7d0c2a4e-5b1f-4f7e-9a51-2f0e4c1d8b93';

let demo: CustomerBundle | null = null;
/** The demo household, as of a fixed day so the document is stable. */
function household(): CustomerBundle {
  demo ??= decodeImportFile(buildDemoImportFile(new Date(2026, 5, 15))).customers[0];
  return demo;
}

const contactOf = (type: ContactType): Contact | null => household().contacts.find((contact) => contact.type === type) ?? null;

/** One example body per operation of the interface (see `responses` in @curbside/codecs). */
export const examples = {
  ticketList: (): WireObject => responses.ticketList(TRACKING_ID, household().tickets.slice(0, 2).map(summarizeServiceTicket)),
  ticketDetail: (): WireObject => responses.ticketDetail(TRACKING_ID, household().tickets[0]),
  disposalList: (): WireObject => responses.disposalList(TRACKING_ID, household().disposalTickets.slice(0, 2).map(summarizeDisposalTicket)),
  disposalDetail: (): WireObject => responses.disposalDetail(TRACKING_ID, household().disposalTickets[0]),
  disposalMaterials: (): WireObject => responses.disposalMaterials(TRACKING_ID, household().disposalTickets[0]),
  disposalSurcharges: (): WireObject => responses.disposalSurcharges(TRACKING_ID, household().disposalTickets[0]),
  disposalPrices: (): WireObject => responses.disposalPrices(TRACKING_ID, household().disposalTickets[0]),
  invoiceList: (): WireObject => {
    const { customer, invoices, balances } = household();
    return responses.invoiceList(customer.currency, invoices.slice(0, 2).map(summarizeInvoice), balances);
  },
  accountBalance: (): WireObject => {
    const { customer, contacts, invoices, balances } = household();
    return responses.accountBalance(TRACKING_ID, accountBalance({ contacts, ivrFee: customer.ivrFee, invoices, balances }));
  },
  profiles: (): WireObject => responses.profiles(TRACKING_ID, household().profiles),
  invoiceDetail: (): WireObject => responses.invoiceDetail(household().invoices[1]),
  caseList: (): WireObject => responses.caseList(TRACKING_ID, household().cases.slice(0, 2)),
  caseDetail: (): WireObject => responses.caseDetail(TRACKING_ID, household().cases[0]),
  contacts: (): WireObject => responses.contacts(TRACKING_ID, household().contacts),
  billingContact: (): WireObject => responses.contactOfType(TRACKING_ID, contactOf('billing')),
  serviceContact: (): WireObject => responses.contactOfType(TRACKING_ID, contactOf('service')),
  contactsUpdated: (): WireObject => responses.contactsUpdated(TRACKING_ID),
  preferences: (): WireObject => responses.preferences(TRACKING_ID, household().preferences),
  preferencesUpdated: (): WireObject => responses.preferencesUpdated(TRACKING_ID),
  invoiceFees: (): WireObject => responses.invoiceFees(TRACKING_ID, household().services.slice(0, 2)),
  servicePrices: (): WireObject => responses.servicePrices(TRACKING_ID, household().services.slice(0, 2)),
  serviceMaterials: (): WireObject => responses.serviceMaterials(TRACKING_ID, household().services.slice(0, 2)),
  emailActivities: (): WireObject => responses.emailActivities(household().emailActivities.slice(0, 2)),
  issueActivities: (): WireObject => responses.issueActivities(household().issueActivities.slice(0, 1)),
  notes: (): WireObject => responses.notes(TRACKING_ID, household().notes.slice(0, 2)),
} satisfies Record<string, () => WireObject>;

export type ExampleName = keyof typeof examples;
