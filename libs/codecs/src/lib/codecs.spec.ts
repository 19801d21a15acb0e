import { summarizeServiceTicket } from '@curbside/domain';
import sample from '../../test/fixtures/sample-import.json';
import { caseCodec } from './case.codec';
import { contactCodec } from './contact.codec';
import { disposalTicketCodec } from './disposal-ticket.codec';
import { emailActivityCodec } from './email-activity.codec';
import { DecodeError, type FieldIssue } from './errors';
import { invoiceCodec } from './invoice.codec';
import { issueActivityCodec } from './issue-activity.codec';
import { preferenceCodec } from './preference.codec';
import { serviceCodec } from './service.codec';
import { serviceTicketCodec } from './service-ticket.codec';
import { noteCodec } from './note.codec';
import { pickupCodec } from './pickup.codec';
import { profileCodec } from './profile.codec';

const customers = sample.customers;
const all = <T>(pick: (customer: (typeof customers)[number]) => T[]): T[] => customers.flatMap(pick);

function decodeIssues(decode: () => unknown): FieldIssue[] {
  try {
    decode();
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    return (error as DecodeError).issues;
  }
  throw new Error('expected a DecodeError');
}

/** Every record of the sample, per codec: wire -> domain -> wire gives the same wire object, member order included. */
describe('wire -> domain -> wire round trips, per resource', () => {
  const roundTrips: Array<[string, unknown[], (wire: unknown) => unknown]> = [
    ['service tickets', all((c) => c.tickets), (w) => serviceTicketCodec.encodeDetail(serviceTicketCodec.decode(w))],
    ['disposal tickets', all((c) => c.disposal_tickets), (w) => disposalTicketCodec.encodeDetail(disposalTicketCodec.decode(w))],
    ['invoices', all((c) => c.invoices), (w) => invoiceCodec.encodeRecord(invoiceCodec.decode(w))],
    ['balances', all((c) => c.balances), (w) => invoiceCodec.encodeBalance(invoiceCodec.decodeBalance(w))],
    ['cases', all((c) => c.cases), (w) => caseCodec.encodeDetail(caseCodec.decode(w))],
    ['contacts', all((c) => c.contacts), (w) => contactCodec.encode(contactCodec.decode(w))],
    ['preferences', all((c) => c.communication_preferences), (w) => preferenceCodec.encode(preferenceCodec.decode(w))],
    ['services', all<unknown>((c) => c.services), (w) => serviceCodec.encodeRecord(serviceCodec.decode(w))],
    ['email activities', all((c) => c.email_activities), (w) => emailActivityCodec.encode(emailActivityCodec.decode(w))],
    ['issue activities', all((c) => c.issue_activities), (w) => issueActivityCodec.encode(issueActivityCodec.decode(w))],
    ['pickups', all((c) => c.pickups), (w) => pickupCodec.encodeRecord(pickupCodec.decode(w))],
    ['profiles', all((c) => c.profiles), (w) => profileCodec.encode(profileCodec.decode(w))],
    ['notes', all((c) => c.notes), (w) => noteCodec.encode(noteCodec.decode(w))],
  ];

  it.each(roundTrips)('%s', (_name, records, roundTrip) => {
    expect(records.length).toBeGreaterThan(0);
    for (const wire of records) expect(JSON.stringify(roundTrip(wire))).toBe(JSON.stringify(wire));
  });
});

describe('views', () => {
  it('writes a ticket summary with the codes of its services', () => {
    const ticket = serviceTicketCodec.decode(customers[0].tickets[0]);
    expect(JSON.stringify(serviceTicketCodec.encodeSummary(summarizeServiceTicket(ticket)))).toBe(
      JSON.stringify({
        id: '5001',
        status: 'CLOSED',
        load_type: 'XPU',
        load_description: 'Extra pickup',
        created_date_time: '03/14/24 08:05:09',
        dispatch_date_time: '03/15/24 06:30:00',
        services_info: [{ code: 'XPU' }, { code: 'OVR' }],
      }),
    );
  });

  it('writes a disposal summary with its date in the .S shape', () => {
    expect(JSON.stringify(disposalTicketCodec.encodeSummary({ id: '9', status: 'OPEN', amount: null, siteName: 'Blue Ridge', date: '2024-03-01T09:00:00.050' }))).toBe(
      '{"id":"9","date":"2024-03-01 09:00:00.05","status":"OPEN","amount":"null","site_name":"Blue Ridge"}',
    );
  });

  it('writes the v2 invoice entry, and one detail entry per line with PAYMENT lines shaped apart', () => {
    const invoice = invoiceCodec.decode(customers[0].invoices[0]);
    expect(JSON.stringify(invoiceCodec.encodeSummary(invoice))).toBe(
      '{"id":"880001","date":"2024-02-01","amount":"512.80","payment_info":{"amount":"512.80","date":"2024-02-20","reference_number":"ACH-20240220-7781"},"balance_amount":"0.00"}',
    );
    expect(invoiceCodec.encodeLines(invoice).map((line) => Object.keys(line))).toEqual([
      ['id', 'type', 'description', 'date', 'amount', 'due_date', 'period'],
      ['id', 'type', 'description', 'date', 'amount', 'due_date', 'period'],
      ['id', 'type', 'description', 'period', 'payment_info'],
    ]);
  });

  it('writes the three service views', () => {
    const service = serviceCodec.decode(customers[0].services[0]);
    expect(Object.keys(serviceCodec.encodeInvoiceFees(service))).toEqual(['id', 'status', 'line_of_business', 'enterprise_catalog_id', 'prices']);
    expect(serviceCodec.encodeInvoiceFees(service).enterprise_catalog_id).toBe('8801');
    expect(serviceCodec.encodePrices(service)).toEqual({
      status: 'Active',
      pricing: {
        summary_pricing: 'false',
        extended_cost_amount: '245.50',
        currency_code: 'USD',
        disposal_rate_type: 'Per Ton',
        disposal_rate_amount: '68.25',
        uom: 'TON',
      },
    });
    expect(Object.keys(serviceCodec.encodeMaterials(service))).toEqual(['id', 'status', 'enterprise_catalog', 'material', 'pricing']);
  });

  it('writes booleans and nulls as the wire has them', () => {
    const ticket = serviceTicketCodec.decode(customers[0].tickets[1]);
    const wire = serviceTicketCodec.encodeDetail({ ...ticket, generated: true, complaint: null });
    expect([wire.generate_ticket, wire.complaint, wire.closed_date_time]).toEqual(['Y', 'null', 'null']);
  });
});

describe('single-record decoding', () => {
  it('names the path it was given', () => {
    expect(decodeIssues(() => caseCodec.decode({ case_id: 'x', status: 'OPEN', requested_date_time: '2024-01-01 00:00:00.0' }, 'body'))).toEqual([
      { field: 'body.case_id', message: 'expected an id: 1 to 18 digits' },
    ]);
  });

  it('collects every problem of the record', () => {
    const issues = decodeIssues(() => serviceTicketCodec.decode({ id: '1', status: 'DONE', services_info: [{ cost: '1' }], extra: '1' }));
    expect(issues).toEqual([
      { field: 'ticket.status', message: 'expected one of: CLOSED, OPEN, VOIDED, PENDING' },
      { field: 'ticket.created_date_time', message: 'is required' },
      { field: 'ticket.services_info[0].code', message: 'is required' },
      { field: 'ticket.extra', message: 'unknown member' },
    ]);
  });

  it('summarises the problems in its message', () => {
    expect(() => caseCodec.decode({ case_id: '1', status: 'open' })).toThrow(
      '2 problems: case.requested_date_time: is required; case.status: expected one of: CLOSED, OPEN',
    );
  });

  it('rejects a record that is not an object without further noise', () => {
    expect(decodeIssues(() => contactCodec.decode('billing'))).toEqual([{ field: 'contact', message: 'expected an object, got a string' }]);
    expect(decodeIssues(() => invoiceCodec.decode(null))).toEqual([{ field: 'invoice', message: 'expected an object, got null' }]);
  });

  it('does not guess which members an unreadable invoice line type allows', () => {
    const wire = structuredClone(customers[0].invoices[0]) as { lines: Array<Record<string, unknown>> };
    wire.lines[2].type = 'P';
    expect(decodeIssues(() => invoiceCodec.decode(wire))).toEqual([
      { field: 'invoice.lines[2].type', message: 'expected one of: 1, 2, 3, 4, 5' },
    ]);
  });
});

describe('preferenceCodec.decodeUpdateRequest (PUT communication-preferences)', () => {
  const body = {
    preferences: [
      {
        category: 'Service Notification',
        channels: [
          { name: 'Email', selections: [{ value: 'a@b.example', type: 'BEMAIL', is_opt_in: 'N' }] },
          { name: 'Text', selections: [{ value: '555-867-5309', type: 'BMOBILE', is_opt_in: 'Y' }] },
        ],
      },
      { category: 'Service Exception', channels: [{ name: 'Voice', selections: [{ value: '(555) 201-3344', type: 'SPHONE', is_opt_in: 'Y' }] }] },
    ],
    audit_info: { modified_by: 'msantos' },
  };

  it('reads one update per selection, and who made them', () => {
    expect(preferenceCodec.decodeUpdateRequest(body)).toEqual({
      updates: [
        { category: 'Service Notification', channel: 'Email', type: 'BEMAIL', value: 'a@b.example', optIn: false },
        { category: 'Service Notification', channel: 'Text', type: 'BMOBILE', value: '555-867-5309', optIn: true },
        { category: 'Service Exception', channel: 'Voice', type: 'SPHONE', value: '(555) 201-3344', optIn: true },
      ],
      modifiedBy: 'msantos',
    });
  });

  it('reports every bad field with its path from the body root', () => {
    const bad = structuredClone(body) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- editing raw JSON
    bad.preferences[0].channels[0].selections[0].is_opt_in = 'maybe';
    bad.preferences[0].channels[1].name = 'Fax';
    bad.preferences[1].category = 'Service Notification';
    bad.preferences[1].channels[0].selections[0].value = 'not-a-phone';
    bad.preferences[1].enabled = 'Y';
    delete bad.audit_info;
    expect(decodeIssues(() => preferenceCodec.decodeUpdateRequest(bad))).toEqual([
      { field: 'preferences[0].channels[0].selections[0].is_opt_in', message: 'expected Y or N' },
      { field: 'preferences[0].channels[1].name', message: 'expected one of: Text, Email, Voice' },
      { field: 'preferences[1].channels[0].selections[0].value', message: 'a SPHONE selection needs a phone number (7 to 15 digits)' },
      { field: 'preferences[1].enabled', message: 'unknown member' },
      { field: 'preferences[1].category', message: 'duplicate category Service Notification (also preferences[0])' },
      { field: 'audit_info', message: 'is required' },
    ]);
  });

  it('takes lists of at least one entry, a modified_by that is not blank, and no over-long value', () => {
    const bad = structuredClone(body) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- editing raw JSON
    bad.preferences[0].channels[0].selections[0].value = `${'a'.repeat(250)}@b.example`;
    bad.preferences[0].channels[1].selections = [];
    bad.preferences[1].channels = [];
    bad.audit_info.modified_by = ' ';
    expect(decodeIssues(() => preferenceCodec.decodeUpdateRequest(bad))).toEqual([
      { field: 'preferences[0].channels[0].selections[0].value', message: 'expected at most 254 characters, got 260' },
      { field: 'preferences[0].channels[1].selections', message: 'must hold at least one selection' },
      { field: 'preferences[1].channels', message: 'must hold at least one channel' },
      { field: 'audit_info.modified_by', message: 'must not be blank' },
    ]);
    expect(decodeIssues(() => preferenceCodec.decodeUpdateRequest({ ...body, audit_info: { modified_by: 'x'.repeat(101) } }))).toEqual([
      { field: 'audit_info.modified_by', message: 'expected at most 100 characters, got 101' },
    ]);
    expect(decodeIssues(() => preferenceCodec.decodeUpdateRequest({ audit_info: body.audit_info }))).toEqual([{ field: 'preferences', message: 'is required' }]);
  });

  it('rejects a body that is not an object', () => {
    expect(decodeIssues(() => preferenceCodec.decodeUpdateRequest('x'))).toEqual([{ field: '', message: 'expected an object, got a string' }]);
  });
});

describe('contactCodec.decodeUpdateRequest (PUT contacts)', () => {
  const nothingElse = { name: null, firstName: null, middleName: null, lastName: null, landLine: null, workPhone: null, mobilePhone: null, fax: null, email: null };

  it('reads each entry, every member it leaves out as null', () => {
    const body = {
      contacts: [
        { type: 'service', mobile_phone: '+1 (602) 555.0147', email: 'yard@example.com' },
        { type: 'billing', name: 'Maria Alvarez', fax: '6025550100' },
      ],
      request_tracking_id: 'abc',
    };
    expect(contactCodec.decodeUpdateRequest(body)).toEqual([
      { ...nothingElse, type: 'service', mobilePhone: '+1 (602) 555.0147', email: 'yard@example.com' },
      { ...nothingElse, type: 'billing', name: 'Maria Alvarez', fax: '6025550100' },
    ]);
  });

  it('reports every bad field at once, with its path from the body root', () => {
    const body = {
      contacts: [
        { type: 'billing', email: 'maria@', land_line: '123456', work_phone: '1234567890123456', city: 'Phoenix' },
        { type: 'billing', mobile_phone: 6025550147 },
      ],
    };
    expect(decodeIssues(() => contactCodec.decodeUpdateRequest(body))).toEqual([
      { field: 'contacts[0].land_line', message: expect.stringContaining('7 to 15 digits') },
      { field: 'contacts[0].work_phone', message: expect.stringContaining('7 to 15 digits') },
      { field: 'contacts[0].email', message: 'expected an email address' },
      { field: 'contacts[0].city', message: 'unknown member' },
      { field: 'contacts[1].mobile_phone', message: 'expected a string, got a number' },
      { field: 'contacts[1].type', message: 'duplicate type billing (also contacts[0])' },
    ]);
  });

  it('documents the body with the members it reads, in wire order, and those of the contact list', () => {
    const schema = contactCodec.updateRequestSchema() as { properties: { contacts: { items: { properties: object } } } };
    const documented = Object.keys(schema.properties.contacts.items.properties);
    const listed = Object.keys(contactCodec.encode(contactCodec.decode(sample.customers[0].contacts[0])));
    expect(documented).toEqual(listed.filter((member) => member !== 'address'));
  });
});
