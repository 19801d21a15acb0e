import { nowLocalDateTime, preferencesChanged, type Id, type Preference, type SelectionUpdate } from '@curbside/domain';
import { DataSource, EntityManager } from 'typeorm';
import { inRead } from '../database/index';
import { writeIfCurrent, type Precondition } from '../conditional-write';
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
      write: async (manager) => {
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
        await appendEvents(manager, [preferencesChanged(customerId, modifiedBy)]);
      },
    });
  }
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
