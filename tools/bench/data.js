/*
 * The bench's data, as an import file (docs/import-format.md) for the real CLI: customers with
 * 10, 1,000 and 10,000 service tickets, each with invoices and disposal tickets, one of which
 * is wide (many detail lines). The records are the demo sandbox's, repeated with new ids and dates.
 */

const pad = (n) => String(n).padStart(2, '0');

/** `MM/dd/yy HH:mm:ss`, `minutes` before a fixed moment, so every run makes the same file. */
function ticketTime(minutes) {
  const date = new Date(Date.UTC(2026, 10, 20, 8, 0, 17) - minutes * 60_000);
  const y = String(date.getUTCFullYear()).slice(2);
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${y} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

const isoDay = (days) => new Date(Date.UTC(2026, 10, 18) - days * 86_400_000).toISOString().slice(0, 10);

/** A service ticket; `minutes` apart from the others so the list order is fixed. */
function serviceTicket(id, minutes, lines = 2) {
  return {
    id,
    status: minutes % 3 === 0 ? 'CLOSED' : 'OPEN',
    load_type: 'XPU',
    load_description: 'Extra pickup',
    created_date_time: ticketTime(minutes),
    created_by: 'PORTAL',
    closed_date_time: 'null',
    closed_by: 'null',
    dispatch_date_time: 'null',
    generate_ticket: 'N',
    complaint: 'N',
    comments: 'Please place cart at the end of the driveway.',
    completion_code: 'null',
    completed_description: 'null',
    requested_by: 'Devon Okafor',
    audit_info: { logged_date_time: '11/22/26 17:00:00' },
    services_info: [
      { code: 'MSW', description: 'Municipal solid waste collection', quantity: '1', cost: '18.50', special_description: 'null' },
      { code: 'BLK', description: 'Bulk item pickup', quantity: '1', cost: '35.00', special_description: 'Sofa and two chairs' },
    ].slice(0, lines),
  };
}

function invoice(id, days) {
  const date = isoDay(days);
  return {
    id,
    date,
    amount: '310.40',
    balance_amount: '310.40',
    payment_info: { amount: 'null', date: 'null', reference_number: 'null' },
    lines: [{ id, type: '1', description: 'INVOICE', date: '11/18/26', amount: '310.40', due_date: '12/13/26', period: '202611' }],
  };
}

function disposalDetail(sequence) {
  const tax = (n) => ({ squence_number: String(n), id: '77', name: 'State Tax', description: 'State solid waste tax', rate: '0.0825', rate_uom: 'PERCENT', amount: '1.03' });
  return {
    sequence_number: String(sequence),
    material_name: 'Construction & Demolition',
    surcharge_name: 'null',
    description: 'C&D debris, mixed',
    volume: '20',
    generator_name: 'Harbor Street Bistro',
    rounded_net_weight: '8.81',
    rounded_net_uom: 'TON',
    billed_quantity: '8.81',
    rate_per_unit: '54.75',
    rate_uom: 'TON',
    origin: { id: '12', description: 'Seattle metro' },
    amount: '482.35',
    total_tax_amount: '39.79',
    total_amount: '522.14',
    purchase_order_number: '900100',
    manifest_id: 'null',
    container_id: '61000',
    profile: { id: '3301', description: 'Non-hazardous C&D profile' },
    tax: [tax(1), tax(2)],
  };
}

function disposalTicket(id, lines, minutes) {
  const time = new Date(Date.UTC(2026, 10, 19, 7, 12, 31) - minutes * 60_000).toISOString().replace('T', ' ').slice(0, 19) + '.0';
  return {
    id,
    hauling_ticket_id: '7700400',
    replace_ticket_id: 'null',
    void_ticket_id: 'null',
    time_in: time,
    time_out: time,
    status: 'COMPLETED',
    weight: { gross: '31840', tare: '14220', net: '17620', uom: 'LB', rounded_net: '8.81', rounded_net_uom: 'TON' },
    scale_in: 'SCALE-1',
    scale_out: 'SCALE-2',
    swipe_card_id: 'null',
    volume: '20',
    material_subtotal: '482.35',
    surcharge: '12.50',
    tax: '40.82',
    amount: '535.67',
    currency: 'USD',
    carrier: { id: 'CAR-118', description: 'Curbside Hauling Co.' },
    site: { id: 'CDR-04', name: 'Cedar Hills Regional Landfill' },
    destination: 'Cell 4B working face',
    route_id: 'RT-200',
    notes: 'null',
    seal: { number_1: '440100', number_2: 'null' },
    customer: {
      name: 'Harbor Street Bistro LLC',
      business_name: 'Harbor Street Bistro',
      address: { street_text_1: '88 Harbor Street', street_text_2: 'null', city: 'Seattle', state: 'Washington', country: 'US', zip: '98101', zip4: '2207' },
    },
    audit_info: { created_by: 'SCALE.OPS', created_date_time: time, modified_by: 'SCALE.OPS', modified_date_time: time },
    vehicle: { number: '3100', description: 'Roll-off truck', driver_name: 'Sam Ortiz' },
    details: Array.from({ length: lines }, (_, i) => disposalDetail(i + 1)),
  };
}

const range = (count, make) => Array.from({ length: count }, (_, i) => make(i));

/** One customer with `tickets` service tickets; ids are `<customer id><serial>`, unique across customers. */
function customer(id, tickets, { invoices = 20, disposal = 3, disposalLines = 300, ticketLines = 2 } = {}) {
  return {
    id,
    currency: 'USD',
    ivr_fee: '0.0',
    tickets: range(tickets, (i) => serviceTicket(`${id}${String(i + 1).padStart(7, '0')}`, i * 7, ticketLines)),
    invoices: range(invoices, (i) => invoice(`${id}${String(i + 1).padStart(4, '0')}`, i)),
    balances: invoices === 0 ? [] : ['Current', '30Day', '60Day', '90Day', '120Day', 'Future', 'Total'].map((type) => ({ type, date: '2026-11-23', amount: '310.40' })),
    disposal_tickets: range(disposal, (i) => disposalTicket(`${id}${String(i + 1).padStart(3, '0')}`, i === 0 ? disposalLines : 2, i * 30)),
    communication_preferences: [preferences(`billing@${id}.example.com`, `206-555-${id.slice(-4)}`)],
  };
}

/** One category with an email and a text channel, each with one selection and its options. */
function preferences(email, mobile) {
  const audit_info = { created_by: 'portal', created_date_time: '2026-04-06 10:15:00', modified_by: 'portal', modified_date_time: '2026-05-06 18:02:11' };
  const channel = (name, value, type) => ({ name, is_opt_in: 'Y', selections: [{ value, type, is_opt_in: 'Y', audit_info }], options: [{ value, type }] });
  return { category: 'Service Notification', is_category_enabled: 'Y', channels: [channel('Email', email, 'SEMAIL'), channel('Text', mobile, 'SMOBILE')] };
}

/** A PUT communication-preferences body for `customer`: its text selection opted out, by `bench`. */
function preferencesChange(customer) {
  const text = customer.communication_preferences[0].channels[1].selections[0];
  return {
    preferences: [{ category: 'Service Notification', channels: [{ name: 'Text', selections: [{ value: text.value, type: text.type, is_opt_in: 'N' }] }] }],
    audit_info: { modified_by: 'bench' },
  };
}

/** The customers the scenarios read; `scale` below 1 shrinks the large ones (smoke mode). */
function benchCustomers(scale = 1) {
  return {
    small: customer('9000010', 10),
    medium: customer('9001000', 1000),
    large: customer('9010000', Math.max(1, Math.round(10_000 * scale))),
  };
}

/** The ticket without its "null" members and comments (a member left out reads as "null"). */
function compact(ticket) {
  const { comments: _comments, ...rest } = ticket;
  const present = (record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== 'null'));
  return { ...present(rest), services_info: ticket.services_info.map(present) };
}

/**
 * The JSON text of an import file of one customer with `rows` service tickets (one service line
 * each, null members left out: about 400 bytes a ticket), in pieces, for the import measurement:
 * 1,000,000 tickets must stay under V8's longest string (~512 MiB), which the CLI's read of the
 * whole file needs, and this process does not hold the file as one string either.
 */
function* importFileChunks(id, rows) {
  const ticket = (i) => JSON.stringify(compact(serviceTicket(`${id}${String(i + 1).padStart(7, '0')}`, i, 1)));
  yield `{"customers":[{"id":"${id}","currency":"USD","ivr_fee":"0.0","tickets":[`;
  for (let start = 0; start < rows; start += 10_000) {
    const end = Math.min(rows, start + 10_000);
    yield (start === 0 ? '' : ',') + range(end - start, (i) => ticket(start + i)).join(',');
  }
  yield ']}]}';
}

module.exports = { benchCustomers, importFileChunks, preferencesChange };
