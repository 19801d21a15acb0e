import type { LanguageTag } from './languages';
import type { ServiceEquipment, ServiceOperation, ServiceSchedule } from './pickups';
import type { AuditInfo, Decimal, Id, LocalDate, LocalDateTime, YearMonth } from './values';

export const TICKET_STATUSES = ['CLOSED', 'OPEN', 'VOIDED', 'PENDING'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const CASE_STATUSES = ['CLOSED', 'OPEN'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const SERVICE_STATUSES = ['Active', 'Inactive'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const CONTACT_TYPES = ['billing', 'service'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const BALANCE_TYPES = ['Current', '30Day', '60Day', '90Day', '120Day', 'Future', 'Total'] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

/** Invoice line types and their descriptions, as the interface pairs them. */
export const INVOICE_LINE_TYPES = {
  '1': 'INVOICE',
  '2': 'PAYMENT',
  '3': 'ADJUSTMENTS',
  '4': 'FINANCE CHARGE',
  '5': 'NON A/R',
} as const;
export type InvoiceLineType = keyof typeof INVOICE_LINE_TYPES;
export type InvoiceLineDescription = (typeof INVOICE_LINE_TYPES)[InvoiceLineType];

export interface Customer {
  id: Id;
  currency: string;
  /** The fee for paying by phone (IVR), as imported; the balance operation shows "0.0" when null. */
  ivrFee: Decimal | null;
  /**
   * The language the resident reads (CONTRACT §11), an offered tag in canonical form; null until one
   * is set. Absent only on a customer read from an import file that does not name it: the stored
   * language stays.
   */
  language?: LanguageTag | null;
}

// ---- service tickets -------------------------------------------------------------------

export interface TicketService {
  code: string;
  description: string | null;
  quantity: Decimal | null;
  cost: Decimal | null;
  specialDescription: string | null;
}

export interface ServiceTicket {
  id: Id;
  status: TicketStatus;
  loadType: string | null;
  loadDescription: string | null;
  createdAt: LocalDateTime;
  createdBy: string | null;
  closedAt: LocalDateTime | null;
  closedBy: string | null;
  dispatchedAt: LocalDateTime | null;
  generated: boolean | null;
  complaint: boolean | null;
  comments: string | null;
  completionCode: string | null;
  completedDescription: string | null;
  requestedBy: string | null;
  loggedAt: LocalDateTime | null;
  services: TicketService[];
}

// ---- disposal tickets ------------------------------------------------------------------

export interface DisposalTax {
  sequenceNumber: Id | null;
  id: Id | null;
  name: string | null;
  description: string | null;
  rate: Decimal | null;
  rateUom: string | null;
  amount: Decimal | null;
}

export interface DisposalDetail {
  sequenceNumber: Id;
  materialName: string | null;
  surchargeName: string | null;
  description: string | null;
  volume: string | null;
  generatorName: string | null;
  roundedNetWeight: string | null;
  roundedNetUom: string | null;
  billedQuantity: string | null;
  ratePerUnit: Decimal | null;
  rateUom: string | null;
  origin: { id: Id | null; description: string | null };
  amount: Decimal | null;
  totalTaxAmount: Decimal | null;
  totalAmount: Decimal | null;
  purchaseOrderNumber: Id | null;
  manifestId: Id | null;
  containerId: Id | null;
  profile: { id: Id | null; description: string | null };
  taxes: DisposalTax[];
}

export interface DisposalTicket {
  id: Id;
  haulingTicketId: Id | null;
  /** The ticket that replaced this one, when this one was voided. */
  replaceTicketId: Id | null;
  /** The voided ticket this one replaced. */
  voidTicketId: Id | null;
  timeIn: LocalDateTime | null;
  timeOut: LocalDateTime | null;
  status: string;
  weight: {
    gross: string | null;
    tare: string | null;
    net: string | null;
    uom: string | null;
    roundedNet: string | null;
    roundedNetUom: string | null;
  };
  scaleIn: string | null;
  scaleOut: string | null;
  swipeCardId: string | null;
  volume: string | null;
  materialSubtotal: Decimal | null;
  surcharge: Decimal | null;
  tax: Decimal | null;
  amount: Decimal | null;
  currency: string | null;
  carrier: { id: string | null; description: string | null };
  site: { id: string | null; name: string | null };
  destination: string | null;
  routeId: string | null;
  notes: string | null;
  seal: { number1: Id | null; number2: Id | null };
  customer: {
    name: string | null;
    businessName: string | null;
    address: {
      street1: string | null;
      street2: string | null;
      city: string | null;
      state: string | null;
      country: string | null;
      zip: string | null;
      zip4: string | null;
    };
  };
  /** `audit.modifiedAt` is the ticket's date in lists, filters and ordering. */
  audit: AuditInfo;
  vehicle: { number: Id | null; description: string | null; driverName: string | null };
  details: DisposalDetail[];
}

// ---- invoices and balances -------------------------------------------------------------

export interface InvoicePayment {
  amount: Decimal | null;
  date: LocalDate | null;
  referenceNumber: string | null;
}

export interface InvoiceLine {
  type: InvoiceLineType;
  description: InvoiceLineDescription;
  /** Absent on PAYMENT lines. */
  date: LocalDate | null;
  amount: Decimal | null;
  dueDate: LocalDate | null;
  period: YearMonth | null;
  /** Present on PAYMENT lines only. */
  payment: (InvoicePayment & { method: string | null }) | null;
}

export interface Invoice {
  id: Id;
  date: LocalDate;
  amount: Decimal | null;
  balanceAmount: Decimal | null;
  payment: InvoicePayment;
  lines: InvoiceLine[];
}

export interface Balance {
  type: BalanceType;
  date: LocalDate | null;
  amount: Decimal | null;
}

// ---- cases -----------------------------------------------------------------------------

export interface Case {
  id: Id;
  description: string | null;
  category: string | null;
  categoryDescription: string | null;
  requestedAt: LocalDateTime;
  status: CaseStatus;
  /** What `cases/{caseId}` adds to the summary (CONTRACT §6); every member empty when not imported. */
  detail: CaseDetail;
}

export interface CaseAdjustment {
  description: string | null;
  amount: Decimal | null;
  at: LocalDateTime | null;
}

export interface CaseDetail {
  subCategory: string | null;
  subCategoryDescription: string | null;
  dueAt: LocalDateTime | null;
  assignedRole: string | null;
  assignedTo: string | null;
  statusReasonCode: string | null;
  statusReasonDescription: string | null;
  source: string | null;
  adjustmentTotalAmount: Decimal | null;
  notes: Array<{ comment: string | null }>;
  requestor: { name: string | null; phone: string | null; email: string | null };
  adjustments: CaseAdjustment[];
}

// ---- contacts --------------------------------------------------------------------------

export interface ContactAddress {
  street: string | null;
  city: string | null;
  country: string | null;
  /** Canadian addresses. */
  province: string | null;
  postalCode: string | null;
  /** US addresses. */
  state: string | null;
  zip: string | null;
  zip4: string | null;
  cleansed: boolean | null;
}

export interface Contact {
  type: ContactType;
  name: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  landLine: string | null;
  workPhone: string | null;
  mobilePhone: string | null;
  fax: string | null;
  email: string | null;
  address: ContactAddress;
}

// ---- services --------------------------------------------------------------------------

export interface InvoiceFee {
  category: string | null;
  categoryDescription: string | null;
  subCategory: string | null;
  subCategoryCode: string | null;
  subCategoryDescription: string | null;
  chargeExcluded: string | null;
  chargeModifiedAtLevel: string | null;
  standardRate: Decimal | null;
  standardPercentage: string | null;
  calculatedRate: Decimal | null;
  isFixedRate: string | null;
  overrideReason: string | null;
  salesEmployeeId: string | null;
  modifiedAt: LocalDateTime | null;
}

export interface Service {
  id: Id;
  status: ServiceStatus;
  /** The published name, e.g. "Hauling - 96 Gallon Cart for MSW Residential". */
  name: string | null;
  /** How often it is charged or served, e.g. "Per Week", "On Call". */
  occurs: string | null;
  taxable: string | null;
  typeCode: string | null;
  lineOfBusiness: string | null;
  catalog: {
    id: Id | null;
    name: string | null;
    description: string | null;
    subCategory: string | null;
    category: string | null;
  };
  material: {
    id: Id | null;
    code: string | null;
    name: string | null;
    specialHandling: boolean | null;
    manifest: boolean | null;
  };
  equipment: ServiceEquipment;
  /** When the service is picked up; null for on-call services. */
  schedule: ServiceSchedule | null;
  operations: ServiceOperation[];
  pricing: {
    summaryPricing: boolean | null;
    extendedCostAmount: Decimal | null;
    currencyCode: string | null;
    disposalRateType: string | null;
    disposalRateAmount: Decimal | null;
    uom: string | null;
  };
  invoiceFees: InvoiceFee[];
}

// ---- activities ------------------------------------------------------------------------

export interface EmailActivity {
  id: Id;
  userId: Id | null;
  email: {
    typeId: Id | null;
    typeDescription: string | null;
    fromAddress: string | null;
    toAddress: string | null;
    ccAddress: string | null;
    subject: string | null;
    body: string | null;
    sentBy: string | null;
    sendStatus: string | null;
    sentAt: LocalDateTime;
  };
  audit: AuditInfo;
}

export interface IssueAddress {
  streetAddress: string | null;
  streetAddress2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

export interface IssueActivity {
  id: Id;
  userId: Id | null;
  issue: {
    company: string | null;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phoneNumber: string | null;
    contactMethod: string | null;
    description: string | null;
    submittedAt: LocalDateTime;
    status: string | null;
    csrMailbox: string | null;
    deviceChannel: string | null;
    caseTypeDescription: string | null;
    caseTypeCode: string | null;
    caseSubTypeDescription: string | null;
    caseSubTypeCode: string | null;
    country: string | null;
    billingAddress: IssueAddress;
    serviceAddress: IssueAddress;
  };
  audit: AuditInfo;
}
