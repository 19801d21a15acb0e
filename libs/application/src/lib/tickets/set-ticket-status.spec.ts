import type { TicketStatus } from '@curbside/domain';
import { CustomerImport } from '../import/customer-import';
import { testDatabases } from '@curbside/testing';
import { dataVersions, emptyBundle, serviceTicket, useDatabase } from '@curbside/persistence/testing';
import { EventRepository, ServiceTicketRepository } from '@curbside/persistence';
import { SetTicketStatus } from './set-ticket-status';

const CUSTOMER = '3000001';
const CANONICAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

describe.each(testDatabases())('SetTicketStatus on $name', (db) => {
  const dataSource = useDatabase(db);
  const tickets = () => new ServiceTicketRepository(dataSource());
  const events = () => new EventRepository(dataSource());
  const setStatus = (customerId: string, id: string, status: TicketStatus, by: string) =>
    new SetTicketStatus(dataSource()).execute(customerId, id, status, by);

  beforeAll(async () => {
    await new CustomerImport(dataSource()).importBundle({
      ...emptyBundle(CUSTOMER),
      tickets: [
        serviceTicket('1', '2024-03-01T10:00:00.000', { status: 'OPEN', closedAt: null, closedBy: null }),
        serviceTicket('2', '2024-03-01T11:00:00.000', { status: 'CLOSED' }),
        serviceTicket('3', '2024-03-01T12:00:00.000', { status: 'PENDING' }),
      ],
    });
  });

  it('closes a ticket: stamps who and when, and writes the event in the same transaction', async () => {
    expect(await setStatus(CUSTOMER, '1', 'CLOSED', 'csr.jdoe')).toEqual({ from: 'OPEN', to: 'CLOSED' });
    const closed = await tickets().find(CUSTOMER, '1');
    expect(closed).toMatchObject({
      status: 'CLOSED',
      closedBy: 'csr.jdoe',
      closedAt: expect.stringMatching(CANONICAL_TIME),
    });
    expect(closed?.loggedAt).toBe(closed?.closedAt);
    expect((await events().list(CUSTOMER)).map(({ type, payload }) => ({ type, payload }))).toEqual([
      { type: 'ticket.status_changed', payload: { ticketId: '1', from: 'OPEN', to: 'CLOSED' } },
    ]);
  });

  it('reopening a closed ticket clears when and by whom it was closed', async () => {
    expect(await setStatus(CUSTOMER, '2', 'OPEN', 'csr.jdoe')).toEqual({ from: 'CLOSED', to: 'OPEN' });
    expect(await tickets().find(CUSTOMER, '2')).toMatchObject({ status: 'OPEN', closedAt: null, closedBy: null });
  });

  it('changes nothing when the status is already the one asked for', async () => {
    const before = await tickets().find(CUSTOMER, '3');
    const eventCount = (await events().list(CUSTOMER)).length;
    expect(await setStatus(CUSTOMER, '3', 'PENDING', 'csr.jdoe')).toEqual({ from: 'PENDING', to: 'PENDING' });
    expect(await tickets().find(CUSTOMER, '3')).toEqual(before);
    expect(await events().list(CUSTOMER)).toHaveLength(eventCount);
  });

  it("returns null for a ticket the customer does not have, and touches no one else's", async () => {
    expect(await setStatus('3000002', '1', 'VOIDED', 'csr.jdoe')).toBeNull();
    expect(await setStatus(CUSTOMER, '404', 'VOIDED', 'csr.jdoe')).toBeNull();
    expect((await tickets().find(CUSTOMER, '1'))?.status).toBe('CLOSED');
  });

  it('bumps the customer\u2019s data version on a change, not when the status is the same (ARCHITECTURE: one data version per customer)', async () => {
    const { bumpOf } = dataVersions(dataSource);
    const id = '3000003';
    await new CustomerImport(dataSource()).importBundle({ ...emptyBundle(id), tickets: [serviceTicket('88001', '2026-11-02T08:00:00.000', { status: 'OPEN' })] });
    expect(await bumpOf(id, () => setStatus(id, '88001', 'CLOSED', 'operator'))).toBe(1);
    expect(await bumpOf(id, () => setStatus(id, '88001', 'CLOSED', 'operator'))).toBe(0);
  });
});
