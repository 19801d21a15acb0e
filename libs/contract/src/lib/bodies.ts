/*
 * The JSON bodies the API sends, member for member, under their wire names (CONTRACT §4-§7).
 * Every leaf is a string: absent values are the string "null", flags "Y"/"N" or "true"/"false",
 * dates in the format each resource documents. The codecs of @curbside/codecs are typed by these,
 * so a member renamed here fails the build of the code that writes it.
 */

// ---- shared records --------------------------------------------------------------------------

/** `{totalCount}`: the size of the whole filtered list, not only this page. */
export type WireTotalCount = { totalCount: string };

export type WireAuditInfo = { created_by: string; created_date_time: string; modified_by: string; modified_date_time: string };

/** A body that confirms a write. */
export type UpdatedBody = { request_tracking_id: string; status: string };

// ---- tickets ---------------------------------------------------------------------------------

export type WireServiceTicketSummary = {
  id: string;
  status: string;
  load_type: string;
  load_description: string;
  created_date_time: string;
  dispatch_date_time: string;
  services_info: { code: string }[];
};

export type WireTicketService = { code: string; description: string; quantity: string; cost: string; special_description: string };

export type WireServiceTicket = {
  id: string;
  status: string;
  load_type: string;
  load_description: string;
  created_date_time: string;
  created_by: string;
  closed_date_time: string;
  closed_by: string;
  dispatch_date_time: string;
  generate_ticket: string;
  complaint: string;
  comments: string;
  completion_code: string;
  completed_description: string;
  requested_by: string;
  audit_info: { logged_date_time: string };
  services_info: WireTicketService[];
};

export type WireDisposalTicketSummary = { id: string; date: string; status: string; amount: string; site_name: string };

export type WireIdDescription = { id: string; description: string };

export type WireDisposalTax = {
  /** Sic: the published interface spells it so. */
  squence_number: string;
  id: string;
  name: string;
  description: string;
  rate: string;
  rate_uom: string;
  amount: string;
};

export type WireDisposalDetailLine = {
  sequence_number: string;
  material_name: string;
  surcharge_name: string;
  description: string;
  volume: string;
  generator_name: string;
  rounded_net_weight: string;
  rounded_net_uom: string;
  billed_quantity: string;
  rate_per_unit: string;
  rate_uom: string;
  origin: WireIdDescription;
  amount: string;
  total_tax_amount: string;
  total_amount: string;
  purchase_order_number: string;
  manifest_id: string;
  container_id: string;
  profile: WireIdDescription;
  tax: WireDisposalTax[];
};

export type WireDisposalTicket = {
  id: string;
  hauling_ticket_id: string;
  replace_ticket_id: string;
  void_ticket_id: string;
  time_in: string;
  time_out: string;
  status: string;
  weight: { gross: string; tare: string; net: string; uom: string; rounded_net: string; rounded_net_uom: string };
  scale_in: string;
  scale_out: string;
  swipe_card_id: string;
  volume: string;
  material_subtotal: string;
  surcharge: string;
  tax: string;
  amount: string;
  currency: string;
  carrier: WireIdDescription;
  site: { id: string; name: string };
  destination: string;
  route_id: string;
  notes: string;
  seal: { number_1: string; number_2: string };
  customer: {
    name: string;
    business_name: string;
    address: { street_text_1: string; street_text_2: string; city: string; state: string; country: string; zip: string; zip4: string };
  };
  audit_info: WireAuditInfo;
  vehicle: { number: string; description: string; driver_name: string };
  details: WireDisposalDetailLine[];
};

/** The head of the materials and surcharges views of a disposal ticket. */
export type WireDisposalLineViewHead = { status: string; date_time: string; site_id: string; site_name: string; surcharge: string };

export type WireDisposalMaterials = WireDisposalLineViewHead & {
  details: Pick<WireDisposalDetailLine, 'sequence_number' | 'material_name' | 'description' | 'volume' | 'rounded_net_weight' | 'rounded_net_uom'>[];
};

export type WireDisposalSurcharges = WireDisposalLineViewHead & {
  details: Pick<WireDisposalDetailLine, 'sequence_number' | 'surcharge_name' | 'description' | 'billed_quantity' | 'rate_per_unit' | 'rate_uom' | 'amount'>[];
};

export type WireDisposalPrices = Pick<WireDisposalTicket, 'status' | 'material_subtotal' | 'surcharge' | 'tax' | 'amount' | 'currency'>;

/** Op 1. */
export type TicketListBody = { request_tracking_id: string; tickets: WireServiceTicketSummary[] };
/** Op 2. */
export type TicketDetailBody = { request_tracking_id: string; tickets: WireServiceTicket[] };
/** The body of POST service-requests (CONTRACT §9); answered with a `TicketDetailBody`. */
export type ServiceRequestBody = {
  type: 'MISSED_PICKUP' | 'EXTRA_PICKUP';
  service_id: string;
  /** `yyyy-MM-dd`. */
  date: string;
  comments?: string;
  requested_by?: string;
  request_tracking_id?: string;
};
/** Op 3: `metadata` is an array of one `{totalCount}`. */
export type DisposalTicketListBody = { request_tracking_id: string; tickets: WireDisposalTicketSummary[]; metadata: WireTotalCount[] };
/** Op 4. */
export type DisposalTicketDetailBody = { request_tracking_id: string; tickets: WireDisposalTicket[] };
export type DisposalMaterialsBody = { request_tracking_id: string; tickets: WireDisposalMaterials[] };
export type DisposalSurchargesBody = { request_tracking_id: string; tickets: WireDisposalSurcharges[] };
export type DisposalPricesBody = { request_tracking_id: string; tickets: WireDisposalPrices[] };

// ---- invoices and account --------------------------------------------------------------------

export type WireInvoiceSummary = {
  id: string;
  date: string;
  amount: string;
  payment_info: { amount: string; date: string; reference_number: string };
  balance_amount: string;
};

export type WireBalance = { type: string; date: string; amount: string };

/** A line of op 6: PAYMENT lines carry `payment_info` and no `date`/`amount`/`due_date`, other lines the reverse. */
export type WireInvoiceLine = {
  id: string;
  type: string;
  description: string;
  period: string;
  payment_info?: { amount: string; date: string; method: string; reference_number: string };
  date?: string;
  amount?: string;
  due_date?: string;
};

/** Op 5 (and the deprecated version 1): no request_tracking_id. */
export type InvoiceListBody = { currency: string; invoices: WireInvoiceSummary[]; balances: WireBalance[] };
/** Op 6: one entry per line; no request_tracking_id. */
export type InvoiceDetailBody = { invoices: WireInvoiceLine[] };

export type WireAccountBalance = {
  billing_name: string;
  ivr_fee: string;
  last_payment_amount: string;
  last_payment_date: string;
  balance: { type: string; amount: string }[];
};
export type AccountBalanceBody = { request_tracking_id: string } & WireAccountBalance;

export type WireProfile = {
  id: string;
  paperless_invoice: string;
  auto_pay: string;
  logon_status: string;
  first_name: string;
  last_name: string;
  email: string;
  last_login_date: string;
};
export type ProfilesBody = { request_tracking_id: string; profiles: WireProfile[] };

// ---- cases -----------------------------------------------------------------------------------

export type WireCaseSummary = {
  case_id: string;
  description: string;
  category: string;
  category_description: string;
  requested_date_time: string;
  status: string;
};

export type WireCaseDetail = {
  sub_category: string;
  sub_category_description: string;
  due_date_time: string;
  assigned_role: string;
  assigned_to: string;
  status_reason_code: string;
  status_reason_description: string;
  source: string;
  adjustment_total_amount: string;
  notes: { comment: string }[];
  requestor: { name: string; phone: string; email: string };
  adjustments: { description: string; amount: string; date_time: string }[];
};

export type WireCase = WireCaseSummary & WireCaseDetail;

/** Op 7: `metadata` is a plain `{totalCount}` object. */
export type CaseListBody = { request_tracking_id: string; cases: WireCaseSummary[]; metadata: WireTotalCount };
export type CaseDetailBody = { request_tracking_id: string; cases: WireCase[] };

// ---- contacts and preferences ----------------------------------------------------------------

export type WireContact = {
  type: string;
  name: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  land_line: string;
  work_phone: string;
  mobile_phone: string;
  fax: string;
  email: string;
  address: {
    street: string;
    city: string;
    country: string;
    province: string;
    postal_code: string;
    state: string;
    zip: string;
    zip4: string;
    metadata: { cleansed: string };
  };
};

/** Op 8, and contacts/billing, contacts/service (one contact, or none). */
export type ContactsBody = { request_tracking_id: string; contacts: WireContact[] };

export type WirePreferenceSelection = { value: string; type: string; is_opt_in: string; audit_info: WireAuditInfo };
export type WirePreferenceChannel = {
  name: string;
  is_opt_in: string;
  selections: WirePreferenceSelection[];
  options: { value: string; type: string }[];
};
export type WirePreference = { category: string; is_category_enabled: string; channels: WirePreferenceChannel[] };

/** Op 9. */
export type PreferencesBody = { request_tracking_id: string; preferences: WirePreference[] };

// ---- services and pickups --------------------------------------------------------------------

export type WirePricing = {
  summary_pricing: string;
  extended_cost_amount: string;
  currency_code: string;
  disposal_rate_type: string;
  disposal_rate_amount: string;
  uom: string;
};

export type WireInvoiceFee = {
  category: string;
  category_description: string;
  sub_category: string;
  sub_category_code: string;
  sub_category_description: string;
  charge_excluded: string;
  charge_modified_at_level: string;
  standard_rate: string;
  standard_percentage: string;
  calculated_rate: string;
  is_fixed_rate: string;
  override_reason: string;
  sales_employee_id: string;
  modify_dtm: string;
};

export type WireServiceOperation = { route_id: string; day_of_week: string; notes: string };

export type WireCatalog = { id: string; name: string; description: string; sub_category: string; category: string };
export type WireMaterial = { id: string; code: string; name: string; special_handling: string; manifest: string };
export type WireEquipment = { id: string; name: string; size: string; size_uom: string; quantity: string };

/** An entry of GET services. */
export type WireServiceListEntry = {
  id: string;
  name: string;
  status: string;
  occurs: string;
  taxable: string;
  type_code: string;
  enterprise_catalog: WireCatalog;
  line_of_business: string;
  material: WireMaterial;
  equipment: WireEquipment;
  pricing: WirePricing;
  operations: WireServiceOperation[];
};

export type WireServiceInvoiceFees = {
  id: string;
  status: string;
  line_of_business: string;
  enterprise_catalog_id: string;
  prices: { invoice_fees: WireInvoiceFee[] };
};

export type WireServicePrices = { status: string; pricing: WirePricing };

export type WireServiceMaterials = {
  id: string;
  status: string;
  enterprise_catalog: Pick<WireCatalog, 'id' | 'name' | 'description'>;
  material: Omit<WireMaterial, 'manifest'>;
  pricing: WirePricing;
};

export type WireServiceOperations = { id: string; status: string; operations: WireServiceOperation[] };

export type WirePickupOperations = { route_id: string; route_order_number: string };

export type WirePlanEntry = {
  id: string;
  status: string;
  ticket_number: string;
  planned_date: string;
  ordered_date: string;
  ticket_load_type: string;
  line_of_business: string;
  operations: WirePickupOperations;
};

export type WireStatsEntry = WirePlanEntry & {
  ticket_type: string;
  exception_reason_code: string;
  exception_class: string;
  service_time: string;
};

export type WireStatsSummary = { total_services: string; successful_services: string; missed_pickups: string; service_exceptions: string };

/** A pickup record whole, as the import file writes it: the stats entry's members and its ETA when it has one. */
export type WirePickupRecord = WireStatsEntry & { eta?: Omit<WireEta, 'day_of_week_name'> };

/** When a holiday moved the pickup, the entry adds the day it was scheduled for and why. */
export type WireNextPickup = {
  service_id: string;
  name: string;
  pickup_schedule: string;
  next_pickup: string;
  next_pickup_date: string;
  scheduled_date?: string;
  delay_reason?: string;
  holiday_name?: string;
};

export type WireEta = {
  day_of_week_name: string;
  from: string;
  to: string;
  reason_code: string;
  reason_text: string;
  serviced_date_time: string;
  route_id: string;
};

export type ServicesBody = { request_tracking_id: string; services: WireServiceListEntry[] };
/** Op 11: `metadata` is a plain `{totalCount}` object. */
export type InvoiceFeesBody = { request_tracking_id: string; services: WireServiceInvoiceFees[]; metadata: WireTotalCount };
/** Op 12. */
export type ServicePricesBody = { request_tracking_id: string; services: WireServicePrices[] };
/** Op 13. */
export type ServiceMaterialsBody = { request_tracking_id: string; services: WireServiceMaterials[] };
export type ServiceOperationsBody = { request_tracking_id: string; services: WireServiceOperations[] };
export type PickupPlanBody = { request_tracking_id: string; services: WirePlanEntry[] };
/** `summary` only when asked for (summary=Y). */
export type PickupStatsBody = { request_tracking_id: string; services: WireStatsEntry[]; summary?: WireStatsSummary };
export type NextPickupsBody = { request_tracking_id: string; services: WireNextPickup[] };
export type EtaBody = { request_tracking_id: string; ETA: WireEta };
export type CalendarLinkBody = { request_tracking_id: string; calendar_url: string };

/** A schedule as the import file writes it: `every_weeks` a whole number 1-52, `starts_on` `yyyy-MM-dd`. */
export type WireSchedule = { days: string[]; every_weeks: string; starts_on: string };
/** A service whole, as the import file writes it: the list entry's members, its schedule (none when on call), its invoice fees. */
export type WireServiceRecord = WireScheduledService & { prices: WireServiceInvoiceFees['prices'] };
/** A service with its schedule: the list entry's members and, in the import file's place, `schedule` (none when on call). */
export type WireScheduledService = WireServiceListEntry & { schedule?: WireSchedule };
/** A holiday of the calendar: `date` `yyyy-MM-dd`, `delay_days` how far it moves a pickup of its week (1-7). */
export type WireHoliday = { date: string; name: string; delay_days: string };
/**
 * The schedule rules' inputs (CONTRACT §6): every service with its schedule (its invoice fees are op 11's), and the operating time zone with its
 * date today, the day `next-pickup` counts from.
 */
export type ServiceSchedulesBody = { request_tracking_id: string; time_zone: string; today: string; services: WireScheduledService[] };
/** The company's holiday calendar, every holiday the schedule rules apply, oldest first, and the operating time zone. */
export type HolidaysBody = { request_tracking_id: string; time_zone: string; holidays: WireHoliday[] };

// ---- activities ------------------------------------------------------------------------------

export type WireEmailActivity = {
  id: string;
  user_id: string;
  email_info: {
    type_id: string;
    type_description: string;
    from_address: string;
    to_address: string;
    cc_address: string;
    subject: string;
    body: string;
    sent_by: string;
    send_status: string;
    sent_date_time: string;
  };
  audit_info: WireAuditInfo;
};

export type WireIssueAddress = { street_address: string; street_address2: string; city: string; state: string; zip_code: string };

export type WireIssueActivity = {
  id: string;
  user_id: string;
  issues_info: {
    company: string;
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
    contact_method: string;
    description: string;
    submit_date: string;
    status: string;
    csr_mailbox: string;
    device_channel: string;
    case_type_description: string;
    case_type_code: string;
    case_sub_type_description: string;
    case_sub_type_code: string;
    country: string;
    billing_address: WireIssueAddress;
    service_address: WireIssueAddress;
  };
  audit_info: WireAuditInfo;
};

export type WireNote = { note_info: { comment: string; create_date_time: string }; audit_info: { created_date_time: string; created_by: string } };

/** Op 14: `metadata` is an array of one `{totalCount}`; no request_tracking_id. */
export type EmailActivitiesBody = { activities: WireEmailActivity[]; metadata: WireTotalCount[] };
/** Op 15: no request_tracking_id, no metadata. */
export type IssueActivitiesBody = { activities: WireIssueActivity[] };
export type NotesBody = { request_tracking_id: string; activities: WireNote[] };

// ---- outside the customer API ----------------------------------------------------------------

/** POST /oauth/token (RFC 6749 §5.1). */
export type AccessTokenBody = { access_token: string; token_type: 'Bearer'; expires_in: number };

/**
 * The introspection endpoint's answer (RFC 7662 §2.2). An inactive token (expired, forged, of
 * another kind or audience, or of a revoked client) says nothing more, as the RFC advises.
 */
export type TokenIntrospectionBody =
  | { active: false }
  | {
      active: true;
      client_id: string;
      sub: string;
      iss: string;
      aud: string;
      token_type: 'Bearer';
      /** Seconds since the epoch. */
      exp: number;
      iat: number;
      jti: string;
    } & TokenReach;
/**
 * The customers an active token may reach, as the API checks them (CONTRACT §2): the ids granted
 * to its client, or every customer. A service guarding a customer's data checks its route's
 * customer against it.
 */
export type TokenReach = { customers: string[]; all_customers?: never } | { all_customers: true; customers?: never };
export type HealthBody = { status: 'up' | 'ready' };
