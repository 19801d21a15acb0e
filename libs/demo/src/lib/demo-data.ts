/**
 * The demo sandbox: a few realistic customers with data in every resource, written in the
 * import-file format (CONTRACT §3) so that `seed --demo` loads it through the same path as
 * any operator's import. Dates are relative to `today`, so the sandbox always looks current.
 */

type Wire = Record<string, unknown>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

class Clock {
  constructor(private readonly today: Date) {}

  /** A moment `daysAgo` days before today at the given local time. */
  at(daysAgo: number, hour = 9, minute = 0, second = 0, ms = 0): Date {
    return new Date(this.today.getFullYear(), this.today.getMonth(), this.today.getDate() - daysAgo, hour, minute, second, ms);
  }
}

const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const hms = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const mdy = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${pad(d.getFullYear() % 100)}`;
/** Service tickets: `MM/dd/yy HH:mm:ss`. */
const ticketTime = (d: Date) => `${mdy(d)} ${hms(d)}`;
/** Disposal tickets and cases: `yyyy-MM-dd HH:mm:ss.S` (fraction trimmed like java.sql.Timestamp). */
const disposalTime = (d: Date) => `${ymd(d)} ${hms(d)}.${String(d.getMilliseconds()).padStart(3, '0').replace(/0+$/, '') || '0'}`;
/** Activities, invoice fees and preference audits: `yyyy-MM-dd HH:mm:ss`. */
const plainTime = (d: Date) => `${ymd(d)} ${hms(d)}`;
const period = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}`;
const money = (n: number) => n.toFixed(2);

interface Person {
  first: string;
  middle: string;
  last: string;
  email: string;
  mobile: string;
  phone: string;
}

interface DemoCustomer {
  id: string;
  currency: 'USD' | 'CAD';
  name: string;
  business: string | null;
  person: Person;
  address: { street: string; city: string; region: string; country: 'US' | 'CA'; postal: string; zip4: string | null };
  site: { id: string; name: string };
  idBase: number;
}

const CUSTOMERS: DemoCustomer[] = [
  {
    id: '1000001',
    currency: 'USD',
    name: 'Maria Alvarez',
    business: null,
    person: { first: 'Maria', middle: 'L', last: 'Alvarez', email: 'maria.alvarez@example.com', mobile: '602-555-0147', phone: '602-555-0110' },
    address: { street: '4127 N Saguaro Vista Dr', city: 'Phoenix', region: 'Arizona', country: 'US', postal: '85018', zip4: '4412' },
    site: { id: 'SKY-11', name: 'Skyline Landfill' },
    idBase: 10,
  },
  {
    id: '1000002',
    currency: 'USD',
    name: 'Harbor Street Bistro LLC',
    business: 'Harbor Street Bistro',
    person: { first: 'Devon', middle: 'R', last: 'Okafor', email: 'ops@harborbistro.example.com', mobile: '206-555-0183', phone: '206-555-0100' },
    address: { street: '88 Harbor Street', city: 'Seattle', region: 'Washington', country: 'US', postal: '98101', zip4: '2207' },
    site: { id: 'CDR-04', name: 'Cedar Hills Regional Landfill' },
    idBase: 20,
  },
  {
    id: '2000001',
    currency: 'CAD',
    name: 'Northern Lights Property Management',
    business: 'Northern Lights PM Inc.',
    person: { first: 'Amélie', middle: 'J', last: 'Tremblay', email: 'amelie.tremblay@northernlights.example.ca', mobile: '416-555-0199', phone: '416-555-0142' },
    address: { street: '1200 Bay Street, Suite 400', city: 'Toronto', region: 'Ontario', country: 'CA', postal: 'M5R 2A5', zip4: null },
    site: { id: 'GRN-02', name: 'Green Lane Landfill' },
    idBase: 30,
  },
];

const SERVICE_CODES = [
  { code: 'MSW', description: 'Municipal solid waste collection' },
  { code: 'REC', description: 'Single-stream recycling collection' },
  { code: 'YWS', description: 'Yard waste collection' },
  { code: 'BLK', description: 'Bulk item pickup' },
];

const LOAD_TYPES = [
  { type: 'XPU', description: 'Extra pickup' },
  { type: 'MPU', description: 'Missed pickup' },
  { type: 'DEL', description: 'Container delivery' },
  { type: 'REM', description: 'Container removal' },
  { type: 'SWP', description: 'Container swap' },
];

const TICKET_STATUSES = ['OPEN', 'PENDING', 'CLOSED', 'CLOSED', 'VOIDED', 'CLOSED', 'OPEN', 'CLOSED'];

function contacts(c: DemoCustomer): Wire[] {
  const address = (street: string) =>
    c.address.country === 'US'
      ? { street, city: c.address.city, country: 'US', province: 'null', postal_code: 'null', state: c.address.region, zip: c.address.postal, zip4: c.address.zip4 ?? 'null', metadata: { cleansed: 'true' } }
      : { street, city: c.address.city, country: 'CA', province: c.address.region, postal_code: c.address.postal, state: 'null', zip: 'null', zip4: 'null', metadata: { cleansed: 'false' } };
  const p = c.person;
  return [
    { type: 'billing', name: c.name, first_name: p.first, middle_name: p.middle, last_name: p.last, land_line: p.phone, work_phone: p.phone, mobile_phone: p.mobile, fax: 'null', email: p.email, address: address(c.address.street) },
    { type: 'service', name: c.business ?? c.name, first_name: p.first, middle_name: 'null', last_name: p.last, land_line: 'null', work_phone: p.phone, mobile_phone: p.mobile, fax: 'null', email: p.email, address: address(c.address.street) },
  ];
}

function preferences(c: DemoCustomer, clock: Clock): Wire[] {
  const audit = (daysAgo: number) => ({ created_by: 'portal', created_date_time: plainTime(clock.at(daysAgo + 30, 10, 15)), modified_by: 'portal', modified_date_time: plainTime(clock.at(daysAgo, 18, 2, 11)) });
  const p = c.person;
  const channel = (name: string, optIn: string, selections: Wire[], options: Wire[]) => ({ name, is_opt_in: optIn, selections, options });
  return [
    {
      category: 'Service Notification',
      is_category_enabled: 'Y',
      channels: [
        channel('Email', 'Y', [{ value: p.email, type: 'SEMAIL', is_opt_in: 'Y', audit_info: audit(40) }], [{ value: p.email, type: 'SEMAIL' }, { value: p.email, type: 'BEMAIL' }]),
        channel('Text', 'Y', [{ value: p.mobile, type: 'SMOBILE', is_opt_in: 'Y', audit_info: audit(12) }], [{ value: p.mobile, type: 'SMOBILE' }]),
        channel('Voice', 'N', [], [{ value: p.phone, type: 'SPHONE' }]),
      ],
    },
    {
      category: 'Service Exception',
      is_category_enabled: 'Y',
      channels: [
        channel('Email', 'Y', [{ value: p.email, type: 'BEMAIL', is_opt_in: 'Y', audit_info: audit(40) }], [{ value: p.email, type: 'BEMAIL' }]),
        channel('Voice', 'Y', [{ value: p.phone, type: 'BPHONE', is_opt_in: 'N', audit_info: audit(5) }], [{ value: p.phone, type: 'BPHONE' }, { value: p.mobile, type: 'BMOBILE' }]),
      ],
    },
  ];
}

function services(c: DemoCustomer, clock: Clock): Wire[] {
  const fee = (category: string, description: string, sub: string, rate: number, pct: string, calculated: number, daysAgo: number) => ({
    category,
    category_description: description,
    sub_category: sub,
    sub_category_code: `${category}-${sub.slice(0, 3).toUpperCase()}`,
    sub_category_description: `${description} (${sub.toLowerCase()})`,
    charge_excluded: 'N',
    charge_modified_at_level: 'CUSTOMER',
    standard_rate: money(rate),
    standard_percentage: pct,
    calculated_rate: money(calculated),
    is_fixed_rate: pct === 'null' ? 'Y' : 'N',
    override_reason: 'null',
    sales_employee_id: 'E10442',
    modify_dtm: plainTime(clock.at(daysAgo, 7, 30, 0)),
  });
  const base = c.idBase * 1000;
  const service = (n: number, lob: string, catalog: [string, string], material: [string, string, string], price: number, disposal: [string, string, string]) => ({
    id: String(base + n),
    status: n === 4 ? 'Inactive' : 'Active',
    line_of_business: lob,
    enterprise_catalog: { id: String(70000 + n * 11), name: catalog[0], description: catalog[1] },
    material: { id: String(500 + n), code: material[0], name: material[1], special_handling: material[2] },
    pricing: { summary_pricing: n === 1 ? 'true' : 'false', extended_cost_amount: money(price), currency_code: c.currency, disposal_rate_type: disposal[0], disposal_rate_amount: disposal[1], uom: disposal[2] },
    prices: {
      invoice_fees: [
        fee('FUEL', 'Fuel Recovery Fee', 'Standard', price * 0.12, '12.0', price * 0.12, 20 + n),
        fee('ENV', 'Environmental Fee', 'Flat', 4.5, 'null', 4.5, 40 + n),
        ...(n === 1 ? [fee('RCR', 'Regulatory Cost Recovery', 'State', price * 0.03, '3.0', price * 0.03, 60)] : []),
      ],
    },
  });
  return [
    service(1, c.business ? 'Commercial' : 'Residential', ['96 Gal Cart', '96 gallon trash cart, weekly'], ['MSW', 'Municipal Solid Waste', 'false'], c.business ? 189.0 : 32.45, ['PER_TON', '54.75', 'TON']),
    service(2, c.business ? 'Commercial' : 'Residential', ['64 Gal Recycling', '64 gallon recycling cart, every other week'], ['REC', 'Single Stream Recycling', 'false'], c.business ? 95.5 : 8.75, ['FLAT', '0.00', 'EACH']),
    service(3, 'Roll-Off', ['20 Yd Roll-Off', '20 yard open-top roll-off, on call'], ['C&D', 'Construction & Demolition', 'false'], 425.0, ['PER_TON', '68.00', 'TON']),
    service(4, 'Special Waste', ['Sharps Mail-Back', 'Sharps mail-back kit'], ['MED', 'Medical Sharps', 'true'], 64.99, ['FLAT', '0.00', 'EACH']),
  ];
}

function tickets(c: DemoCustomer, clock: Clock): Wire[] {
  return TICKET_STATUSES.map((status, i) => {
    const created = clock.at(3 + i * 9, 8 + (i % 5), 5 * i, 17);
    const dispatched = clock.at(2 + i * 9, 13, 20 + i, 0);
    const load = LOAD_TYPES[i % LOAD_TYPES.length];
    const closed = status === 'CLOSED' || status === 'VOIDED';
    const svc = SERVICE_CODES[i % SERVICE_CODES.length];
    return {
      id: String(c.idBase * 100000 + 5001 + i),
      status,
      load_type: load.type,
      load_description: load.description,
      created_date_time: ticketTime(created),
      created_by: i % 3 === 0 ? 'PORTAL' : 'CSR.JLEE',
      closed_date_time: closed ? ticketTime(clock.at(1 + i * 9, 16, 45, 3)) : 'null',
      closed_by: closed ? 'DRIVER.2231' : 'null',
      dispatch_date_time: status === 'OPEN' ? 'null' : ticketTime(dispatched),
      generate_ticket: i % 4 === 2 ? 'Y' : 'N',
      complaint: load.type === 'MPU' ? 'Y' : 'N',
      comments: load.type === 'MPU' ? 'Cart was at the curb by 6am; truck passed without stopping.' : 'Please place cart at the end of the driveway.',
      completion_code: closed ? (status === 'VOIDED' ? 'VOID' : 'CMP') : 'null',
      completed_description: closed ? (status === 'VOIDED' ? 'Voided by customer request' : 'Completed as requested') : 'null',
      requested_by: `${c.person.first} ${c.person.last}`,
      audit_info: { logged_date_time: ticketTime(clock.at(1 + i * 9, 17, 0, 0)) },
      services_info: [
        { code: svc.code, description: svc.description, quantity: String(1 + (i % 3)), cost: money(18.5 + i * 6.25), special_description: i % 2 === 0 ? 'null' : 'Side-yard service' },
        ...(i % 3 === 0 ? [{ code: 'BLK', description: 'Bulk item pickup', quantity: '1', cost: '35.00', special_description: 'Sofa and two chairs' }] : []),
      ],
    };
  });
}

function disposalTickets(c: DemoCustomer, clock: Clock): Wire[] {
  const base = c.idBase * 1000000 + 880001;
  return [0, 1, 2, 3, 4].map((i) => {
    const id = base + i;
    const timeIn = clock.at(4 + i * 11, 7 + i, 12, 31, i * 100);
    const timeOut = clock.at(4 + i * 11, 7 + i, 29, 5, 0);
    const gross = 31840 + i * 1260;
    const tare = 14220;
    const net = gross - tare;
    const tons = net / 2000;
    const rate = 54.75;
    const materialAmount = tons * rate;
    const surcharge = 12.5;
    const taxRate = 0.0825;
    const tax = (materialAmount + surcharge) * taxRate;
    const voided = i === 1;
    const replacement = i === 2;
    return {
      id: String(id),
      hauling_ticket_id: String(7700400 + i),
      replace_ticket_id: voided ? String(base + 2) : 'null',
      void_ticket_id: replacement ? String(base + 1) : 'null',
      time_in: disposalTime(timeIn),
      time_out: disposalTime(timeOut),
      status: voided ? 'VOIDED' : 'COMPLETED',
      weight: { gross: String(gross), tare: String(tare), net: String(net), uom: 'LB', rounded_net: tons.toFixed(2), rounded_net_uom: 'TON' },
      scale_in: 'SCALE-1',
      scale_out: 'SCALE-2',
      swipe_card_id: i === 3 ? `CARD-${c.idBase}44` : 'null',
      volume: '20',
      material_subtotal: money(materialAmount),
      surcharge: money(surcharge),
      tax: money(tax),
      amount: money(materialAmount + surcharge + tax),
      currency: c.currency,
      carrier: { id: 'CAR-118', description: 'Curbside Hauling Co.' },
      site: c.site,
      destination: i % 2 === 0 ? 'Cell 4B working face' : 'Transfer floor',
      route_id: `RT-${200 + i}`,
      notes: voided ? 'Voided: wrong account keyed at scale house.' : 'null',
      seal: { number_1: String(440100 + i), number_2: 'null' },
      customer: {
        name: c.name,
        business_name: c.business ?? 'null',
        address: { street_text_1: c.address.street, street_text_2: 'null', city: c.address.city, state: c.address.region, country: c.address.country, zip: c.address.postal, zip4: c.address.zip4 ?? 'null' },
      },
      audit_info: { created_by: 'SCALE.OPS', created_date_time: disposalTime(timeIn), modified_by: 'SCALE.OPS', modified_date_time: disposalTime(clock.at(4 + i * 11, 7 + i, 45, 0, 500)) },
      vehicle: { number: String(3100 + i), description: 'Roll-off truck', driver_name: ['Sam Ortiz', 'Lee Chen', 'Priya Nair'][i % 3] },
      details: [
        {
          sequence_number: '1',
          material_name: 'Construction & Demolition',
          surcharge_name: 'null',
          description: 'C&D debris, mixed',
          volume: '20',
          generator_name: c.business ?? c.name,
          rounded_net_weight: tons.toFixed(2),
          rounded_net_uom: 'TON',
          billed_quantity: tons.toFixed(2),
          rate_per_unit: money(rate),
          rate_uom: 'TON',
          origin: { id: '12', description: `${c.address.city} metro` },
          amount: money(materialAmount),
          total_tax_amount: money(materialAmount * taxRate),
          total_amount: money(materialAmount * (1 + taxRate)),
          purchase_order_number: String(900100 + i),
          manifest_id: 'null',
          container_id: String(61000 + i),
          profile: { id: '3301', description: 'Non-hazardous C&D profile' },
          tax: [{ squence_number: '1', id: '77', name: 'State Tax', description: 'State solid waste tax', rate: '0.0825', rate_uom: 'PERCENT', amount: money(materialAmount * taxRate) }],
        },
        {
          sequence_number: '2',
          material_name: 'null',
          surcharge_name: 'Environmental Surcharge',
          description: 'Environmental surcharge per load',
          volume: 'null',
          generator_name: 'null',
          rounded_net_weight: 'null',
          rounded_net_uom: 'null',
          billed_quantity: '1',
          rate_per_unit: money(surcharge),
          rate_uom: 'LOAD',
          origin: { id: 'null', description: 'null' },
          amount: money(surcharge),
          total_tax_amount: money(surcharge * taxRate),
          total_amount: money(surcharge * (1 + taxRate)),
          purchase_order_number: 'null',
          manifest_id: 'null',
          container_id: 'null',
          profile: { id: 'null', description: 'null' },
          tax: [{ squence_number: '1', id: '77', name: 'State Tax', description: 'State solid waste tax', rate: '0.0825', rate_uom: 'PERCENT', amount: money(surcharge * taxRate) }],
        },
      ],
    };
  });
}

function invoices(c: DemoCustomer, clock: Clock): { invoices: Wire[]; balances: Wire[] } {
  const list: Wire[] = [];
  let openBalance = 0;
  for (let m = 0; m < 6; m++) {
    const date = clock.at(5 + m * 30, 0);
    const due = clock.at(5 + m * 30 - 25, 0);
    const amount = (c.business ? 310.4 : 58.2) + m * 3.15;
    const paid = m > 0;
    const paidOn = clock.at(5 + m * 30 - 18, 0);
    const reference = `PMT-${c.id}-${pad(m + 1, 3)}`;
    if (!paid) openBalance += amount;
    const id = String(c.idBase * 1000000 + 700001 + m);
    const lines: Wire[] = [
      { id, type: '1', description: 'INVOICE', date: mdy(date), amount: money(amount), due_date: mdy(due), period: period(date) },
      ...(m === 2 ? [{ id, type: '4', description: 'FINANCE CHARGE', date: mdy(date), amount: '1.50', due_date: mdy(due), period: period(date) }] : []),
      ...(m === 3 ? [{ id, type: '3', description: 'ADJUSTMENTS', date: mdy(date), amount: '-5.00', due_date: mdy(due), period: period(date) }] : []),
      ...(paid ? [{ id, type: '2', description: 'PAYMENT', period: period(date), payment_info: { amount: money(amount), date: mdy(paidOn), method: m % 2 ? 'CREDIT CARD' : 'ACH', reference_number: reference } }] : []),
    ];
    list.push({
      id,
      date: ymd(date),
      amount: money(amount),
      balance_amount: paid ? '0.00' : money(amount),
      payment_info: paid ? { amount: money(amount), date: ymd(paidOn), reference_number: reference } : { amount: 'null', date: 'null', reference_number: 'null' },
      lines,
    });
  }
  const asOf = ymd(clock.at(0));
  const balances = [
    { type: 'Current', date: asOf, amount: money(openBalance) },
    { type: '30Day', date: asOf, amount: '0.00' },
    { type: '60Day', date: asOf, amount: '0.00' },
    { type: '90Day', date: asOf, amount: '0.00' },
    { type: '120Day', date: asOf, amount: '0.00' },
    { type: 'Future', date: asOf, amount: '0.00' },
    { type: 'Total', date: asOf, amount: money(openBalance) },
  ];
  return { invoices: list, balances };
}

function cases(c: DemoCustomer, clock: Clock): Wire[] {
  const rows = [
    ['BILL', 'Billing question', 'Customer asks why the fuel fee changed this month', 'OPEN'],
    ['CART', 'Cart repair or replacement', 'Recycling cart lid is broken', 'CLOSED'],
    ['CMPL', 'Service complaint', 'Driver left cart in the street', 'CLOSED'],
    ['SCHD', 'Schedule change', 'Holiday week pickup moved to Saturday?', 'OPEN'],
  ];
  return rows.map(([category, categoryDescription, description, status], i) => ({
    case_id: String(c.idBase * 10000 + 301 + i),
    description,
    category,
    category_description: categoryDescription,
    requested_date_time: disposalTime(clock.at(2 + i * 17, 11, 3 * i, 41, i * 250)),
    status,
  }));
}

function emailActivities(c: DemoCustomer, clock: Clock): Wire[] {
  const rows = [
    ['1', 'Invoice ready', 'Your invoice is ready', 'Your latest invoice is now available in the customer portal.', 'SYSTEM'],
    ['2', 'Service alert', 'Service delay in your area', 'Due to severe weather, collection in your area may run up to one day late.', 'SYSTEM'],
    ['3', 'Agent reply', 'Re: cart replacement', 'Hi! A replacement cart is scheduled for delivery this week. — Jordan, Customer Care', 'AGENT.JLEE'],
    ['4', 'Payment received', 'Thank you for your payment', 'We received your payment. Thank you for choosing Curbside.', 'SYSTEM'],
  ];
  return rows.map(([typeId, typeDescription, subject, body, sentBy], i) => {
    const sent = clock.at(1 + i * 13, 6 + i, 30, 0);
    return {
      id: String(c.idBase * 10000 + 601 + i),
      user_id: String(c.idBase * 1000 + 77),
      email_info: {
        type_id: typeId,
        type_description: typeDescription,
        from_address: sentBy === 'SYSTEM' ? 'no-reply@curbside.example.com' : 'care@curbside.example.com',
        to_address: c.person.email,
        cc_address: i === 2 ? 'care@curbside.example.com' : 'null',
        subject,
        body,
        sent_by: sentBy,
        send_status: 'SENT',
        sent_date_time: plainTime(sent),
      },
      audit_info: { created_by: sentBy, created_date_time: plainTime(sent), modified_by: sentBy, modified_date_time: plainTime(sent) },
    };
  });
}

function issueActivities(c: DemoCustomer, clock: Clock): Wire[] {
  const address = {
    street_address: c.address.street,
    street_address2: 'null',
    city: c.address.city,
    state: c.address.region,
    zip_code: c.address.postal,
  };
  const rows = [
    ['Email', 'My recycling was not picked up on Tuesday.', 'Missed Pickup', 'MPU', 'Recycling', 'REC', 'RESOLVED'],
    ['Phone', 'Can I add a second trash cart?', 'Service Change', 'SVC', 'Add Container', 'ADD', 'IN PROGRESS'],
    ['Chat', 'The driver damaged my mailbox & fence <photo attached>.', 'Damage Claim', 'DMG', 'Property', 'PRP', 'NEW'],
  ];
  return rows.map(([method, description, caseType, caseCode, subType, subCode, status], i) => {
    const submitted = clock.at(3 + i * 19, 20, 14, 9);
    return {
      id: String(c.idBase * 10000 + 901 + i),
      user_id: String(c.idBase * 1000 + 77),
      issues_info: {
        company: c.business ?? 'null',
        first_name: c.person.first,
        last_name: c.person.last,
        email: c.person.email,
        phone_number: c.person.mobile,
        contact_method: method,
        description,
        submit_date: plainTime(submitted),
        status,
        csr_mailbox: 'care@curbside.example.com',
        device_channel: i === 0 ? 'MOBILE_APP' : 'WEB',
        case_type_description: caseType,
        case_type_code: caseCode,
        case_sub_type_description: subType,
        case_sub_type_code: subCode,
        country: c.address.country,
        billing_address: address,
        service_address: address,
      },
      audit_info: { created_by: 'PORTAL', created_date_time: plainTime(submitted), modified_by: 'CSR.JLEE', modified_date_time: plainTime(clock.at(2 + i * 19, 9, 0, 0)) },
    };
  });
}

/** The demo sandbox as an import file. */
export function buildDemoImportFile(today: Date = new Date()): { customers: Wire[] } {
  const clock = new Clock(today);
  return {
    customers: CUSTOMERS.map((c) => {
      const billing = invoices(c, clock);
      return {
        id: c.id,
        currency: c.currency,
        contacts: contacts(c),
        communication_preferences: preferences(c, clock),
        services: services(c, clock),
        tickets: tickets(c, clock),
        disposal_tickets: disposalTickets(c, clock),
        invoices: billing.invoices,
        balances: billing.balances,
        cases: cases(c, clock),
        email_activities: emailActivities(c, clock),
        issue_activities: issueActivities(c, clock),
      };
    }),
  };
}

export const DEMO_CUSTOMER_IDS = CUSTOMERS.map((c) => c.id);
