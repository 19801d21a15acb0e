import type { CustomerBundle } from '@curbside/domain';
import contractSampleCustomer from '../../test/fixtures/contract-sample-customer.json';
import sample from '../../test/fixtures/sample-import.json';
import { ImportFileError, type ImportIssue } from './errors';
import { decodeImportFile, encodeImportFile, ImportFileReader, importRecordLists } from './import-file';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests edit raw JSON freely

/** A fresh, editable copy of the sample file. */
const sampleFile = (): Json => structuredClone(sample) as Json;

function issuesOf(file: unknown): ImportIssue[] {
  try {
    decodeImportFile(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return (error as ImportFileError).issues;
  }
  throw new Error('expected the file to be rejected');
}

/** Decodes a sample file after `edit`, expecting exactly one issue, and returns it. */
function onlyIssue(edit: (file: Json) => void): ImportIssue {
  const file = sampleFile();
  edit(file);
  const issues = issuesOf(file);
  expect(issues).toHaveLength(1);
  return issues[0];
}

describe('import file: lossless round trips', () => {
  it('export(import(file)) gives the canonical sample back byte for byte, member order included', () => {
    const bundles = decodeImportFile(sample);
    const exported = encodeImportFile(bundles);
    expect(exported).toEqual(sample);
    expect(JSON.stringify(exported)).toBe(JSON.stringify(sample));
  });

  it('import(export(bundles)) gives the bundles back', () => {
    const bundles = decodeImportFile(sample);
    expect(decodeImportFile(JSON.parse(JSON.stringify(encodeImportFile(bundles))))).toEqual(bundles);
  });

  it('reads every resource of both customers into domain records', () => {
    const [usa, canada] = decodeImportFile(sample).customers;
    expect(usa.customer).toEqual({ id: '1000001', currency: 'USD', ivrFee: '5.0' });
    expect(canada.customer).toEqual({ id: '2000002', currency: 'CAD', ivrFee: null });
    const counts = (b: CustomerBundle): number[] => [
      b.contacts.length, b.preferences.length, b.services.length, b.tickets.length, b.disposalTickets.length,
      b.invoices.length, b.balances.length, b.cases.length, b.emailActivities.length, b.issueActivities.length,
      b.pickups.length, b.profiles.length, b.notes.length,
    ];
    expect(counts(usa)).toEqual([2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 2, 2, 2]);
    expect(counts(canada)).toEqual([2, 2, 1, 2, 1, 1, 6, 1, 1, 1, 2, 0, 1]);
  });

  it('converts wire values into domain values', () => {
    const [usa, canada] = decodeImportFile(sample).customers;
    const ticket = usa.tickets[0];
    expect(ticket).toMatchObject({
      id: '5001',
      status: 'CLOSED',
      createdAt: '2024-03-14T08:05:09.000',
      generated: false,
      loggedAt: '2024-03-15T14:22:05.000',
    });
    expect(usa.tickets[1]).toMatchObject({ createdAt: '1999-12-31T23:59:59.000', closedAt: null, complaint: null, services: [] });
    expect(canada.tickets[0].createdAt).toBe('1970-01-01T00:00:00.000');

    const [voided, replacement] = usa.disposalTickets;
    expect(voided).toMatchObject({ status: 'VOIDED', replaceTicketId: '700102', voidTicketId: null });
    expect(replacement).toMatchObject({ replaceTicketId: null, voidTicketId: '700101' });
    expect(voided.audit.modifiedAt).toBe('2024-03-01T09:00:00.050');
    expect(voided.timeOut).toBe('2024-03-01T07:31:02.500');
    expect(replacement.details[0].taxes[1]).toEqual({
      sequenceNumber: '2', id: '62', name: 'CTY', description: 'County host fee', rate: '0.46', rateUom: 'TON', amount: '2.43',
    });

    const payment = usa.invoices[0].lines[2];
    expect(payment).toEqual({
      type: '2', description: 'PAYMENT', date: null, amount: null, dueDate: null, period: '2024-02',
      payment: { amount: '512.80', date: '2024-02-20', method: 'ACH', referenceNumber: 'ACH-20240220-7781' },
    });
    expect(usa.invoices[0].lines[0]).toMatchObject({ date: '2024-02-01', dueDate: '2024-02-29', payment: null });
    expect(canada.invoices[0].amount).toBe('-25.00');

    expect(canada.contacts[0].address).toMatchObject({ province: 'Québec', postalCode: 'H2W 2M5', state: null, cleansed: true });
    expect(usa.contacts[0].address).toMatchObject({ state: 'Maine', zip: '04101', zip4: '3702', province: null });
    expect(canada.contacts[1].address.cleansed).toBeNull();

    expect(usa.preferences.map((p) => p.category)).toEqual(['Service Notification', 'Service Exception']);
    expect(usa.preferences[0].channels[0].selections[0]).toEqual({
      type: 'BEMAIL',
      value: 'billing@harborview.example',
      optIn: true,
      audit: { createdBy: 'portal', createdAt: '2023-11-02T09:15:00.000', modifiedBy: 'msantos', modifiedAt: '2024-01-10T16:42:07.000' },
    });
    expect(usa.services[1]).toMatchObject({ status: 'Inactive', invoiceFees: [], material: { specialHandling: true } });
    expect(usa.services[0].invoiceFees[1].overrideReason).toBe('Contract clause 7 <waived> & capped');
    expect(usa.emailActivities[0].email.body).toContain('\r\n');
    expect(canada.issueActivities[0].issue.submittedAt).toBe('2024-02-20T08:00:00.000');
  });
});

describe('import file: null and missing members', () => {
  it('reads "null" and a missing optional member alike, as null', () => {
    const file = sampleFile();
    delete file.customers[0].tickets[0].comments;
    delete file.customers[0].tickets[0].audit_info;
    delete file.customers[0].disposal_tickets[0].weight;
    const [bundle] = decodeImportFile(file).customers;
    expect(bundle.tickets[0].comments).toBeNull();
    expect(bundle.tickets[0].loggedAt).toBeNull();
    expect(bundle.tickets[1].comments).toBeNull(); // written "null"
    expect(bundle.disposalTickets[0].weight).toEqual({ gross: null, tare: null, net: null, uom: null, roundedNet: null, roundedNetUom: null });
  });

  it('reads a missing list as empty', () => {
    const file = sampleFile();
    delete file.customers[1].cases;
    delete file.customers[1].tickets[0].services_info;
    const bundle = decodeImportFile(file).customers[1];
    expect(bundle.cases).toEqual([]);
    expect(bundle.tickets[0].services).toEqual([]);
  });

  it('writes null back as "null"', () => {
    const file = sampleFile();
    delete file.customers[0].tickets[0].comments;
    const exported = encodeImportFile(decodeImportFile(file)) as Json;
    expect(exported.customers[0].tickets[0].comments).toBe('null');
  });

  it.each([
    ['a record id', (f: Json) => delete f.customers[0].tickets[1].id, 'customers[0].tickets[1].id', 'tickets[1]'],
    ['a status', (f: Json) => delete f.customers[0].cases[0].status, 'customers[0].cases[0].status', 'cases[0] (case_id 61001)'],
    ['the date a list filters on', (f: Json) => delete f.customers[0].tickets[0].created_date_time, 'customers[0].tickets[0].created_date_time', 'tickets[0] (id 5001)'],
    ['a disposal ticket date', (f: Json) => delete f.customers[0].disposal_tickets[1].audit_info.modified_date_time, 'customers[0].disposal_tickets[1].audit_info.modified_date_time', 'disposal_tickets[1] (id 700102)'],
    ['an invoice date', (f: Json) => delete f.customers[0].invoices[1].date, 'customers[0].invoices[1].date', 'invoices[1] (id 880002)'],
    ['an email sent time', (f: Json) => delete f.customers[1].email_activities[0].email_info.sent_date_time, 'customers[1].email_activities[0].email_info.sent_date_time', 'email_activities[0] (id 40501)'],
    ['an issue submit date', (f: Json) => delete f.customers[1].issue_activities[0].issues_info.submit_date, 'customers[1].issue_activities[0].issues_info.submit_date', 'issue_activities[0] (id 42501)'],
    ['a case date', (f: Json) => delete f.customers[1].cases[0].requested_date_time, 'customers[1].cases[0].requested_date_time', 'cases[0] (case_id 62001)'],
    ['the currency', (f: Json) => delete f.customers[1].currency, 'customers[1].currency', 'customers[1] (id 2000002)'],
    ['a contact type', (f: Json) => delete f.customers[0].contacts[0].type, 'customers[0].contacts[0].type', 'contacts[0]'],
    ['a balance type', (f: Json) => delete f.customers[0].balances[0].type, 'customers[0].balances[0].type', 'balances[0]'],
    ['a service status', (f: Json) => delete f.customers[0].services[0].status, 'customers[0].services[0].status', 'services[0] (id 300001)'],
    ['a selection opt-in', (f: Json) => delete f.customers[0].communication_preferences[0].channels[0].selections[0].is_opt_in, 'customers[0].communication_preferences[0].channels[0].selections[0].is_opt_in', 'communication_preferences[0] (category Service Notification)'],
  ])('rejects a missing required member: %s', (_what, edit, field, record) => {
    const issue = onlyIssue(edit);
    expect(issue).toMatchObject({ field, record, message: 'is required' });
  });

  it('rejects "null" for a required member', () => {
    const issue = onlyIssue((f) => (f.customers[0].tickets[0].status = 'null'));
    expect(issue).toEqual({
      customerId: '1000001',
      record: 'tickets[0] (id 5001)',
      field: 'customers[0].tickets[0].status',
      message: 'is required and cannot be "null"',
    });
  });
});

/** A customer with the members of the CONTRACT §6 sample, its empty strings, a published profile id and equipment id. */
const contractSample = (): Json => structuredClone(contractSampleCustomer) as Json;

describe('import file: the CONTRACT §6 sample values', () => {
  const decodeSample = () => decodeImportFile({ customers: [contractSample()] }).customers[0];

  it('reads a published profile id and equipment id as text', () => {
    const bundle = decodeSample();
    expect(bundle.profiles[0].id).toBe('1041279930086984565|E');
    expect(bundle.services[0].equipment.id).toBe('EQ401');
  });

  it('reads an empty optional date, time, number or id as absent, and keeps an empty text', () => {
    const { services: [service], pickups: [pickup], cases: [kase], profiles: [profile], notes: [note] } = decodeSample();
    expect(pickup.eta).toMatchObject({ servicedAt: null, reasonText: '' });
    expect(pickup).toMatchObject({ ticketType: '', exceptionReasonCode: '', exceptionClass: '' });
    expect(service.catalog).toEqual({ id: null, name: '', description: '', subCategory: '', category: '' });
    expect(service.material).toMatchObject({ id: null, code: '', name: '' });
    expect(kase.detail).toMatchObject({ dueAt: null, adjustmentTotalAmount: null, assignedTo: '', adjustments: [{ description: '', amount: null, at: null }] });
    expect(profile).toMatchObject({ firstName: '', email: '' });
    expect(note).toMatchObject({ comment: '', audit: { createdBy: '' } });
  });

  it('exports what the API writes: "null" for an empty formatted member, the empty text as it came', () => {
    const exported = encodeImportFile(decodeImportFile({ customers: [contractSample()] })) as Json;
    const [customer] = exported.customers;
    const expected = contractSample();
    expected.services[0].enterprise_catalog.id = 'null';
    expected.services[0].material.id = 'null';
    expected.pickups[0].eta.serviced_date_time = 'null';
    Object.assign(expected.cases[0], { due_date_time: 'null', adjustment_total_amount: 'null' });
    Object.assign(expected.cases[0].adjustments[0], { amount: 'null', date_time: 'null' });
    for (const [list, member] of [['services', 'pricing'], ['services', 'prices']]) delete customer[list][0][member];
    expect(customer).toMatchObject(expected);
    expect(decodeImportFile(exported).customers[0]).toEqual(decodeSample());
  });

  it.each([
    ['a required date', (c: Json) => (c.pickups[0].planned_date = ''), 'customers[0].pickups[0].planned_date', 'expected a real date written MM/dd/yyyy'],
    ['a required id', (c: Json) => (c.cases[0].case_id = ''), 'customers[0].cases[0].case_id', 'expected an id: 1 to 18 digits'],
    ['a path id (a service id)', (c: Json) => (c.services[0].id = 'EQ401'), 'customers[0].services[0].id', 'expected an id: 1 to 18 digits'],
  ])('still rejects an empty or non-digit value where the member is required or a digit id: %s', (_what, edit, field, message) => {
    const customer = contractSample();
    edit(customer);
    expect(issuesOf({ customers: [customer] })).toContainEqual(expect.objectContaining({ field, message }));
  });
});

describe('import file: strict types and values', () => {
  it.each([
    ['a number where a string is required', (f: Json) => (f.customers[0].tickets[0].id = 5001), 'customers[0].tickets[0].id', 'expected a string, got a number'],
    ['JSON null', (f: Json) => (f.customers[0].tickets[0].comments = null), 'customers[0].tickets[0].comments', 'expected a string, got null'],
    ['a boolean flag', (f: Json) => (f.customers[0].tickets[0].complaint = false), 'customers[0].tickets[0].complaint', 'expected a string, got a boolean'],
    ['an object where an array is required', (f: Json) => (f.customers[0].tickets[0].services_info = { code: 'XPU' }), 'customers[0].tickets[0].services_info', 'expected an array, got an object'],
    ['a string where an array is required', (f: Json) => (f.customers[0].balances = 'null'), 'customers[0].balances', 'expected an array, got a string'],
    ['an array where an object is required', (f: Json) => (f.customers[0].disposal_tickets[0].site = []), 'customers[0].disposal_tickets[0].site', 'expected an object, got an array'],
    ['a string where an object is required', (f: Json) => (f.customers[0].contacts[0].address = 'null'), 'customers[0].contacts[0].address', 'expected an object, got a string'],
    ['a record that is not an object', (f: Json) => (f.customers[0].cases[1] = '61002'), 'customers[0].cases[1]', 'expected an object, got a string'],
    ['an unknown record member', (f: Json) => (f.customers[0].tickets[0].priority = 'HIGH'), 'customers[0].tickets[0].priority', 'unknown member'],
    ['an unknown nested member', (f: Json) => (f.customers[0].disposal_tickets[0].weight.kg = '1'), 'customers[0].disposal_tickets[0].weight.kg', 'unknown member'],
    ['an unknown customer member', (f: Json) => (f.customers[1].remarks = []), 'customers[1].remarks', 'unknown member'],
    ['a bad id', (f: Json) => (f.customers[0].disposal_tickets[0].hauling_ticket_id = 'H-11'), 'customers[0].disposal_tickets[0].hauling_ticket_id', 'expected an id: 1 to 18 digits'],
    ['a too long id', (f: Json) => (f.customers[0].services[0].enterprise_catalog.id = '1234567890123456789'), 'customers[0].services[0].enterprise_catalog.id', 'expected an id: 1 to 18 digits'],
    ['a bad decimal', (f: Json) => (f.customers[0].tickets[0].services_info[0].cost = '$75'), 'customers[0].tickets[0].services_info[0].cost', 'expected a decimal number such as 12.50'],
    ['a decimal with a trailing dot', (f: Json) => (f.customers[0].invoices[0].amount = '12.'), 'customers[0].invoices[0].amount', 'expected a decimal number such as 12.50'],
    ['a bad Y/N flag', (f: Json) => (f.customers[0].tickets[0].generate_ticket = 'yes'), 'customers[0].tickets[0].generate_ticket', 'expected Y or N'],
    ['a bad true/false flag', (f: Json) => (f.customers[0].services[0].material.special_handling = 'Y'), 'customers[0].services[0].material.special_handling', 'expected true or false'],
    ['a bad ticket status', (f: Json) => (f.customers[0].tickets[0].status = 'closed'), 'customers[0].tickets[0].status', 'expected one of: CLOSED, OPEN, VOIDED, PENDING'],
    ['a bad balance type', (f: Json) => (f.customers[0].balances[0].type = '150Day'), 'customers[0].balances[0].type', 'expected one of: Current, 30Day, 60Day, 90Day, 120Day, Future, Total'],
    ['a bad currency', (f: Json) => (f.customers[0].currency = 'usd'), 'customers[0].currency', 'expected a three-letter currency code such as USD'],
    ['an impossible ticket date', (f: Json) => (f.customers[0].tickets[0].closed_date_time = '02/30/24 10:00:00'), 'customers[0].tickets[0].closed_date_time', 'expected a real date written MM/dd/yy HH:mm:ss'],
    ['a date in the wrong shape', (f: Json) => (f.customers[0].cases[0].requested_date_time = '2024-03-02 10:15:30'), 'customers[0].cases[0].requested_date_time', 'expected a real date written yyyy-MM-dd HH:mm:ss.S'],
    ['a bad invoice line date', (f: Json) => (f.customers[0].invoices[0].lines[0].due_date = '2024-02-29'), 'customers[0].invoices[0].lines[0].due_date', 'expected a real date written MM/dd/yy'],
    ['a bad period', (f: Json) => (f.customers[0].invoices[0].lines[0].period = '202413'), 'customers[0].invoices[0].lines[0].period', 'expected a real date written yyyyMM'],
    ['a bad fee time', (f: Json) => (f.customers[0].services[0].prices.invoice_fees[0].modify_dtm = '2024-01-01 24:00:00'), 'customers[0].services[0].prices.invoice_fees[0].modify_dtm', 'expected a real date written yyyy-MM-dd HH:mm:ss'],
  ])('rejects %s', (_what, edit, field, message) => {
    expect(onlyIssue(edit)).toMatchObject({ field, message });
  });

  it('accepts tab, LF and CR in text', () => {
    const file = sampleFile();
    file.customers[0].tickets[0].comments = 'a\tb\nc\r\nd';
    expect(decodeImportFile(file).customers[0].tickets[0].comments).toBe('a\tb\nc\r\nd');
  });

  it.each([
    ['NUL', 'a\u0000b', 'contains a control character (U+0000) at position 1, which XML cannot carry'],
    ['a vertical tab', '\u000Bx', 'contains a control character (U+000B) at position 0, which XML cannot carry'],
    ['ESC', 'x\u001B', 'contains a control character (U+001B) at position 1, which XML cannot carry'],
    ['a lone high surrogate', 'ok \uD83D', 'contains a lone surrogate (U+D83D) at position 3, which XML cannot carry'],
    ['a lone low surrogate', '\uDE00 ok', 'contains a lone surrogate (U+DE00) at position 0, which XML cannot carry'],
    ['U+FFFF', 'x\uFFFF', 'contains a control character (U+FFFF) at position 1, which XML cannot carry'],
  ])('rejects text with %s', (_what, value, message) => {
    expect(onlyIssue((f) => (f.customers[1].issue_activities[0].issues_info.description = value))).toEqual({
      customerId: '2000002',
      record: 'issue_activities[0] (id 42501)',
      field: 'customers[1].issue_activities[0].issues_info.description',
      message,
    });
  });

  it('accepts emoji (surrogate pairs) and non-ASCII text', () => {
    const file = sampleFile();
    file.customers[1].tickets[0].comments = 'é 中文 😀🗑️';
    expect(decodeImportFile(file).customers[1].tickets[0].comments).toBe('é 中文 😀🗑️');
  });
});

describe('import file: records that must agree with themselves', () => {
  it('rejects an invoice line description that does not match its type', () => {
    expect(onlyIssue((f) => (f.customers[0].invoices[0].lines[1].description = 'INVOICE'))).toMatchObject({
      record: 'invoices[0] (id 880001)',
      field: 'customers[0].invoices[0].lines[1].description',
      message: 'type 4 is described as FINANCE CHARGE',
    });
  });

  it('rejects a line whose id is not the invoice id, and accepts a line without an id', () => {
    expect(onlyIssue((f) => (f.customers[0].invoices[0].lines[0].id = '880002'))).toMatchObject({
      field: 'customers[0].invoices[0].lines[0].id',
      message: "must be the invoice's id 880001",
    });
    const file = sampleFile();
    delete file.customers[0].invoices[0].lines[0].id;
    expect(decodeImportFile(file).customers[0].invoices[0].lines[0].type).toBe('1');
  });

  it('rejects amount, date and due_date on PAYMENT lines and payment_info on other lines', () => {
    const file = sampleFile();
    const lines = file.customers[0].invoices[0].lines;
    Object.assign(lines[2], { amount: '1.00', date: '02/20/24', due_date: 'null' });
    lines[0].payment_info = { amount: '1', date: 'null', method: 'null', reference_number: 'null' };
    expect(issuesOf(file).map((i) => [i.field, i.message])).toEqual([
      ['customers[0].invoices[0].lines[0].payment_info', 'only PAYMENT lines (type 2) carry payment_info'],
      ['customers[0].invoices[0].lines[2].date', 'PAYMENT lines (type 2) carry no date'],
      ['customers[0].invoices[0].lines[2].amount', 'PAYMENT lines (type 2) carry no amount'],
      ['customers[0].invoices[0].lines[2].due_date', 'PAYMENT lines (type 2) carry no due_date'],
    ]);
  });

  it('requires selection values to fit their type', () => {
    const file = sampleFile();
    file.customers[0].communication_preferences[0].channels[0].selections[0].value = '555-201-3344';
    file.customers[0].communication_preferences[0].channels[1].selections[0].value = 'maria@harborview.example';
    file.customers[0].communication_preferences[1].channels[0].options[0].value = '12';
    expect(issuesOf(file).map((i) => [i.field, i.message])).toEqual([
      ['customers[0].communication_preferences[0].channels[0].selections[0].value', 'a BEMAIL selection needs an email address'],
      ['customers[0].communication_preferences[0].channels[1].selections[0].value', 'a BMOBILE selection needs a phone number (7 to 15 digits)'],
      ['customers[0].communication_preferences[1].channels[0].options[0].value', 'a BPHONE selection needs a phone number (7 to 15 digits)'],
    ]);
  });

  it('requires selection types to fit their channel', () => {
    const issue = onlyIssue((f) => {
      Object.assign(f.customers[0].communication_preferences[0].channels[1].selections[0], { type: 'BEMAIL', value: 'a@b.example' });
    });
    expect(issue).toMatchObject({
      field: 'customers[0].communication_preferences[0].channels[1].selections[0].type',
      message: 'the Text channel takes BMOBILE, SMOBILE, BPHONE or SPHONE',
    });
  });
});

describe('import file: duplicates', () => {
  it('rejects duplicate ids within a customer list', () => {
    expect(onlyIssue((f) => (f.customers[0].tickets[1].id = '5001'))).toEqual({
      customerId: '1000001',
      record: 'tickets[1] (id 5001)',
      field: 'customers[0].tickets[1].id',
      message: 'duplicate id 5001 (also tickets[0])',
    });
    expect(onlyIssue((f) => (f.customers[0].cases[1].case_id = '61001'))).toMatchObject({
      field: 'customers[0].cases[1].case_id',
      message: 'duplicate case_id 61001 (also cases[0])',
    });
  });

  it('allows the same record id under different customers', () => {
    const file = sampleFile();
    file.customers[1].tickets[0].id = '5001';
    expect(decodeImportFile(file).customers[1].tickets[0].id).toBe('5001');
  });

  it('rejects duplicate customer ids in the file', () => {
    const file = sampleFile();
    file.customers[1].id = '1000001';
    expect(issuesOf(file)).toEqual([
      { customerId: '1000001', record: 'customers[1] (id 1000001)', field: 'customers[1].id', message: 'duplicate customer id 1000001 (also customers[0])' },
    ]);
  });

  it.each([
    ['contact types', (f: Json) => (f.customers[0].contacts[1].type = 'billing'), 'customers[0].contacts[1].type', 'duplicate type billing (also contacts[0])'],
    ['balance types', (f: Json) => (f.customers[0].balances[2].type = 'Current'), 'customers[0].balances[2].type', 'duplicate type Current (also balances[0])'],
    ['preference categories', (f: Json) => (f.customers[1].communication_preferences[1].category = 'Service Exception'), 'customers[1].communication_preferences[1].category', 'duplicate category Service Exception (also communication_preferences[0])'],
    ['channel names', (f: Json) => (f.customers[1].communication_preferences[0].channels[1] = structuredClone(f.customers[1].communication_preferences[0].channels[0])), 'customers[1].communication_preferences[0].channels[1].name', 'duplicate name Text (also channels[0])'],
    ['selection types', (f: Json) => f.customers[0].communication_preferences[0].channels[0].selections.push(structuredClone(f.customers[0].communication_preferences[0].channels[0].selections[0])), 'customers[0].communication_preferences[0].channels[0].selections[2].type', 'duplicate type BEMAIL (also selections[0])'],
    ['disposal detail sequence numbers', (f: Json) => (f.customers[0].disposal_tickets[1].details[1].sequence_number = '1'), 'customers[0].disposal_tickets[1].details[1].sequence_number', 'duplicate sequence_number 1 (also details[0])'],
  ])('rejects duplicate %s', (_what, edit, field, message) => {
    expect(onlyIssue(edit)).toMatchObject({ field, message });
  });
});

describe('import file: reporting', () => {
  it('reports every problem of the file at once, each naming customer, record and field', () => {
    const file = sampleFile();
    file.customers[0].tickets[1].created_date_time = '13/01/24 00:00:00';
    file.customers[0].disposal_tickets[0].details[1].tax = [{ squence_number: 'one' }];
    file.customers[1].invoices[0].lines[0].type = '9';
    file.customers[1].contacts[1].address.metadata.cleansed = 'yes';
    file.customers[1].extra = 'x';
    const issues = issuesOf(file);
    expect(issues).toEqual([
      { customerId: '1000001', record: 'tickets[1] (id 5002)', field: 'customers[0].tickets[1].created_date_time', message: 'expected a real date written MM/dd/yy HH:mm:ss' },
      { customerId: '1000001', record: 'disposal_tickets[0] (id 700101)', field: 'customers[0].disposal_tickets[0].details[1].tax[0].squence_number', message: 'expected an id: 1 to 18 digits' },
      { customerId: '2000002', record: 'contacts[1] (type service)', field: 'customers[1].contacts[1].address.metadata.cleansed', message: 'expected true or false' },
      { customerId: '2000002', record: 'invoices[0] (id 890001)', field: 'customers[1].invoices[0].lines[0].type', message: 'expected one of: 1, 2, 3, 4, 5' },
      { customerId: '2000002', record: 'customers[1] (id 2000002)', field: 'customers[1].extra', message: 'unknown member' },
    ]);
  });

  it('summarises the first problems in its message', () => {
    const file = sampleFile();
    for (const ticket of file.customers[0].tickets) ticket.status = 'DONE';
    for (const item of file.customers[1].cases) item.status = 'DONE';
    for (const balance of file.customers[1].balances) balance.amount = 'x';
    try {
      decodeImportFile(file);
      throw new Error('expected an ImportFileError');
    } catch (error) {
      const { message, issues } = error as ImportFileError;
      expect(issues).toHaveLength(9);
      expect(message).toMatch(/^9 problems: customer 1000001, tickets\[0\] \(id 5001\), customers\[0\]\.tickets\[0\]\.status: expected one of/);
      expect(message).toContain('; customer 2000002, balances[0] (type Current), customers[1].balances[0].amount: expected a decimal');
      expect(message).not.toContain('cases[0]');
      expect(message).toMatch(/\(and 4 more\)$/);
    }
  });

  it('names no customer when the customer id itself is unreadable', () => {
    const issue = onlyIssue((f) => (f.customers[0].id = 'C-1'));
    expect(issue).toEqual({ customerId: null, record: 'customers[0] (id C-1)', field: 'customers[0].id', message: 'expected an id: 1 to 18 digits' });
  });

  it.each([
    ['a file that is not an object', [], [{ customerId: null, record: 'file', field: '', message: 'expected an object, got an array' }]],
    ['a file without customers', {}, [{ customerId: null, record: 'file', field: 'customers', message: 'is required' }]],
    ['customers that are not an array', { customers: {} }, [{ customerId: null, record: 'file', field: 'customers', message: 'expected an array, got an object' }]],
    ['unknown top-level members', { customers: [], version: '2' }, [{ customerId: null, record: 'file', field: 'version', message: 'unknown member' }]],
  ])('rejects %s', (_what, file, expected) => {
    expect(issuesOf(file)).toEqual(expected);
  });

  it('reads an empty customer list and a customer with only id and currency', () => {
    expect(decodeImportFile({ customers: [] })).toEqual({ customers: [], holidays: [] });
    const [bundle] = decodeImportFile({ customers: [{ id: '42', currency: 'USD' }] }).customers;
    expect(bundle).toEqual({
      customer: { id: '42', currency: 'USD', ivrFee: null },
      contacts: [], preferences: [], services: [], tickets: [], disposalTickets: [],
      invoices: [], balances: [], cases: [], emailActivities: [], issueActivities: [],
      pickups: [], profiles: [], notes: [],
    });
  });
});

describe('import file: the records of the published operations (CONTRACT §6)', () => {
  it('reads schedules, pickups with their ETA, case details, profiles, notes and the holiday calendar', () => {
    const { customers: [usa, canada], holidays } = decodeImportFile(sample);
    expect(usa.services[0]).toMatchObject({
      name: 'Hauling - 4 Yard Front Load for MSW Commercial',
      equipment: { id: '4401', name: '4 Yard Front Load', size: '4', sizeUom: 'YD', quantity: '2' },
      schedule: { days: ['MONDAY', 'THURSDAY'], everyWeeks: 1, startsOn: '2024-01-01' },
      operations: [{ routeId: 'J31A', dayOfWeek: 'MONDAY', notes: 'Gate code 4411' }, { routeId: 'J31B', dayOfWeek: 'THURSDAY', notes: null }],
    });
    expect(canada.services[0]).toMatchObject({ occurs: 'On Call', schedule: null, operations: [] });
    expect(usa.pickups[0]).toMatchObject({
      serviceId: '300001', status: 'Confirmed Negative', ticketNumber: null, plannedDate: '2024-03-14',
      serviceTime: '2024-03-14T07:12:45.000', operations: { routeId: 'J31B', routeOrderNumber: '7' },
      eta: { from: '2024-03-14T12:00:00Z', servicedAt: '2024-03-14T12:12:45Z', reasonCode: 'BLK' },
    });
    expect(usa.pickups[1].eta).toBeNull();
    expect(usa.cases[0].detail).toMatchObject({
      dueAt: '2024-03-20T17:00:00.000', adjustmentTotalAmount: '-12.50',
      requestor: { name: 'Jordan Lee', phone: '2075550188', email: 'jordan.lee@harborview.example' },
      adjustments: [{ description: 'Missed pickup credit', amount: '-12.50', at: '2024-03-16T10:30:00.250' }],
    });
    expect(usa.profiles[0]).toMatchObject({ paperlessInvoice: true, autoPay: false, logonStatus: true, lastLoginDate: '2024-03-10T15:41:52.000-05:00' });
    expect(usa.notes[0]).toEqual({
      comment: 'Customer asked for a gate code reminder', createdAt: '2024-03-12T09:30:00.125',
      audit: { createdAt: '2024-03-12T09:30:00.125', createdBy: 'msantos' },
    });
    expect(holidays).toEqual([
      { date: '2024-05-27', name: 'Memorial Day', delayDays: 1 },
      { date: '2024-07-04', name: 'Independence Day', delayDays: 1 },
      { date: '2024-12-25', name: 'Christmas Day', delayDays: 2 },
    ]);
  });

  it('gives a customer without the new members empty lists and no schedule', () => {
    const file = sampleFile();
    const service = file.customers[0].services[0];
    for (const member of ['name', 'occurs', 'taxable', 'type_code', 'equipment', 'schedule', 'operations']) delete service[member];
    delete file.customers[0].pickups;
    delete file.customers[0].profiles;
    delete file.customers[0].notes;
    delete file.customers[0].ivr_fee;
    delete file.holidays;
    const { customers: [usa], holidays } = decodeImportFile(file);
    expect(usa).toMatchObject({ customer: { ivrFee: null }, pickups: [], profiles: [], notes: [] });
    expect(usa.services[0]).toMatchObject({ name: null, schedule: null, operations: [], equipment: { id: null, name: null } });
    expect(holidays).toEqual([]);
  });

  const customer = '1000001';
  it.each([
    ['a weekday that is not one', (f: Json) => (f.customers[0].services[0].schedule.days[1] = 'THURS'), 'services[0] (id 300001)', 'customers[0].services[0].schedule.days[1]', 'expected one of: MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY'],
    ['a weekday written in lower case', (f: Json) => (f.customers[0].services[0].operations[0].day_of_week = 'monday'), 'services[0] (id 300001)', 'customers[0].services[0].operations[0].day_of_week', 'expected one of: MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY'],
    ['a day twice in a schedule', (f: Json) => (f.customers[0].services[0].schedule.days[1] = 'MONDAY'), 'services[0] (id 300001)', 'customers[0].services[0].schedule.days[1]', 'duplicate day MONDAY (also days[0])'],
    ['a schedule without days', (f: Json) => (f.customers[0].services[0].schedule.days = []), 'services[0] (id 300001)', 'customers[0].services[0].schedule.days', 'needs at least one day'],
    ['a schedule missing its days', (f: Json) => delete f.customers[0].services[0].schedule.days, 'services[0] (id 300001)', 'customers[0].services[0].schedule.days', 'is required'],
    ['every_weeks zero', (f: Json) => (f.customers[0].services[0].schedule.every_weeks = '0'), 'services[0] (id 300001)', 'customers[0].services[0].schedule.every_weeks', 'expected a whole number from 1 to 52'],
    ['every_weeks a fraction', (f: Json) => (f.customers[0].services[0].schedule.every_weeks = '1.5'), 'services[0] (id 300001)', 'customers[0].services[0].schedule.every_weeks', 'expected a whole number from 1 to 52'],
    ['every_weeks negative', (f: Json) => (f.customers[0].services[0].schedule.every_weeks = '-2'), 'services[0] (id 300001)', 'customers[0].services[0].schedule.every_weeks', 'expected a whole number from 1 to 52'],
    ['a bad starts_on', (f: Json) => (f.customers[0].services[0].schedule.starts_on = '01/05/2024'), 'services[0] (id 300001)', 'customers[0].services[0].schedule.starts_on', 'expected a real date written yyyy-MM-dd'],
    ['an unknown schedule member', (f: Json) => (f.customers[0].services[0].schedule.every = '1'), 'services[0] (id 300001)', 'customers[0].services[0].schedule.every', 'unknown member'],
    ['an unknown equipment member', (f: Json) => (f.customers[0].services[0].equipment.volume = '4'), 'services[0] (id 300001)', 'customers[0].services[0].equipment.volume', 'unknown member'],
    ['a bad equipment quantity', (f: Json) => (f.customers[0].services[0].equipment.quantity = 'two'), 'services[0] (id 300001)', 'customers[0].services[0].equipment.quantity', 'expected a decimal number such as 12.50'],
    ['a bad material manifest flag', (f: Json) => (f.customers[0].services[1].material.manifest = 'Y'), 'services[1] (id 300002)', 'customers[0].services[1].material.manifest', 'expected true or false'],
    ['a pickup date in the wrong shape', (f: Json) => (f.customers[0].pickups[0].planned_date = '2024-03-14'), 'pickups[0] (id 300001, planned_date 2024-03-14)', 'customers[0].pickups[0].planned_date', 'expected a real date written MM/dd/yyyy'],
    ['an impossible pickup date', (f: Json) => (f.customers[0].pickups[0].ordered_date = '02/30/2024'), 'pickups[0] (id 300001, planned_date 03/14/2024)', 'customers[0].pickups[0].ordered_date', 'expected a real date written MM/dd/yyyy'],
    ['a two-digit pickup year', (f: Json) => (f.customers[0].pickups[0].service_time = '03/14/24 07:12:45'), 'pickups[0] (id 300001, planned_date 03/14/2024)', 'customers[0].pickups[0].service_time', 'expected a real date written MM/dd/yyyy HH:mm:ss'],
    ['a pickup status not in the set', (f: Json) => (f.customers[0].pickups[0].status = 'Missed'), 'pickups[0] (id 300001, planned_date 03/14/2024)', 'customers[0].pickups[0].status', 'expected one of: Planned, Confirmed Positive, Confirmed Negative, Confirmed Incomplete'],
    ['a pickup without its service id', (f: Json) => delete f.customers[0].pickups[0].id, 'pickups[0] (planned_date 03/14/2024)', 'customers[0].pickups[0].id', 'is required'],
    ['an ETA time with an offset', (f: Json) => (f.customers[0].pickups[0].eta.from = '2024-03-14T07:00:00-05:00'), 'pickups[0] (id 300001, planned_date 03/14/2024)', 'customers[0].pickups[0].eta.from', 'expected an ISO-8601 UTC time such as 2026-11-10T14:00:00Z'],
    ['an impossible ETA time', (f: Json) => (f.customers[0].pickups[0].eta.serviced_date_time = '2024-03-14T25:00:00Z'), 'pickups[0] (id 300001, planned_date 03/14/2024)', 'customers[0].pickups[0].eta.serviced_date_time', 'expected an ISO-8601 UTC time such as 2026-11-10T14:00:00Z'],
    ['an unknown ETA member', (f: Json) => (f.customers[0].pickups[0].eta.window = '2h'), 'pickups[0] (id 300001, planned_date 03/14/2024)', 'customers[0].pickups[0].eta.window', 'unknown member'],
    ['a case due date in the wrong shape', (f: Json) => (f.customers[0].cases[0].due_date_time = '2024-03-20'), 'cases[0] (case_id 61001)', 'customers[0].cases[0].due_date_time', 'expected a real date written yyyy-MM-dd HH:mm:ss.S'],
    ['a bad adjustment amount', (f: Json) => (f.customers[0].cases[0].adjustments[0].amount = '12,50'), 'cases[0] (case_id 61001)', 'customers[0].cases[0].adjustments[0].amount', 'expected a decimal number such as 12.50'],
    ['an unknown requestor member', (f: Json) => (f.customers[0].cases[0].requestor.mobile = '1'), 'cases[0] (case_id 61001)', 'customers[0].cases[0].requestor.mobile', 'unknown member'],
    ['a bad ivr_fee', (f: Json) => (f.customers[0].ivr_fee = 'five'), 'customers[0] (id 1000001)', 'customers[0].ivr_fee', 'expected a decimal number such as 12.50'],
    ['a login date without an offset', (f: Json) => (f.customers[0].profiles[0].last_login_date = '2024-03-10T15:41:52'), 'profiles[0] (id 88001)', 'customers[0].profiles[0].last_login_date', 'expected an ISO-8601 time with an offset such as 2026-05-21T15:41:52.000-05:00'],
    ['a bad logon status', (f: Json) => (f.customers[0].profiles[0].logon_status = 'true'), 'profiles[0] (id 88001)', 'customers[0].profiles[0].logon_status', 'expected Y or N'],
    ['a profile without an id', (f: Json) => delete f.customers[0].profiles[0].id, 'profiles[0]', 'customers[0].profiles[0].id', 'is required'],
    ['a note time without its Z', (f: Json) => (f.customers[0].notes[0].note_info.create_date_time = '2024-03-12 09:30:00.125'), 'notes[0] (note_info.create_date_time 2024-03-12 09:30:00.125)', 'customers[0].notes[0].note_info.create_date_time', "expected a real date written yyyy-MM-dd HH:mm:ss.SSS'Z'"],
    ['a note without its time', (f: Json) => delete f.customers[0].notes[1].note_info.create_date_time, 'notes[1]', 'customers[0].notes[1].note_info.create_date_time', 'is required'],
    ['an unknown note member', (f: Json) => (f.customers[0].notes[0].note_info.subject = 'x'), 'notes[0] (note_info.create_date_time 2024-03-12 09:30:00.125Z)', 'customers[0].notes[0].note_info.subject', 'unknown member'],
  ])('rejects %s, naming customer, record and field', (_what, edit, record, field, message) => {
    expect(onlyIssue(edit)).toEqual({ customerId: customer, record, field, message });
  });

  it.each([
    ['a holiday date in the wrong shape', (f: Json) => (f.holidays[0].date = '05/27/2024'), 'holidays[0] (date 05/27/2024)', 'holidays[0].date', 'expected a real date written yyyy-MM-dd'],
    ['delay_days zero', (f: Json) => (f.holidays[1].delay_days = '0'), 'holidays[1] (date 2024-07-04)', 'holidays[1].delay_days', 'expected a whole number from 1 to 7'],
    ['a holiday without a name', (f: Json) => delete f.holidays[1].name, 'holidays[1] (date 2024-07-04)', 'holidays[1].name', 'is required'],
    ['a holiday date twice', (f: Json) => (f.holidays[2].date = '2024-07-04'), 'holidays[2] (date 2024-07-04)', 'holidays[2].date', 'duplicate date 2024-07-04 (also holidays[1])'],
    ['holidays that are not a list', (f: Json) => (f.holidays = { date: '2024-12-25' }), 'file', 'holidays', 'expected an array, got an object'],
  ])('rejects %s in the holiday calendar, naming no customer', (_what, edit, record, field, message) => {
    expect(onlyIssue(edit)).toEqual({ customerId: null, record, field, message });
  });

  it.each([
    ['pickups (service, planned date and ticket number)', (f: Json) => f.customers[1].pickups.push({ ...f.customers[1].pickups[0], status: 'Planned' }), 'customers[1].pickups[2].id', 'duplicate id 310001, planned_date 02/10/2024, ticket_number 790678 (also pickups[0])'],
    ['profiles', (f: Json) => (f.customers[0].profiles[1].id = '88001'), 'customers[0].profiles[1].id', 'duplicate id 88001 (also profiles[0])'],
    ['notes (the same note twice)', (f: Json) => f.customers[0].notes.push(structuredClone(f.customers[0].notes[0])), 'customers[0].notes[2].note_info.create_date_time', expect.stringMatching(/^duplicate note_info.create_date_time 2024-03-12 09:30:00.125Z, note_info.comment Customer asked/)],
  ])('rejects duplicate %s', (_what, edit, field, message) => {
    expect(onlyIssue(edit)).toMatchObject({ field, message });
  });

  it('accepts two pickups of one service on one day with different ticket numbers', () => {
    const file = sampleFile();
    expect(decodeImportFile(file).customers[1].pickups.map((p) => p.ticketNumber)).toEqual(['790678', '790679']);
  });
});

describe('a customer\'s language in the import file (CONTRACT §11)', () => {
  const LANGUAGES = ['en', 'es', 'zh-Hant', 'tl'];
  const withLanguages = (...languages: unknown[]): Json => {
    const file = sampleFile();
    languages.forEach((language, index) => (file.customers[index].language = language));
    return file;
  };

  it('reads an offered tag in canonical form, "null" as none, and leaves an absent one unsaid (the stored language stays)', () => {
    const { customers } = decodeImportFile(withLanguages('ZH-hant', 'null'), { languages: LANGUAGES });
    expect(customers.map((bundle) => bundle.customer.language)).toEqual(['zh-Hant', null]);
    const [absent] = decodeImportFile(sampleFile(), { languages: LANGUAGES }).customers;
    expect(absent.customer).not.toHaveProperty('language');
    expect(decodeImportFile(withLanguages('fil'), { languages: LANGUAGES }).customers[0].customer.language).toBe('tl');
  });

  it('fails the file on a tag the hauler does not offer, naming the customer and the offered languages; LANGUAGES defaults to en', () => {
    const issue = (file: Json, options?: { languages: string[] }) => {
      try {
        decodeImportFile(file, options);
      } catch (error) {
        return (error as ImportFileError).issues;
      }
      throw new Error('expected the file to be rejected');
    };
    expect(issue(withLanguages('fr'), { languages: LANGUAGES })).toEqual([
      { customerId: '1000001', record: 'customers[0] (id 1000001)', field: 'customers[0].language', message: 'expected a language the hauler offers (LANGUAGES): en, es, zh-Hant, tl' },
    ]);
    expect(issue(withLanguages('en', 'es'))).toEqual([
      { customerId: '2000002', record: 'customers[1] (id 2000002)', field: 'customers[1].language', message: 'expected a language the hauler offers (LANGUAGES): en' },
    ]);
  });

  it('writes the language when one is set, so that an export imports back to the same', () => {
    const file = decodeImportFile(withLanguages('es', 'null'), { languages: LANGUAGES });
    const written = encodeImportFile(file) as Json;
    expect(written.customers[0].language).toBe('es');
    expect(written.customers[1]).not.toHaveProperty('language');
    const again = decodeImportFile(written, { languages: LANGUAGES });
    expect(again.customers.map((bundle) => bundle.customer.language ?? null)).toEqual(['es', null]);
  });

  it('is read the same piece by piece', () => {
    const reader = new ImportFileReader(undefined, { languages: LANGUAGES });
    expect(reader.customer(0, { id: '1000001', currency: 'USD', language: 'Es' })).toEqual({ id: '1000001', currency: 'USD', ivrFee: null, language: 'es' });
    reader.customer(1, { id: '1000002', currency: 'USD', language: 'ko' });
    expect(() => reader.finish()).toThrow(ImportFileError);
  });
});

describe('import file read piece by piece (ImportFileReader, for streamed files)', () => {
  /** Feeds `file` to an ImportFileReader as a streaming reader hands it over: records, then customers, then the file. */
  function readInPieces(file: Json): { holidays: unknown[]; customers: unknown[]; records: unknown[] } {
    const reader = new ImportFileReader();
    const lists = importRecordLists();
    const records: unknown[] = [];
    const customers = (file.customers as Json[]).map((customer, index) => {
      const shell: Json = {};
      for (const [member, value] of Object.entries(customer)) {
        if (!lists.has(member) || !Array.isArray(value)) shell[member] = value;
        else {
          shell[member] = [];
          value.forEach((record, position) => records.push(reader.record(index, member, position, record)));
        }
      }
      return reader.customer(index, shell);
    });
    const holidays = reader.file({ ...file, customers: [] });
    reader.finish();
    return { holidays, customers, records };
  }

  const issuesInPieces = (file: Json): ImportIssue[] => {
    try {
      readInPieces(file);
    } catch (error) {
      return (error as ImportFileError).issues;
    }
    throw new Error('expected the file to be rejected');
  };
  const sorted = (issues: ImportIssue[]) => [...issues].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

  it('reads the same records, customers and holidays as decodeImportFile', () => {
    const whole = decodeImportFile(sample);
    const { holidays, customers, records } = readInPieces(sampleFile());
    expect(holidays).toEqual(whole.holidays);
    expect(customers).toEqual(whole.customers.map((bundle) => bundle.customer));
    const lists = importRecordLists();
    const inFileOrder = whole.customers.flatMap((bundle, index) =>
      Object.keys(sampleFile().customers[index]).flatMap((member) => {
        const kind = lists.get(member);
        return kind === undefined ? [] : (bundle[kind] as unknown[]);
      }),
    );
    expect(records).toEqual(inFileOrder);
  });

  it('reports the same problems as decodeImportFile, duplicates and unknown members included, each naming its customer', () => {
    const file = sampleFile();
    file.customers[0].tickets[1].created_date_time = '13/01/24 00:00:00';
    file.customers[0].tickets[2] = structuredClone(file.customers[0].tickets[0]);
    file.customers[1].invoices[0].lines[0].type = '9';
    file.customers[1].extra = 'x';
    file.customers[1].tickets = 'none';
    file.customers.push({ ...structuredClone(file.customers[0]), tickets: [] });
    file.holidays[0].date = 'soon';
    expect(sorted(issuesInPieces(file))).toEqual(sorted(issuesOf(file)));
  });

  it("keeps no record keys of a customer once it is read: memory grows with the largest customer, not the file", () => {
    const reader = new ImportFileReader();
    const keptKeys = () => (reader as unknown as { firstRecordByKey: Map<string, Map<unknown, number>> }).firstRecordByKey.size;
    const file = sampleFile();
    file.customers.forEach((customer: Json, index: number) => {
      (customer.tickets as Json[]).forEach((ticket, position) => reader.record(index, 'tickets', position, ticket));
      expect(keptKeys()).toBeGreaterThan(0);
      reader.customer(index, { ...customer, tickets: [] });
      expect(keptKeys()).toBe(0);
    });
  });
});
