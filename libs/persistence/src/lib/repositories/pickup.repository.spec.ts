import { testDatabases } from '@curbside/testing';
import { wholeList, type DateRange, type Holiday } from '@curbside/domain';
import { useDatabase } from '../../../test/database';
import { caseRecord, disposalTicket, emptyBundle, fullBundle, note, pickup, profile } from '../../../test/fixtures';
import { CaseRepository } from './case.repository';
import { CustomerRepository } from './customer.repository';
import { EventRepository } from './event.repository';
import { HolidayRepository, NoteRepository, PickupRepository, ProfileRepository } from './pickup.repository';
import { ServiceRepository } from './service.repository';

const everything = { from: null, to: null };

describe.each(testDatabases())('the records of the published operations on $name', (db) => {
  const dataSource = useDatabase(db);
  const customers = () => new CustomerRepository(dataSource());
  const events = async (customerId: string) =>
    (await new EventRepository(dataSource()).list(customerId)).map(({ type, payload }) => ({ type, payload }));

  it('replaces pickups by service, planned date and ticket number, and keeps the others', async () => {
    await customers().importBundle(fullBundle('5000001'));
    const original = fullBundle('5000001').pickups;
    const changed = { ...original[2], status: 'Confirmed Incomplete' as const, eta: null };
    const added = pickup('101', '2024-03-04', { ticketNumber: null, status: 'Planned' });
    const summary = await customers().importBundle({ ...emptyBundle('5000001'), pickups: [changed, added] });

    expect(summary.resources.pickups).toEqual({ created: 1, replaced: 1 });
    expect((await customers().exportBundle('5000001'))?.pickups).toEqual([original[0], added, original[1], changed, original[3]]);
  });

  it('reads pickups by planned-date range, newest first, and one service on one day', async () => {
    await customers().importBundle(fullBundle('5000002'));
    await customers().importBundle({ ...emptyBundle('5000003'), pickups: [pickup('101', '2024-03-04')] });
    const pickups = new PickupRepository(dataSource());
    const { pickups: all } = fullBundle('5000002');

    expect(await pickups.list('5000002', everything)).toEqual(all);
    expect(await pickups.list('5000002', { from: '2024-03-05', to: null })).toEqual([all[0]]);
    expect(await pickups.list('5000002', { from: null, to: '2024-03-04' })).toEqual(all.slice(1));
    expect(await pickups.list('5000002', { from: '2024-03-05', to: '2024-03-06' })).toEqual([]);
    expect(await pickups.forServiceOn('5000002', '101', '2024-03-04')).toEqual([all[1], all[2]]);
    expect(await pickups.forServiceOn('5000002', '101', '2024-03-07')).toEqual([]);
    expect(await pickups.forServiceOn('5000003', '101', '2024-03-04')).toHaveLength(1);
  });

  it('reads services with their schedule, equipment and routes, a case with its details, profiles and notes', async () => {
    await customers().importBundle(fullBundle('5000004'));
    const bundle = fullBundle('5000004');
    expect(await new ServiceRepository(dataSource()).list('5000004')).toEqual(bundle.services);
    expect(await new CaseRepository(dataSource()).find('5000004', '3302')).toEqual(bundle.cases[0]);
    expect(await new CaseRepository(dataSource()).find('5000004', '9999')).toBeNull();
    expect(await new CaseRepository(dataSource()).find('5000005', '3302')).toBeNull();
    expect((await new CaseRepository(dataSource()).list('5000004', wholeList(everything))).items).toEqual(bundle.cases);
    expect(await new ProfileRepository(dataSource()).list('5000004')).toEqual(bundle.profiles);
    const notes = new NoteRepository(dataSource());
    const notesWithin = async (range: DateRange) => (await notes.list('5000004', wholeList(range))).items;
    expect(await notesWithin(everything)).toEqual(bundle.notes);
    expect(await notesWithin({ from: '2024-03-01', to: '2024-03-05' })).toEqual([bundle.notes[0]]);
    expect(await notesWithin({ from: null, to: '2024-02-29' })).toEqual([bundle.notes[1]]);
  });

  it('replaces profiles by id, keeps one copy of a note imported twice, and replaces case details with the case', async () => {
    await customers().importBundle(fullBundle('5000006'));
    const bundle = fullBundle('5000006');
    const renamed = { ...profile('88002'), lastName: 'Rivera-Lopez' };
    const closed = caseRecord('3302', bundle.cases[0].requestedAt, { status: 'CLOSED' });
    closed.detail = { ...closed.detail, notes: [{ comment: 'Closed' }], adjustments: [] };
    const summary = await customers().importBundle({
      ...emptyBundle('5000006'),
      profiles: [renamed],
      notes: [bundle.notes[0], note('2024-03-06T08:00:00.000', 'Gate code changed')],
      cases: [closed],
    });

    expect(summary.resources.notes).toEqual({ created: 1, replaced: 1 });
    const exported = await customers().exportBundle('5000006');
    expect(exported?.profiles).toEqual([bundle.profiles[0], renamed]);
    expect(exported?.notes).toEqual([note('2024-03-06T08:00:00.000', 'Gate code changed'), ...bundle.notes]);
    expect(exported?.cases).toEqual([closed, bundle.cases[1]]);
  });

  it('keeps the IVR fee with the customer', async () => {
    await customers().importBundle(fullBundle('5000007'));
    expect(await customers().find('5000007')).toEqual({ id: '5000007', currency: 'USD', ivrFee: '5.0' });
    await customers().importBundle({ ...emptyBundle('5000007'), customer: { id: '5000007', currency: 'USD', ivrFee: '0.0' } });
    expect((await customers().find('5000007'))?.ivrFee).toBe('0.0');
  });

  it('writes no pickup or disposal events for a new customer, even for missed pickups and voided tickets', async () => {
    await customers().importBundle({
      ...fullBundle('5000008'),
      disposalTickets: [disposalTicket('9100001', '2024-02-11T10:00:00.000', { status: 'VOIDED' })],
    });
    expect(await events('5000008')).toEqual([]);
  });

  it('writes pickup.missed when a pickup arrives as or changes to Confirmed Negative, once', async () => {
    await customers().importBundle(fullBundle('5000009'));
    const original = fullBundle('5000009').pickups;
    const missedNow = { ...original[3], status: 'Confirmed Negative' as const, exceptionReasonCode: 'BLK' };
    const arrivesMissed = pickup('2050', '2024-03-11', { status: 'Confirmed Negative', ticketNumber: null, exceptionReasonCode: null });
    const confirmed = pickup('2050', '2024-03-12');
    await customers().importBundle({ ...emptyBundle('5000009'), pickups: [original[1], missedNow, arrivesMissed, confirmed] });
    // Again, unchanged: nothing more.
    await customers().importBundle({ ...emptyBundle('5000009'), pickups: [original[1], missedNow, arrivesMissed, confirmed] });

    expect(await events('5000009')).toEqual([
      { type: 'pickup.missed', payload: { serviceId: '2050', plannedDate: '2024-03-04', ticketNumber: '790678', exceptionReasonCode: 'BLK' } },
      { type: 'pickup.missed', payload: { serviceId: '2050', plannedDate: '2024-03-11', ticketNumber: null, exceptionReasonCode: null } },
    ]);
  });

  it('writes disposal_ticket.voided when a ticket becomes VOIDED or gets a replace_ticket_id', async () => {
    const open = (id: string) => disposalTicket(id, '2024-02-10T09:31:02.000', { status: 'COMPLETE', replaceTicketId: null });
    await customers().importBundle({ ...emptyBundle('5000010'), disposalTickets: [open('9200001'), open('9200002'), open('9200003')] });
    await customers().importBundle({
      ...emptyBundle('5000010'),
      disposalTickets: [
        { ...open('9200001'), status: 'VOIDED' },
        { ...open('9200002'), replaceTicketId: '9200009' },
        { ...open('9200003'), notes: 'Weighed again' },
        { ...open('9200004'), status: 'VOIDED', replaceTicketId: '9200005' },
      ],
    });

    expect(await events('5000010')).toEqual([
      { type: 'disposal_ticket.voided', payload: { ticketId: '9200001', status: 'VOIDED', replaceTicketId: null } },
      { type: 'disposal_ticket.voided', payload: { ticketId: '9200002', status: 'COMPLETE', replaceTicketId: '9200009' } },
      { type: 'disposal_ticket.voided', payload: { ticketId: '9200004', status: 'VOIDED', replaceTicketId: '9200005' } },
    ]);
  });

  it('replaces holidays by date and keeps the others; lists them by date within a range', async () => {
    const holidays = new HolidayRepository(dataSource());
    const christmas: Holiday = { date: '2031-12-25', name: 'Christmas Day', delayDays: 1 };
    const newYear: Holiday = { date: '2032-01-01', name: "New Year's Day", delayDays: 1 };
    const thanksgiving: Holiday = { date: '2031-11-27', name: 'Thanksgiving Day', delayDays: 1 };
    expect(await holidays.importHolidays([christmas, newYear])).toEqual({ created: 2, replaced: 0 });
    const longerChristmas = { ...christmas, name: 'Christmas', delayDays: 2 };
    expect(await holidays.importHolidays([longerChristmas, thanksgiving])).toEqual({ created: 1, replaced: 1 });
    expect(await holidays.importHolidays([])).toEqual({ created: 0, replaced: 0 });

    expect(await holidays.list({ from: '2031-01-01', to: '2032-12-31' })).toEqual([thanksgiving, longerChristmas, newYear]);
    expect(await holidays.list({ from: '2031-12-01', to: '2031-12-31' })).toEqual([longerChristmas]);
    expect(await holidays.list({ from: '2031-11-28', to: '2031-12-24' })).toEqual([]);
  });
});
