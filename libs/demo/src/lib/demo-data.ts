import { scheduledPickups, type Weekday } from '@curbside/domain';

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
  const service = (n: number, lob: string, catalog: [string, string], material: [string, string, string], price: number, disposal: [string, string, string]) => {
    const plan = servicePlan(c, n);
    return {
    id: serviceId(c, n),
    status: n === 4 ? 'Inactive' : 'Active',
    name: plan.name,
    occurs: plan.schedule ? 'Per Week' : 'On Call',
    taxable: c.business ? 'Y' : 'N',
    type_code: c.business ? 'COM' : 'RES',
    line_of_business: lob,
    enterprise_catalog: { id: String(70000 + n * 11), name: catalog[0], description: catalog[1], sub_category: plan.equipment.size === '20' ? 'RO' : 'CART', category: n === 4 ? 'SPECIAL' : 'HAUL' },
    material: { id: String(500 + n), code: material[0], name: material[1], special_handling: material[2], manifest: n === 3 ? 'true' : 'false' },
    equipment: { id: String(c.idBase * 100 + n), name: plan.equipment.name, size: plan.equipment.size, size_uom: plan.equipment.uom, quantity: '1' },
    ...(plan.schedule ? { schedule: { days: plan.schedule.days, every_weeks: String(plan.schedule.everyWeeks), starts_on: ymd(scheduleStart(clock)) } } : {}),
    operations: (plan.schedule?.days ?? []).map((day, i) => ({ route_id: `${plan.route}${String.fromCharCode(65 + i)}`, day_of_week: day, notes: i === 0 && n === 1 ? 'Cart at the alley gate' : 'null' })),
    pricing: { summary_pricing: n === 1 ? 'true' : 'false', extended_cost_amount: money(price), currency_code: c.currency, disposal_rate_type: disposal[0], disposal_rate_amount: disposal[1], uom: disposal[2] },
    prices: {
      invoice_fees: [
        fee('FUEL', 'Fuel Recovery Fee', 'Standard', price * 0.12, '12.0', price * 0.12, 20 + n),
        fee('ENV', 'Environmental Fee', 'Flat', 4.5, 'null', 4.5, 40 + n),
        ...(n === 1 ? [fee('RCR', 'Regulatory Cost Recovery', 'State', price * 0.03, '3.0', price * 0.03, 60)] : []),
      ],
    },
  };
  };
  return [
    service(1, c.business ? 'COMMERCIAL' : 'RESIDENTIAL', ['96 Gal Cart', '96 gallon trash cart, weekly'], ['MSW', 'Municipal Solid Waste', 'false'], c.business ? 189.0 : 32.45, ['PER_TON', '54.75', 'TON']),
    service(2, c.business ? 'COMMERCIAL' : 'RESIDENTIAL', ['64 Gal Recycling', '64 gallon recycling cart, every other week'], ['REC', 'Single Stream Recycling', 'false'], c.business ? 95.5 : 8.75, ['FLAT', '0.00', 'EACH']),
    service(3, 'ROLLOFF', ['20 Yd Roll-Off', '20 yard open-top roll-off, on call'], ['C&D', 'Construction & Demolition', 'false'], 425.0, ['PER_TON', '68.00', 'TON']),
    service(4, c.business ? 'COMMERCIAL' : 'RESIDENTIAL', ['Sharps Mail-Back', 'Sharps mail-back kit'], ['MED', 'Medical Sharps', 'true'], 64.99, ['FLAT', '0.00', 'EACH']),
    service(5, c.business ? 'COMMERCIAL' : 'RESIDENTIAL', ['Bulk Pickup', 'Bulk item pickup, every 4 weeks'], ['BLK', 'Bulky Items', 'false'], 24.0, ['FLAT', '0.00', 'EACH']),
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
    ...caseDetail(c, clock, i, status),
  }));
}

/** The members `cases/{caseId}` adds: who asked, who works on it, notes and credits. */
function caseDetail(c: DemoCustomer, clock: Clock, i: number, status: string): Wire {
  const credit = i === 2 ? [{ description: 'Service credit: cart left in the street', amount: '-10.00', date_time: disposalTime(clock.at(2 + i * 17 - 1, 15, 20)) }] : [];
  const closed = status === 'CLOSED';
  return {
    sub_category: ['FEE', 'LID', 'DRV', 'HOL'][i],
    sub_category_description: ['Fee question', 'Broken lid', 'Driver conduct', 'Holiday schedule'][i],
    due_date_time: disposalTime(clock.at(2 + i * 17 - 3, 17)),
    assigned_role: i % 2 === 0 ? 'CSR' : 'Dispatcher',
    assigned_to: i % 2 === 0 ? 'csr.jmendez' : 'dispatch.kwong',
    status_reason_code: closed ? 'RES' : 'INPR',
    status_reason_description: closed ? 'Resolved' : 'In progress',
    source: i === 3 ? 'PHONE' : 'PORTAL',
    adjustment_total_amount: money(credit.reduce((total, a) => total + Number(a.amount), 0)),
    notes: [{ comment: 'Case opened from the customer portal.' }, ...(closed ? [{ comment: 'Customer confirmed the fix.' }] : [])],
    requestor: { name: `${c.person.first} ${c.person.last}`, phone: c.person.mobile, email: c.person.email },
    adjustments: credit,
  };
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

// ---- schedules, pickups, profiles, notes and the holiday calendar (CONTRACT §6) ----------

const WEEKDAY_NAMES: readonly Weekday[] = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
/** Pickups: `MM/dd/yyyy`; `service_time` `MM/dd/yyyy HH:mm:ss`. */
const pickupDate = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
/** Notes: `yyyy-MM-dd HH:mm:ss.SSS'Z'`. */
const noteTime = (d: Date) => `${ymd(d)} ${hms(d)}.${pad(d.getMilliseconds(), 3)}Z`;

const serviceId = (c: DemoCustomer, n: number) => String(c.idBase * 1000 + n);

interface ServicePlan {
  name: string;
  equipment: { name: string; size: string; uom: string };
  schedule: { days: Weekday[]; everyWeeks: number } | null;
  route: string;
}

/** What each demo service is: weekly on several days, every other week, on call (roll-off), every 4 weeks. */
function servicePlan(c: DemoCustomer, n: number): ServicePlan {
  const kind = c.business ? 'Commercial' : 'Residential';
  const route = `${c.address.city.slice(0, 1)}${c.idBase + n}`;
  switch (n) {
    case 1:
      return c.business
        ? { name: `Hauling - 4 Yard Front Load for MSW ${kind}`, equipment: { name: '4 Yard Front Load', size: '4', uom: 'YD' }, schedule: { days: ['MONDAY', 'WEDNESDAY', 'FRIDAY'], everyWeeks: 1 }, route }
        : { name: `Hauling - 96 Gallon Cart for MSW ${kind}`, equipment: { name: '96 Gallon Cart', size: '96', uom: 'GAL' }, schedule: { days: ['MONDAY', 'THURSDAY'], everyWeeks: 1 }, route };
    case 2:
      return { name: `Hauling - 64 Gallon Cart for Recycling ${kind}`, equipment: { name: '64 Gallon Recycling Cart', size: '64', uom: 'GAL' }, schedule: { days: [c.business ? 'TUESDAY' : 'WEDNESDAY'], everyWeeks: 2 }, route };
    case 3:
      return { name: 'Hauling - 20 Yard Roll-Off for C&D', equipment: { name: '20 Yard Open Top', size: '20', uom: 'YD' }, schedule: null, route };
    case 4:
      return { name: 'Sharps Mail-Back Kit', equipment: { name: 'Mail-Back Kit', size: '1', uom: 'GAL' }, schedule: null, route };
    default:
      return { name: `Hauling - Bulk Items ${kind}`, equipment: { name: 'Curbside Bulk', size: '1', uom: 'EA' }, schedule: { days: ['FRIDAY'], everyWeeks: 4 }, route };
  }
}

/** Every schedule starts on the Monday 26 weeks before today's week. */
function scheduleStart(clock: Clock): Date {
  const d = clock.at(26 * 7);
  return clock.at(26 * 7 + ((d.getDay() + 6) % 7));
}

const utc = (d: Date, hour: number, minute = 0) => `${ymd(d)}T${pad(hour)}:${pad(minute)}:00Z`;

/**
 * Pickup records: every scheduled pickup of the last 60 days (a few missed, a few with a service
 * exception), today's planned ones with their ETA, and the roll-off's tickets.
 */
function pickups(c: DemoCustomer, clock: Clock, holidays: readonly Wire[]): Wire[] {
  const start = scheduleStart(clock);
  const records: Wire[] = [];
  const record = (n: number, day: Date, status: string, ticket: string, extra: Partial<Record<string, unknown>> = {}) => {
    const plan = servicePlan(c, n);
    const route = plan.schedule ? `${plan.route}${String.fromCharCode(65 + Math.max(0, plan.schedule.days.indexOf(WEEKDAY_NAMES[day.getDay()])))}` : `${plan.route}R`;
    const confirmed = status !== 'Planned';
    const hour = 7 + (n % 3);
    records.push({
      id: serviceId(c, n),
      status,
      ticket_number: ticket,
      planned_date: pickupDate(day),
      ordered_date: pickupDate(n === 3 ? clock.at(Math.round((clock.at(0).getTime() - day.getTime()) / 86_400_000) + 2) : day),
      ticket_type: n === 3 ? 'SWITCH' : 'REGULAR',
      ticket_load_type: n === 3 ? 'E/R' : 'PU',
      line_of_business: n === 3 ? 'ROLLOFF' : c.business ? 'COMMERCIAL' : 'RESIDENTIAL',
      exception_reason_code: 'null',
      exception_class: 'null',
      service_time: confirmed ? `${pickupDate(day)} ${pad(hour)}:${pad(10 + n * 7)}:00` : 'null',
      operations: { route_id: route, route_order_number: String(10 + n * 3) },
      eta: {
        from: utc(day, hour + 7),
        to: utc(day, hour + 9),
        reason_code: 'ComputedETA',
        reason_text: 'null',
        serviced_date_time: confirmed ? utc(day, hour + 7, 10 + n * 7) : 'null',
        route_id: route,
      },
      ...extra,
    });
  };
  // The schedule's pickups of the last 60 days, moved by the holidays as CONTRACT §6 says (the domain's rule).
  const window = { from: ymd(clock.at(60)), until: ymd(clock.at(0)) };
  const calendar = holidays.map(({ date, name, delay_days }) => ({ date: String(date), name: String(name), delayDays: Number(delay_days) }));
  for (const n of [1, 2, 5]) {
    const schedule = servicePlan(c, n).schedule;
    if (schedule === null) continue;
    for (const pickup of scheduledPickups({ ...schedule, startsOn: ymd(start) }, calendar, window.from, window.until)) {
      const day = dateOf(pickup.date);
      const daysAgo = Math.round((clock.at(0).getTime() - day.getTime()) / 86_400_000);
      const ticket = `${c.idBase}${pad(n)}${ymd(day).replace(/-/g, '').slice(2)}`;
      if (daysAgo === 0) record(n, day, 'Planned', ticket, { service_time: 'null' });
      else if (daysAgo % 13 === 0) record(n, day, 'Confirmed Negative', ticket, { exception_reason_code: 'BLK', exception_class: 'Blocked', eta: { from: utc(day, 14), to: utc(day, 16), reason_code: 'BLK', reason_text: 'Cart blocked by a parked car', serviced_date_time: 'null', route_id: `${servicePlan(c, n).route}A` } });
      else if (daysAgo % 11 === 0) record(n, day, 'Confirmed Positive', ticket, { exception_reason_code: 'OVR', exception_class: 'Overloaded' });
      else record(n, day, 'Confirmed Positive', ticket);
    }
  }
  // The roll-off: switched out twice in the last weeks, once today, and ordered again for later.
  const rollOff = (daysAgo: number, status: string, suffix: string) =>
    record(3, clock.at(daysAgo), status, `79${c.idBase}${suffix}`, status === 'Planned' ? { service_time: 'null' } : {});
  rollOff(41, 'Confirmed Positive', '01');
  rollOff(12, 'Confirmed Incomplete', '02');
  rollOff(0, 'Planned', '03');
  rollOff(-3, 'Planned', '04');
  return records.sort(
    (a, b) =>
      String(b.planned_date).slice(6).localeCompare(String(a.planned_date).slice(6)) ||
      String(b.planned_date).localeCompare(String(a.planned_date)) ||
      String(a.id).localeCompare(String(b.id)) ||
      String(a.ticket_number).localeCompare(String(b.ticket_number)),
  );
}

function profiles(c: DemoCustomer, clock: Clock): Wire[] {
  const login = clock.at(3, 15, 41, 52);
  const offset = c.address.country === 'CA' ? '-05:00' : c.address.city === 'Phoenix' ? '-07:00' : '-08:00';
  return [
    { id: String(c.idBase * 1000 + 801), paperless_invoice: 'true', auto_pay: c.business ? 'true' : 'false', logon_status: 'Y', first_name: c.person.first, last_name: c.person.last, email: c.person.email, last_login_date: `${ymd(login)}T${hms(login)}.000${offset}` },
    { id: String(c.idBase * 1000 + 802), paperless_invoice: 'false', auto_pay: 'false', logon_status: 'N', first_name: 'Accounts', last_name: 'Payable', email: `ap+${c.id}@example.com`, last_login_date: 'null' },
  ];
}

function notes(c: DemoCustomer, clock: Clock): Wire[] {
  const rows: Array<[number, string, string]> = [
    [1, 'Customer called about the holiday schedule; explained the one-day delay.', 'csr.jmendez'],
    [9, `Roll-off for ${c.address.street} to be switched out on request only.`, 'dispatch.kwong'],
    [33, 'Paperless billing enrolled from the portal.', 'SYSTEM'],
  ];
  return rows.map(([daysAgo, comment, by], i) => {
    const at = clock.at(daysAgo, 10 + i, 5 * i, 0, 125 * i);
    return { note_info: { comment, create_date_time: noteTime(at) }, audit_info: { created_date_time: noteTime(at), created_by: by } };
  });
}

/** A `yyyy-MM-dd` date as a local Date (midnight). */
const dateOf = (isoDate: string) => new Date(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));

/** The `n`th (1-based; -1 = last) `weekday` (0 = Sunday) of a month, as `yyyy-MM-dd`. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(year, month - 1, 1).getDay();
    return ymd(new Date(year, month - 1, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7));
  }
  const last = new Date(year, month, 0);
  return ymd(new Date(year, month - 1, last.getDate() - ((last.getDay() - weekday + 7) % 7)));
}

/** The US federal holidays of a year, on their own dates (a pickup week moves one day). */
function federalHolidays(year: number): Wire[] {
  const fixed = (month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
  const holidays: Array<[string, string]> = [
    [fixed(1, 1), "New Year's Day"],
    [nthWeekday(year, 1, 1, 3), 'Birthday of Martin Luther King, Jr.'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    [fixed(6, 19), 'Juneteenth National Independence Day'],
    [fixed(7, 4), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 10, 1, 2), 'Columbus Day'],
    [fixed(11, 11), 'Veterans Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [fixed(12, 25), 'Christmas Day'],
  ];
  return holidays.map(([date, name]) => ({ date, name, delay_days: '1' }));
}

/** The demo sandbox as an import file. */
export function buildDemoImportFile(today: Date = new Date()): { customers: Wire[]; holidays: Wire[] } {
  const clock = new Clock(today);
  const year = today.getFullYear();
  const holidays = [...federalHolidays(year), ...federalHolidays(year + 1)];
  // Last year's too, for the pickups of early January.
  const calendar = [...federalHolidays(year - 1), ...holidays];
  return {
    customers: CUSTOMERS.map((c) => {
      const billing = invoices(c, clock);
      return {
        id: c.id,
        currency: c.currency,
        ivr_fee: c.business ? '0.0' : '2.95',
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
        pickups: pickups(c, clock, calendar),
        profiles: profiles(c, clock),
        notes: notes(c, clock),
      };
    }),
    holidays,
  };
}

export const DEMO_CUSTOMER_IDS = CUSTOMERS.map((c) => c.id);
