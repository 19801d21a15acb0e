import { summarizeServiceTicket, type ServiceTicketSummary, TICKET_STATUSES } from '@curbside/domain';
import fc from 'fast-check';
import sample from '../../test/fixtures/sample-import.json';
import { decodeImportFile } from './import-file';
import { responses, writtenResponses } from './responses';
import { toXml } from './xml';

/** Text of every kind: JSON's and XML's escapes, controls, lone and paired surrogates, U+FFFE. */
const anyText = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('', 'a"b\\c', '<&>\r\n\t', '\u0000\u001f\u007f', '\ud800', 'x\udc00', '😀', '\ufffe\uffff'));
const dateTime = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2069-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 23));
const summary: fc.Arbitrary<ServiceTicketSummary> = fc.record({
  id: fc.bigInt({ min: 1n, max: 10n ** 18n }).map(String),
  status: fc.constantFrom(...TICKET_STATUSES),
  loadType: fc.option(anyText),
  loadDescription: fc.option(anyText),
  createdAt: dateTime,
  dispatchedAt: fc.option(dateTime),
  serviceCodes: fc.array(anyText, { maxLength: 3 }),
});

/** What the API sent before lists were written as text: the wire object, serialized. */
function serialized(trackingId: string, items: ServiceTicketSummary[]): { json: string; untracked: string; xml: string } {
  const body = responses.ticketList(trackingId, { items });
  const { request_tracking_id: _, ...untracked } = body;
  return { json: JSON.stringify(body), untracked: JSON.stringify(untracked), xml: toXml(body) };
}

describe('a list written as text from its records (WrittenList)', () => {
  it('writes the bytes of the wire object serialized, its JSON and (from its wire object) its XML, for any records', () => {
    fc.assert(
      fc.property(anyText, fc.array(summary, { maxLength: 5 }), (trackingId, items) => {
        const written = writtenResponses.ticketList(trackingId, { items });
        const expected = serialized(trackingId, items);
        expect(written.json()).toBe(expected.json);
        expect(written.untrackedJson()).toBe(expected.untracked);
        expect(toXml(written.toWire())).toBe(expected.xml);
      }),
      { numRuns: 300 },
    );
  });

  it('writes the same bytes across the runs of records it writes at a time, whatever each run takes of its buffer', () => {
    // Runs of 64 records: the first run sizes the buffer, a later run of wider text grows it.
    const narrow = fc.array(summary.map((item) => ({ ...item, loadType: null, loadDescription: null, serviceCodes: [] })), { minLength: 1, maxLength: 130 });
    fc.assert(
      fc.property(anyText, narrow, fc.array(summary, { minLength: 0, maxLength: 200 }), (trackingId, first, rest) => {
        const items = [...first, ...rest];
        const written = writtenResponses.ticketList(trackingId, { items });
        const expected = serialized(trackingId, items);
        expect(written.json()).toBe(expected.json);
        expect(written.untrackedJson()).toBe(expected.untracked);
        expect(written.utf8().bytes.equals(Buffer.from(expected.json))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('writes a list of fewer records than a run whose text outgrows the buffer it starts with', () => {
    const wide = fc.array(summary.map((item) => ({ ...item, loadDescription: `${item.loadDescription ?? ''}${'é'.repeat(300)}` })), { minLength: 20, maxLength: 63 });
    fc.assert(
      fc.property(wide, (items) => {
        expect(writtenResponses.ticketList('trk-3', { items }).json()).toBe(serialized('trk-3', items).json);
      }),
      { numRuns: 20 },
    );
  });

  it('writes the sample customers’ ticket lists and an empty list as the wire objects serialize', () => {
    for (const customer of decodeImportFile(sample).customers) {
      const items = customer.tickets.map(summarizeServiceTicket);
      const written = writtenResponses.ticketList('trk-1', { items });
      expect(items.length).toBeGreaterThan(0);
      expect([written.json(), written.untrackedJson(), toXml(written.toWire())]).toEqual(Object.values(serialized('trk-1', items)));
    }
    const empty = writtenResponses.ticketList('trk-2', { items: [] });
    expect([empty.json(), empty.untrackedJson(), toXml(empty.toWire())]).toEqual(['{"request_tracking_id":"trk-2","tickets":[]}', '{"tickets":[]}', toXml({ request_tracking_id: 'trk-2', tickets: [] })]);
  });
});
