import { emptyBundle, type ServiceRequest, type ServiceTicket } from '@curbside/domain';
import { CustomerImport } from '../import/customer-import';
import { testDatabases } from '@curbside/testing';
import { dataVersions, service, serviceTicket, useDatabase } from '@curbside/persistence/testing';
import { ApiClientRepository, EventRepository, ServiceTicketRepository } from '@curbside/persistence';
import { CreateServiceRequest, IDEMPOTENCY_WINDOW_MS, type ServiceRequestCall, type ServiceRequestOutcome } from './create-service-request';

const TODAY = '2026-11-24'; // a Tuesday
const NOW = new Date('2026-11-24T15:00:00.000Z');
/** Picked up every Monday and Thursday. */
const cart = { ...service('501'), schedule: { days: ['MONDAY' as const, 'THURSDAY' as const], everyWeeks: 1, startsOn: '2026-01-05' } };

const missed = (date = '2026-11-23'): ServiceRequest => ({ type: 'MISSED_PICKUP', serviceId: '501', date, comments: null, requestedBy: null });
const extra = (date: string): ServiceRequest => ({ type: 'EXTRA_PICKUP', serviceId: '501', date, comments: null, requestedBy: 'Maria' });

describe.each(testDatabases())('CreateServiceRequest on $name', (db) => {
  const dataSource = useDatabase(db);
  const events = () => new EventRepository(dataSource());
  const tickets = () => new ServiceTicketRepository(dataSource());
  let clientId: string;
  let customer = 4000000;

  /** A new customer with the cart service, and tickets if given. */
  async function newCustomer(withTickets: ServiceTicket[] = []): Promise<string> {
    const id = String((customer += 1));
    await new CustomerImport(dataSource()).importBundle({ ...emptyBundle(id), services: [cart], tickets: withTickets });
    return id;
  }

  const create = (customerId: string, request: ServiceRequest, more: Partial<ServiceRequestCall> = {}): Promise<ServiceRequestOutcome> =>
    new CreateServiceRequest(dataSource()).execute({
      customerId,
      clientId,
      request,
      today: TODAY,
      now: '2026-11-24T09:00:00.000',
      instant: NOW,
      extraPickupsPerMonth: 2,
      idempotency: null,
      ...more,
    });

  const keyed = (key: string, fingerprint: string) => ({ key, fingerprint });

  const createdIds = (outcomes: ServiceRequestOutcome[]): string[] =>
    outcomes.flatMap((outcome) => (outcome.kind === 'created' ? [outcome.ticket.id] : []));

  beforeAll(async () => {
    clientId = 'portal';
    await new ApiClientRepository(dataSource()).create({ clientId, name: 'portal', secretHash: 'x', customers: 'all' });
  });

  it('writes the ticket, the request and ticket.created in one transaction', async () => {
    const customerId = await newCustomer();
    const outcome = await create(customerId, missed());
    if (outcome.kind !== 'created') throw new Error(`expected created, got ${outcome.kind}`);
    expect(await tickets().find(customerId, outcome.ticket.id)).toEqual(outcome.ticket);
    expect(outcome.ticket).toMatchObject({ loadType: 'MIS', status: 'PENDING', createdAt: '2026-11-24T09:00:00.000', createdBy: clientId });
    expect((await events().list(customerId)).map(({ type, payload }) => ({ type, payload }))).toEqual([
      {
        type: 'ticket.created',
        payload: { ticketId: outcome.ticket.id, status: 'PENDING', loadType: 'MIS', requestType: 'MISSED_PICKUP', serviceId: '501', date: '2026-11-23' },
      },
    ]);
  });

  it('writes nothing when a rule refuses', async () => {
    const customerId = await newCustomer();
    for (const [request, code] of [
      [{ ...missed(), serviceId: '999' }, 'UNKNOWN_SERVICE'],
      [missed('2026-11-10'), 'OUT_OF_WINDOW'],
      [missed('2026-11-24'), 'NOT_SCHEDULED'],
    ] as const) {
      expect(await create(customerId, request)).toEqual({ kind: 'refused', refusal: expect.objectContaining({ code }) });
    }
    expect((await tickets().list(customerId, { range: { from: null, to: null }, limit: 100, after: null })).items).toEqual([]);
    expect(await events().list(customerId)).toEqual([]);
  });

  it('20 concurrent reports of one missed pickup: one ticket, 19 refusals naming it', async () => {
    const customerId = await newCustomer();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => create(customerId, missed())));
    const [ticketId] = createdIds(outcomes);
    expect(createdIds(outcomes)).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'refused')).toEqual(
      Array.from({ length: 19 }, () => ({ kind: 'refused', refusal: { code: 'ALREADY_REPORTED', ticketId } })),
    );
    expect(await events().list(customerId)).toHaveLength(1);
  });

  it('10 concurrent extra pickups in one month: exactly the limit is booked', async () => {
    const customerId = await newCustomer();
    const days = ['2026-12-03', '2026-12-07', '2026-12-10', '2026-12-14', '2026-12-17'];
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => create(customerId, extra(days[i % days.length]), { extraPickupsPerMonth: 3 })));
    expect(createdIds(outcomes)).toHaveLength(3);
    expect(outcomes.filter((o) => o.kind === 'refused')).toEqual(Array.from({ length: 7 }, () => ({ kind: 'refused', refusal: { code: 'LIMIT_REACHED', limit: 3 } })));
    expect(await create(customerId, extra('2027-01-04'), { extraPickupsPerMonth: 3 })).toMatchObject({ kind: 'created' });
  });

  it('10 concurrent calls with one idempotency key: one ticket, the others replay its answer; another request with that key is refused', async () => {
    const customerId = await newCustomer();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => create(customerId, extra('2026-12-03'), { idempotency: keyed('k-1', 'same') })));
    const ticket = outcomes.find((o) => o.kind === 'created')?.ticket;
    expect(createdIds(outcomes)).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'replayed')).toEqual(Array.from({ length: 9 }, () => ({ kind: 'replayed', earlier: { ticket } })));
    expect(await create(customerId, extra('2026-12-07'), { idempotency: keyed('k-1', 'other') })).toEqual({ kind: 'key-reused' });
    expect(await events().list(customerId)).toHaveLength(1);
  });

  it('replays a key kept as an encoded answer (written before keys kept the ticket) as it was', async () => {
    const customerId = await newCustomer();
    const response = { status: 201, location: '/api/v1/customers/x/tickets/1', body: '{"id":"1"}' };
    await dataSource()
      .createQueryBuilder()
      .insert()
      .into('idempotency_keys')
      .values({ clientId, key: 'k-old', fingerprint: 'same', ...response, createdAt: NOW.toISOString() })
      .execute();
    expect(await create(customerId, extra('2026-12-03'), { idempotency: keyed('k-old', 'same') })).toEqual({ kind: 'replayed', earlier: { response } });
    expect(await events().list(customerId)).toHaveLength(0);
  });

  it('one key used for two customers at once: the second sees the first and is refused', async () => {
    const [first, second] = [await newCustomer(), await newCustomer()];
    const outcomes = await Promise.all([
      create(first, extra('2026-12-03'), { idempotency: keyed('k-2', first) }),
      create(second, extra('2026-12-03'), { idempotency: keyed('k-2', second) }),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['created', 'key-reused']);
  });

  it('forgets a key after 24 hours', async () => {
    const customerId = await newCustomer();
    const call = { idempotency: keyed('k-3', 'same'), extraPickupsPerMonth: 5 };
    expect(await create(customerId, extra('2026-12-03'), call)).toMatchObject({ kind: 'created' });
    const later = new Date(NOW.getTime() + IDEMPOTENCY_WINDOW_MS - 1000);
    expect(await create(customerId, extra('2026-12-03'), { ...call, instant: later })).toMatchObject({ kind: 'replayed' });
    const dayAfter = new Date(NOW.getTime() + IDEMPOTENCY_WINDOW_MS + 1000);
    expect(await create(customerId, extra('2026-12-03'), { ...call, instant: dayAfter })).toMatchObject({ kind: 'created' });
  });

  it('gives ids unique across customers, past those imported tickets hold', async () => {
    const first = await newCustomer();
    const created = await create(first, missed());
    if (created.kind !== 'created') throw new Error('expected created');
    const next = String(Number(created.ticket.id) + 1);
    const second = await newCustomer([serviceTicket(next, '2026-01-01T00:00:00.000')]);
    const outcome = await create(second, missed());
    expect(outcome).toMatchObject({ kind: 'created', ticket: { id: String(Number(next) + 1) } });
  });

  it('bumps the customer\u2019s data version when it books, not when a rule refuses it (ARCHITECTURE: one data version per customer)', async () => {
    const { bumpOf } = dataVersions(dataSource);
    const customerId = await newCustomer();
    expect(await bumpOf(customerId, () => create(customerId, missed('2026-11-23')))).toBe(1); // a Monday: a pickup day
    expect(await bumpOf(customerId, () => create(customerId, missed('2026-11-24')))).toBe(0); // a Tuesday: refused
  });
});
