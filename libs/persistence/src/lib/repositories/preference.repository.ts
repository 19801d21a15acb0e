import {
  emailKey,
  nowLocalDateTime,
  phoneKey,
  preferencesChanged,
  type Id,
  type Preference,
  type PreferenceCategory,
  type SelectionType,
  type SelectionUpdate,
} from '@curbside/domain';
import { DataSource, EntityManager } from 'typeorm';
import { inRead, inTransaction } from '../database/index';
import { lockCustomer, writeIfCurrent, type Precondition } from '../conditional-write';
import { touchCustomers } from '../stores/data-version.store';
import { groupBy } from '../stores/rows';
import { liftSuppressions } from '../stores/suppression.store';
import { PreferenceCategoryEntity, PreferenceChannelEntity, PreferenceSelectionEntity } from '../entities';
import { appendEvents } from '../stores/event.store';
import { loadPreferencesOf, preferenceStore } from '../stores/preference.store';

export class PreferenceRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(customerId: Id): Promise<Preference[]> {
    return inRead(this.dataSource, (manager) => preferenceStore.load(manager, customerId));
  }

  /** The preferences of each of `customerIds`, read set-wise (an empty list for a customer without any). */
  listOf(customerIds: readonly Id[]): Promise<Map<Id, Preference[]>> {
    return inRead(this.dataSource, (manager) => loadPreferencesOf(manager, customerIds));
  }

  /**
   * Applies PUT communication-preferences in one transaction: each selection (category +
   * channel + type) gets the new value and opt-in, stamped modified by `modifiedBy` now. A
   * selection, channel or category not there yet is created (a new category is enabled and a
   * new channel opted in: asking for a destination is asking to be notified). Writes one
   * `preferences.changed` event. `precondition` sees the preferences before and may refuse
   * (then nothing is written); returns the preferences after.
   */
  updateSelections(
    customerId: Id,
    updates: readonly SelectionUpdate[],
    modifiedBy: string,
    precondition?: Precondition<Preference[]>,
  ): Promise<Preference[]> {
    return writeIfCurrent(this.dataSource, customerId, {
      read: (manager) => preferenceStore.load(manager, customerId),
      precondition,
      write: (manager) => writeSelections(manager, customerId, updates, modifiedBy),
    });
  }

  /**
   * One-click unsubscribe (CONTRACT §10): every Email selection of the customer's `category`
   * whose value is `address` (compared in lower case) is opted out, modified by `UNSUBSCRIBE`,
   * with its `preferences.changed` event and the data version bump, in one transaction under
   * the customer's lock. How many selections it opted out: 0 (nothing written) when none was in.
   */
  unsubscribe(customerId: Id, category: PreferenceCategory, address: string): Promise<number> {
    return inTransaction(this.dataSource, async (manager) => {
      await lockCustomer(manager, customerId);
      const preferences = await preferenceStore.load(manager, customerId, [category]);
      const updates = preferences.flatMap((preference) =>
        preference.channels
          .filter((channel) => channel.name === 'Email')
          .flatMap((channel) => channel.selections.filter((selection) => selection.optIn && emailKey(selection.value) === emailKey(address)))
          .map((selection): SelectionUpdate => ({ category, channel: 'Email', type: selection.type, value: selection.value, optIn: false })),
      );
      if (updates.length === 0) return 0;
      await writeSelections(manager, customerId, updates, 'UNSUBSCRIBE');
      await touchCustomers(manager, [customerId]);
      return updates.length;
    });
  }

  /**
   * STOP and START by text (CONTRACT §10): every Text selection, of every customer and
   * category, whose value is the phone number `phone` (compared by `phoneKey`) is set to
   * `optIn`, modified by `modifiedBy`; each customer changed gets its `preferences.changed`
   * event and its data version bump, all in one transaction. The customers changed.
   */
  setTextOptIn(phone: string, optIn: boolean, modifiedBy: string): Promise<Id[]> {
    const key = phoneKey(phone);
    if (key === '') return Promise.resolve([]);
    return inTransaction(this.dataSource, async (manager) => {
      const rows = await manager.find(PreferenceSelectionEntity, {
        select: ['customerId', 'category', 'type', 'value'],
        where: { channel: 'Text', optIn: !optIn },
        order: { customerId: 'ASC' },
      });
      const byCustomer = groupBy(
        rows.filter((row) => phoneKey(row.value) === key),
        (row) => row.customerId,
      );
      for (const [customerId, selections] of byCustomer) {
        await lockCustomer(manager, customerId);
        const updates = selections.map((row): SelectionUpdate => ({
          category: row.category as PreferenceCategory,
          channel: 'Text',
          type: row.type as SelectionType,
          value: row.value,
          optIn,
        }));
        await writeSelections(manager, customerId, updates, modifiedBy);
      }
      await touchCustomers(manager, [...byCustomer.keys()]);
      return [...byCustomer.keys()];
    });
  }
}

/**
 * Sets each selection (category + channel + type) to the update's value and opt-in, stamped
 * modified by `modifiedBy` now, creating what is not there yet, and writes one
 * `preferences.changed` event; an email address set again leaves the suppression list. The
 * one write of selections, inside the caller's transaction: PUT op 10, unsubscribe, STOP/START.
 */
async function writeSelections(manager: EntityManager, customerId: Id, updates: readonly SelectionUpdate[], modifiedBy: string): Promise<void> {
  if (updates.length === 0) return;
  const now = nowLocalDateTime();
  for (const update of updates) {
    await ensureChannel(manager, customerId, update);
    const key = { customerId, category: update.category, channel: update.channel, type: update.type };
    const changes = { value: update.value, optIn: update.optIn, modifiedBy, modifiedAt: now };
    if (await manager.exists(PreferenceSelectionEntity, { where: key })) {
      await manager.update(PreferenceSelectionEntity, key, changes);
    } else {
      const position = await manager.count(PreferenceSelectionEntity, {
        where: { customerId, category: update.category, channel: update.channel },
      });
      await manager.insert(PreferenceSelectionEntity, {
        ...key,
        ...changes,
        position,
        createdBy: modifiedBy,
        createdAt: now,
      });
    }
  }
  await liftSuppressions(manager, updates.filter((update) => update.channel === 'Email').map((update) => update.value));
  await appendEvents(manager, [preferencesChanged(customerId, modifiedBy)]);
}


async function ensureChannel(
  manager: EntityManager,
  customerId: Id,
  { category, channel }: SelectionUpdate,
): Promise<void> {
  if (!(await manager.exists(PreferenceCategoryEntity, { where: { customerId, category } }))) {
    const position = await manager.count(PreferenceCategoryEntity, { where: { customerId } });
    await manager.insert(PreferenceCategoryEntity, { customerId, category, position, enabled: true });
  }
  if (!(await manager.exists(PreferenceChannelEntity, { where: { customerId, category, channel } }))) {
    const position = await manager.count(PreferenceChannelEntity, { where: { customerId, category } });
    await manager.insert(PreferenceChannelEntity, { customerId, category, channel, position, optIn: true });
  }
}
