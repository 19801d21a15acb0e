import { testDatabases } from '@curbside/testing';
import { wholeList, type CustomerBundle } from '@curbside/domain';
import { CustomerRepository, EventRepository, ServiceTicketRepository } from '@curbside/persistence';
import {
  caseRecord,
  dataVersions,
  disposalTicket,
  emptyBundle,
  fullBundle,
  invoice,
  note,
  pickup,
  preferences,
  profile,
  serviceTicket,
  sparseBundle,
  useDatabase,
} from '@curbside/persistence/testing';
import { CustomerImport } from './customer-import';

describe.each(testDatabases())('CustomerImport on $name: what an import of a customer writes', (db) => {
  const dataSource = useDatabase(db);
  const customers = () => new CustomerRepository(dataSource());
  const imports = () => new CustomerImport(dataSource());
  const events = () => new EventRepository(dataSource());

  it('exports exactly what it imported, with every field filled', async () => {
    const bundle = fullBundle('1000001');
    const summary = await imports().importBundle(bundle);
    expect(await customers().exportBundle('1000001')).toEqual(bundle);
    expect(summary.customerCreated).toBe(true);
    expect(summary.resources.tickets).toEqual({ created: 3, replaced: 0 });
    expect(summary.resources.balances).toEqual({ created: 3, replaced: 0 });
  });

  it('exports exactly what it imported, with every nullable field null', async () => {
    const bundle = sparseBundle('1000002');
    await imports().importBundle(bundle);
    expect(await customers().exportBundle('1000002')).toEqual(bundle);
  });

  it('knows which customers exist', async () => {
    await imports().importBundle(emptyBundle('1000003', 'CAD'));
    expect(await customers().exists('1000003')).toBe(true);
    expect(await customers().find('1000003')).toEqual({ id: '1000003', currency: 'CAD', ivrFee: null, language: null });
    expect(await customers().exists('4040404')).toBe(false);
    expect(await customers().find('4040404')).toBeNull();
    expect(await customers().exportBundle('4040404')).toBeNull();
  });

  it('replaces records by id and keeps the records the bundle does not mention', async () => {
    await imports().importBundle(fullBundle('1000004'));
    const changedTicket = serviceTicket('5001', '2024-03-01T10:00:00.000', { comments: 'Rescheduled', services: [] });
    const newTicket = serviceTicket('5004', '2024-03-09T12:00:00.000');
    const summary = await imports().importBundle({
      ...emptyBundle('1000004', 'CAD'),
      tickets: [changedTicket, newTicket],
      contacts: [{ ...fullBundle().contacts[1], email: 'new-service@acme.example' }],
      balances: [{ type: 'Current', date: '2024-04-01', amount: '10.00' }],
    });

    expect(summary.customerCreated).toBe(false);
    expect(summary.resources.tickets).toEqual({ created: 1, replaced: 1 });
    expect(summary.resources.contacts).toEqual({ created: 0, replaced: 1 });
    expect(summary.resources.balances).toEqual({ created: 0, replaced: 1 });
    expect(summary.resources.invoices).toEqual({ created: 0, replaced: 0 });

    const original = fullBundle('1000004');
    const exported = (await customers().exportBundle('1000004')) as CustomerBundle;
    expect(exported.customer.currency).toBe('CAD');
    expect(exported.tickets).toEqual([newTicket, original.tickets[0], changedTicket, original.tickets[2]]);
    expect(exported.contacts.map((contact) => contact.email)).toEqual([
      'billing@acme.example',
      'new-service@acme.example',
    ]);
    expect(exported.balances).toEqual([{ type: 'Current', date: '2024-04-01', amount: '10.00' }]);
    expect(exported.invoices).toEqual(original.invoices);
    expect(exported.disposalTickets).toEqual(original.disposalTickets);
  });

  it('keeps the balances when the bundle has none', async () => {
    await imports().importBundle(fullBundle('1000005'));
    await imports().importBundle(emptyBundle('1000005'));
    expect((await customers().exportBundle('1000005'))?.balances).toEqual(fullBundle().balances);
  });

  it('writes no events for a new customer: a first load of history is not news', async () => {
    await imports().importBundle(fullBundle('1000006'));
    expect(await events().list('1000006')).toEqual([]);
  });

  it('writes events for changed tickets, cases, invoices and preferences of a known customer', async () => {
    await imports().importBundle(fullBundle('1000007'));
    const original = fullBundle('1000007');
    const changedPreferences = preferences();
    changedPreferences[1].enabled = true;
    await imports().importBundle({
      ...emptyBundle('1000007'),
      customer: original.customer,
      tickets: [
        { ...original.tickets[0], status: 'CLOSED' },
        original.tickets[1],
        serviceTicket('5009', '2024-03-10T08:00:00.000', { status: 'OPEN' }),
      ],
      cases: [{ ...original.cases[0], status: 'CLOSED' }, caseRecord('3309', '2024-03-10T09:00:00.000')],
      invoices: [original.invoices[0], invoice('700109', '2024-03-01')],
      preferences: changedPreferences,
    });

    const written = await events().list('1000007');
    expect(written.map(({ type, payload }) => ({ type, payload }))).toEqual([
      { type: 'ticket.status_changed', payload: { ticketId: '5003', from: 'OPEN', to: 'CLOSED' } },
      { type: 'ticket.created', payload: { ticketId: '5009', status: 'OPEN' } },
      { type: 'case.closed', payload: { caseId: '3302', from: 'OPEN', to: 'CLOSED' } },
      { type: 'case.opened', payload: { caseId: '3309', from: null, to: 'OPEN' } },
      { type: 'invoice.issued', payload: { invoiceId: '700109', date: '2024-03-01', amount: '187.42' } },
      { type: 'preferences.changed', payload: { modifiedBy: null } },
    ]);
    expect(
      written.every((event) => event.state === 'pending' && event.attempts === 0 && event.customerId === '1000007'),
    ).toBe(true);
  });

  it('writes no events when a known customer is imported again unchanged', async () => {
    await imports().importBundle(fullBundle('1000008'));
    await imports().importBundle(fullBundle('1000008'));
    expect(await events().list('1000008')).toEqual([]);
  });

  it('changes nothing when an import fails part way', async () => {
    await imports().importBundle(fullBundle('1000009'));
    const broken: CustomerBundle = {
      ...fullBundle('1000009'),
      customer: { id: '1000009', currency: 'EUR', ivrFee: null },
      tickets: [serviceTicket('5001', '2024-03-01T10:00:00.000', { status: 'VOIDED' })],
      // Written after the tickets: a case without its required date fails the whole import.
      cases: [caseRecord('3399', null as unknown as string)],
    };
    await expect(imports().importBundle(broken)).rejects.toThrow();
    expect(await customers().exportBundle('1000009')).toEqual(fullBundle('1000009'));
    expect(await events().list('1000009')).toEqual([]);

    await expect(
      imports().importBundle({ ...broken, customer: { id: '1000010', currency: 'USD', ivrFee: null } }),
    ).rejects.toThrow();
    expect(await customers().exists('1000010')).toBe(false);
  });

  it('lets reads made while an import is under way see the customer before or after it, never half done', async () => {
    const tickets = () => new ServiceTicketRepository(dataSource());
    const before = fullBundle('1000012');
    await imports().importBundle(before);
    const many = Array.from({ length: 200 }, (_, i) => serviceTicket(String(900000 + i), '2024-05-01T08:00:00.000'));
    const everything = wholeList();

    /** Reads the ticket count again and again until `work` settles. */
    const countsWhile = async (work: Promise<unknown>): Promise<number[]> => {
      let settled = false;
      void work.then(() => (settled = true), () => (settled = true));
      const counts: number[] = [];
      while (!settled) counts.push((await tickets().list('1000012', everything)).items.length);
      return counts;
    };

    const counts = await countsWhile(imports().importBundle({ ...before, tickets: [...before.tickets, ...many] }));
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) expect([before.tickets.length, before.tickets.length + many.length]).toContain(count);

    const failing = { ...before, tickets: many.map((t) => ({ ...t, id: `1${t.id}` })), cases: [caseRecord('3399', null as unknown as string)] };
    const importing = imports().importBundle(failing);
    const duringFailure = await countsWhile(importing);
    await expect(importing).rejects.toThrow();
    for (const count of duringFailure) expect(count).toBe(before.tickets.length + many.length);
  });

  it('imports several customers in one transaction as importBundle does each, and none of them when one fails', async () => {
    await imports().importBundle(fullBundle('1000013'));
    const group = ['1000013', '1000014', '1000015'].map((id) => ({ customer: { id, currency: 'USD', ivrFee: null }, batches: [] as { kind: 'tickets' | 'cases'; records: unknown[] }[] }));
    group[1].batches.push({ kind: 'tickets', records: [serviceTicket('5101', '2024-04-01T10:00:00.000')] });
    group[2].batches.push({ kind: 'cases', records: [caseRecord('3399', null as unknown as string)] });
    await expect(imports().importCustomers(group)).rejects.toThrow();
    expect(await customers().exportBundle('1000013')).toEqual(fullBundle('1000013'));
    expect(await customers().exists('1000014')).toBe(false);
    expect(await customers().exists('1000015')).toBe(false);

    group[2].batches = [];
    const summaries = await imports().importCustomers(group);
    expect(summaries.map((s) => [s.customerId, s.customerCreated, s.resources.tickets.created])).toEqual([
      ['1000013', false, 0],
      ['1000014', true, 1],
      ['1000015', true, 0],
    ]);
    expect(await customers().exportBundle('1000014')).toEqual({ ...emptyBundle('1000014'), tickets: [serviceTicket('5101', '2024-04-01T10:00:00.000')] });
  });

  it('rejects a bundle that names one record twice, saying which', async () => {
    const bundle = fullBundle('1000011');
    bundle.cases.push(bundle.cases[0]);
    await expect(imports().importBundle(bundle)).rejects.toThrow('customer 1000011: cases has "3302" more than once');
    expect(await customers().exists('1000011')).toBe(false);
  });
});

describe.each(testDatabases())('CustomerImport on $name: the records of the published operations', (db) => {
  const dataSource = useDatabase(db);
  const customers = () => new CustomerRepository(dataSource());
  const imports = () => new CustomerImport(dataSource());
  const events = async (customerId: string) =>
    (await new EventRepository(dataSource()).list(customerId)).map(({ type, payload }) => ({ type, payload }));

  it('replaces pickups by service, planned date and ticket number, and keeps the others', async () => {
    await imports().importBundle(fullBundle('5000001'));
    const original = fullBundle('5000001').pickups;
    const changed = { ...original[2], status: 'Confirmed Incomplete' as const, eta: null };
    const added = pickup('101', '2024-03-04', { ticketNumber: null, status: 'Planned' });
    const summary = await imports().importBundle({ ...emptyBundle('5000001'), pickups: [changed, added] });

    expect(summary.resources.pickups).toEqual({ created: 1, replaced: 1 });
    expect((await customers().exportBundle('5000001'))?.pickups).toEqual([original[0], added, original[1], changed, original[3]]);
  });

  it('replaces profiles by id, keeps one copy of a note imported twice, and replaces case details with the case', async () => {
    await imports().importBundle(fullBundle('5000006'));
    const bundle = fullBundle('5000006');
    const renamed = { ...profile('88002'), lastName: 'Rivera-Lopez' };
    const closed = caseRecord('3302', bundle.cases[0].requestedAt, { status: 'CLOSED' });
    closed.detail = { ...closed.detail, notes: [{ comment: 'Closed' }], adjustments: [] };
    const summary = await imports().importBundle({
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

  it('writes preferences.changed when an import changes a known customer\'s language, and nothing when it does not (CONTRACT §11)', async () => {
    const id = '5000017';
    const header = (language?: string | null) => ({ ...emptyBundle(id), customer: { id, currency: 'USD', ivrFee: null, ...(language === undefined ? {} : { language }) } });
    const changes = async () => (await events(id)).filter((event) => event.type === 'preferences.changed').map(({ payload }) => payload);
    await imports().importBundle(header('es'));
    expect(await changes()).toEqual([]);
    await imports().importBundle(header('es'));
    await imports().importBundle(header());
    expect(await changes()).toEqual([]);
    await imports().importBundle(header('vi'));
    expect(await changes()).toEqual([{ modifiedBy: null }]);
    await imports().importCustomers([{ customer: header(null).customer, batches: [] }]);
    expect(await changes()).toEqual([{ modifiedBy: null }, { modifiedBy: null }]);
    expect((await customers().find(id))?.language).toBeNull();
  });

  it('keeps the IVR fee and the language with the customer; a file without a language keeps the stored one (CONTRACT §11)', async () => {
    await imports().importBundle(fullBundle('5000007'));
    expect(await customers().find('5000007')).toEqual({ id: '5000007', currency: 'USD', ivrFee: '5.0', language: 'es' });
    await imports().importBundle({ ...emptyBundle('5000007'), customer: { id: '5000007', currency: 'USD', ivrFee: '0.0' } });
    expect(await customers().find('5000007')).toEqual({ id: '5000007', currency: 'USD', ivrFee: '0.0', language: 'es' });
    await imports().importBundle({ ...emptyBundle('5000007'), customer: { id: '5000007', currency: 'USD', ivrFee: '0.0', language: null } });
    expect((await customers().find('5000007'))?.language).toBeNull();
  });

  it('writes no pickup or disposal events for a new customer, even for missed pickups and voided tickets', async () => {
    await imports().importBundle({
      ...fullBundle('5000008'),
      disposalTickets: [disposalTicket('9100001', '2024-02-11T10:00:00.000', { status: 'VOIDED' })],
    });
    expect(await events('5000008')).toEqual([]);
  });

  it('writes pickup.missed when a pickup arrives as or changes to Confirmed Negative, once', async () => {
    await imports().importBundle(fullBundle('5000009'));
    const original = fullBundle('5000009').pickups;
    const missedNow = { ...original[3], status: 'Confirmed Negative' as const, exceptionReasonCode: 'BLK' };
    const arrivesMissed = pickup('2050', '2024-03-11', { status: 'Confirmed Negative', ticketNumber: null, exceptionReasonCode: null });
    const confirmed = pickup('2050', '2024-03-12');
    await imports().importBundle({ ...emptyBundle('5000009'), customer: fullBundle('5000009').customer, pickups: [original[1], missedNow, arrivesMissed, confirmed] });
    // Again, unchanged: nothing more.
    await imports().importBundle({ ...emptyBundle('5000009'), customer: fullBundle('5000009').customer, pickups: [original[1], missedNow, arrivesMissed, confirmed] });

    expect(await events('5000009')).toEqual([
      { type: 'pickup.missed', payload: { serviceId: '2050', plannedDate: '2024-03-04', ticketNumber: '790678', exceptionReasonCode: 'BLK' } },
      { type: 'pickup.missed', payload: { serviceId: '2050', plannedDate: '2024-03-11', ticketNumber: null, exceptionReasonCode: null } },
    ]);
  });

  it('writes disposal_ticket.voided when a ticket becomes VOIDED or gets a replace_ticket_id', async () => {
    const open = (id: string) => disposalTicket(id, '2024-02-10T09:31:02.000', { status: 'COMPLETE', replaceTicketId: null });
    await imports().importBundle({ ...emptyBundle('5000010'), disposalTickets: [open('9200001'), open('9200002'), open('9200003')] });
    await imports().importBundle({
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
});

describe.each(testDatabases())('CustomerImport on $name: the data version', (db) => {
  const dataSource = useDatabase(db);
  const { versionOf, bumpOf } = dataVersions(dataSource);

  it('import: a new customer starts at version 1, every import of it bumps it', async () => {
    const id = '7100001';
    await new CustomerImport(dataSource()).importBundle({ ...emptyBundle(id), tickets: [serviceTicket('88001', '2026-11-02T08:00:00.000', { status: 'OPEN' })] });
    expect(await versionOf(id)).toBe(1);
    expect(await bumpOf(id, () => new CustomerImport(dataSource()).importBundle({ ...emptyBundle(id), tickets: [serviceTicket('88002', '2026-11-03T08:00:00.000')] }))).toBe(1);
  });
});

describe.each(testDatabases())('a bulk import on $name', (db) => {
  const dataSource = useDatabase(db);

  it("keeps PostgreSQL's statistics current as the tables grow, so a ticket's parent is found by its key even where ticket ids repeat across customers", async () => {
    const customers = new CustomerRepository(dataSource());
    const bulk = await customers.startBulkImport();
    try {
      for (let n = 0; n < 100; n++) {
        // Every customer has tickets 1 and 2: ids are unique per customer only.
        const id = String(6_000_000 + n);
        await new CustomerImport(dataSource()).importBundle({ ...emptyBundle(id), tickets: [serviceTicket('1', '2026-11-02T08:00:00.000'), serviceTicket('2', '2026-11-03T08:00:00.000')] });
        await bulk.customerLoaded();
      }
    } finally {
      await bulk.end();
    }
    if (db.name !== 'postgres') return;
    const [{ reltuples }] = await dataSource().query(`SELECT reltuples FROM pg_class WHERE relname = 'service_tickets'`);
    expect(Number(reltuples)).toBe(200);
    // The plan a foreign-key check of a ticket's line uses: generic, as the check's cached plan is.
    const runner = dataSource().createQueryRunner();
    try {
      await runner.query('SET plan_cache_mode = force_generic_plan');
      await runner.query('PREPARE parent_of_line(text, text) AS SELECT 1 FROM ONLY "service_tickets" x WHERE "customer_id" = $1 AND "id" = $2 FOR KEY SHARE OF x');
      const plan: { 'QUERY PLAN': string }[] = await runner.query(`EXPLAIN EXECUTE parent_of_line('6000000', '1')`);
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('pk_service_tickets');
    } finally {
      await runner.query('DEALLOCATE ALL');
      await runner.query('RESET plan_cache_mode');
      await runner.release();
    }
  });
});
