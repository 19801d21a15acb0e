import { emptyBundle, type Delivery } from '@curbside/domain';
import { testDatabases } from '@curbside/testing';
import { dataVersions } from '../../test/data-version';
import { useDatabase } from '../../test/database';
import { contact, emailActivity, service, serviceTicket } from '../../test/fixtures';
import {
  ContactRepository,
  CustomerRepository,
  DeliveryRepository,
  HolidayRepository,
  PreferenceRepository,
} from './repositories';

/*
 * ARCHITECTURE: one data version per customer, bumped in its own transaction by every write of
 * what the customer's GETs show; the API's kept answers key on it (a write that did not bump it
 * would leave a stale answer served). One test per write path, each through the function the
 * API, the CLI or the notifier calls; the application's use cases (SetTicketStatus,
 * CreateServiceRequest) have theirs in their own suites.
 */
describe.each(testDatabases())('the customers\u2019 data version on $name', (db) => {
  const dataSource = useDatabase(db);
  const customers = () => new CustomerRepository(dataSource());
  let next = 7100000;

  const { versionOf, bumpOf } = dataVersions(dataSource);

  /** A new customer with a scheduled cart service and an open ticket. */
  async function newCustomer(): Promise<string> {
    const id = String((next += 1));
    const cart = { ...service('501'), schedule: { days: ['MONDAY' as const], everyWeeks: 1, startsOn: '2026-01-05' } };
    await customers().importBundle({ ...emptyBundle(id), services: [cart], tickets: [serviceTicket('88001', '2026-11-02T08:00:00.000', { status: 'OPEN' })] });
    return id;
  }

  it('import: a new customer starts at version 1, every import of it bumps it', async () => {
    const id = await newCustomer();
    expect(await versionOf(id)).toBe(1);
    expect(await bumpOf(id, () => customers().importBundle({ ...emptyBundle(id), tickets: [serviceTicket('88002', '2026-11-03T08:00:00.000')] }))).toBe(1);
  });

  it('PUT contacts (ContactRepository.update) bumps it', async () => {
    const id = await newCustomer();
    const { address: _address, ...update } = contact('billing');
    expect(await bumpOf(id, () => new ContactRepository(dataSource()).update(id, [update]))).toBe(1);
  });

  it('PUT communication-preferences (PreferenceRepository.updateSelections) bumps it', async () => {
    const id = await newCustomer();
    const update = { category: 'Service Notification' as const, channel: 'Email' as const, type: 'SEMAIL' as const, value: 'a@example.com', optIn: true };
    expect(await bumpOf(id, () => new PreferenceRepository(dataSource()).updateSelections(id, [update], 'portal'))).toBe(1);
  });

  it('one-click unsubscribe (PreferenceRepository.unsubscribe) bumps it when it opts out, not on a repeat', async () => {
    const id = await newCustomer();
    const preferences = new PreferenceRepository(dataSource());
    const email = { category: 'Service Notification' as const, channel: 'Email' as const, type: 'SEMAIL' as const, value: 'a@example.com', optIn: true };
    await preferences.updateSelections(id, [email], 'portal');
    expect(await bumpOf(id, () => preferences.unsubscribe(id, 'Service Notification', 'A@example.com'))).toBe(1);
    expect(await bumpOf(id, () => preferences.unsubscribe(id, 'Service Notification', 'a@example.com'))).toBe(0);
  });

  it('STOP and START by text (PreferenceRepository.setTextOptIn) bump every customer whose number it changes', async () => {
    const [first, second, other] = [await newCustomer(), await newCustomer(), await newCustomer()];
    const preferences = new PreferenceRepository(dataSource());
    const text = (value: string) => ({ category: 'Service Exception' as const, channel: 'Text' as const, type: 'SMOBILE' as const, value, optIn: true });
    await preferences.updateSelections(first, [text('+1 (555) 010-0199')], 'portal');
    await preferences.updateSelections(second, [text('555.010.0199')], 'portal');
    await preferences.updateSelections(other, [text('555-010-0200')], 'portal');
    const versions = () => Promise.all([first, second, other].map(versionOf));
    const before = await versions();
    expect((await preferences.setTextOptIn('+15550100199', false, 'STOP')).sort()).toEqual([first, second].sort());
    expect((await versions()).map((version, i) => version - before[i])).toEqual([1, 1, 0]);
    expect(await preferences.setTextOptIn('+15550100199', false, 'STOP')).toEqual([]);
    expect((await versions()).map((version, i) => version - before[i])).toEqual([1, 1, 0]);
    expect((await preferences.setTextOptIn('15550100199', true, 'START')).sort()).toEqual([first, second].sort());
    expect((await versions()).map((version, i) => version - before[i])).toEqual([2, 2, 0]);
  });

  it('a precondition that refuses the PUT writes nothing, the version included', async () => {
    const id = await newCustomer();
    const { address: _address, ...update } = contact('service');
    const refused = () =>
      new ContactRepository(dataSource()).update(id, [update], () => {
        throw new Error('stale');
      });
    expect(await bumpOf(id, () => refused().catch(() => undefined))).toBe(0);
  });

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
