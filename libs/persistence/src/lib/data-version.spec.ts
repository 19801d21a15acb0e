import { emptyBundle, type Delivery } from '@curbside/domain';
import { testDatabases } from '@curbside/testing';
import { dataVersions } from '../../test/support/data-version';
import { useDatabase } from '../../test/support/database';
import { storeBundles } from '../../test/support/stored-bundles';
import { emailActivity, service, serviceTicket } from '../../test/support/fixtures';
import {
  DeliveryRepository,
  HolidayRepository,
} from './repositories';

/*
 * ARCHITECTURE: one data version per customer, bumped in its own transaction by every write of
 * what the customer's GETs show; the API's kept answers key on it (a write that did not bump it
 * would leave a stale answer served). One test per write path, each through the function the
 * API, the CLI or the notifier calls; the application's use cases (SetTicketStatus,
 * CreateServiceRequest, the contact and preference changes, the import's CustomerImport) have theirs in their own suites.
 */
describe.each(testDatabases())('the customers\u2019 data version on $name', (db) => {
  const dataSource = useDatabase(db);
  let next = 7100000;

  const { versionOf } = dataVersions(dataSource);

  /** A new customer with a scheduled cart service and an open ticket. */
  async function newCustomer(): Promise<string> {
    const id = String((next += 1));
    const cart = { ...service('501'), schedule: { days: ['MONDAY' as const], everyWeeks: 1, startsOn: '2026-01-05' } };
    await storeBundles(dataSource(), { ...emptyBundle(id), services: [cart], tickets: [serviceTicket('88001', '2026-11-02T08:00:00.000', { status: 'OPEN' })] });
    return id;
  }

  it('the notifier\u2019s email activity (DeliveryRepository.markDelivered) bumps each customer it records one for', async () => {
    const [first, second] = [await newCustomer(), await newCustomer()];
    const deliveries = new DeliveryRepository(dataSource());
    const email = (customerId: string, eventId: number) => ({
      eventId,
      customerId,
      channel: 'Email' as const,
      address: 'resident@example.com',
      selectionType: 'SEMAIL' as const,
      webhookId: null,
      idempotencyKey: `data-version-${customerId}`,
      subject: 'Subject',
      body: 'Body',
      html: null,
    });
    await deliveries.fanOut([{ eventId: Number(first), deliveries: [email(first, Number(first)), email(second, Number(first))] }]);
    const claimed: Delivery[] = (await deliveries.claimDue('worker', 500, 60)).filter((d) => [first, second].includes(d.customerId));
    expect(claimed).toHaveLength(2);
    const [before1, before2] = [await versionOf(first), await versionOf(second)];
    const at = '2026-11-24T10:00:00.000';
    await deliveries.markDelivered(claimed.map((delivery) => ({ delivery, at, activity: emailActivity(String(990000000 + delivery.id), at) })));
    expect([(await versionOf(first)) - before1, (await versionOf(second)) - before2]).toEqual([1, 1]);
  });

  it('the holiday calendar (HolidayRepository.importHolidays) bumps every customer: it moves their pickups', async () => {
    const [first, second] = [await newCustomer(), await newCustomer()];
    const [before1, before2] = [await versionOf(first), await versionOf(second)];
    await new HolidayRepository(dataSource()).importHolidays([{ date: '2026-12-25', name: 'Christmas Day', delayDays: 1 }]);
    expect([(await versionOf(first)) - before1, (await versionOf(second)) - before2]).toEqual([1, 1]);
  });
});
