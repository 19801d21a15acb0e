import sample from '../../test/fixtures/sample-import.json';
import { type AnswerResource, decodeAnswerRecords } from './answer-records';
import { DecodeError } from './errors';
import { decodeImportFile } from './import-file';
import { responses } from './responses';

describe('the answers that hold records whole, read back from the bytes the API sends', () => {
  const bundle = decodeImportFile(structuredClone(sample)).customers[0];
  const page = <T>(items: T[]) => ({ items, totalCount: items.length });
  const [ticket] = bundle.tickets;
  const [disposal] = bundle.disposalTickets;
  const [aCase] = bundle.cases;

  // Each row: the answer as `responses` writes it, and the records it must read back into.
  const answers: [AnswerResource, object, unknown[]][] = [
    ['tickets', responses.ticketDetail('rt', ticket), [ticket]],
    ['disposalTickets', responses.disposalDetail('rt', disposal), [disposal]],
    ['cases', responses.caseDetail('rt', aCase), [aCase]],
    ['contacts', responses.contacts('rt', bundle.contacts), bundle.contacts],
    ['preferences', responses.preferences('rt', bundle.preferences), bundle.preferences],
    ['profiles', responses.profiles('rt', bundle.profiles), bundle.profiles],
    ['notes', responses.notes('rt', bundle.notes), bundle.notes],
    ['emailActivities', responses.emailActivities(page(bundle.emailActivities)), bundle.emailActivities],
    ['issueActivities', responses.issueActivities(page(bundle.issueActivities)), bundle.issueActivities],
    ['services', responses.services('rt', bundle.services), bundle.services.map((service) => ({ ...service, schedule: null, invoiceFees: [] }))],
  ];

  it.each(answers)('reads %s back into the same records', (resource, body, records) => {
    expect(records.length).toBeGreaterThan(0);
    expect(decodeAnswerRecords(JSON.parse(JSON.stringify(body)), resource)).toEqual(records);
  });

  it('refuses an answer whose record is not one, naming the member', () => {
    const body = JSON.parse(JSON.stringify(responses.emailActivities(page(bundle.emailActivities))));
    body.activities[0].surprise = 'x';
    expect(() => decodeAnswerRecords(body, 'emailActivities')).toThrow(DecodeError);
    expect(() => decodeAnswerRecords(body, 'emailActivities')).toThrow(/activities\[0\]\.surprise/);
  });
});
