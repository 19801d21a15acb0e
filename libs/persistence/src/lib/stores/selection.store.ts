import type { Id, LocalDateTime, PreferenceCategory, SelectionType, SelectionUpdate, TextSelection } from '@curbside/domain';
import type { EntityManager } from 'typeorm';
import { PreferenceCategoryEntity, PreferenceChannelEntity, PreferenceSelectionEntity } from '../entities';
import { liftSuppressions } from './suppression.store';

/**
 * Sets each selection (category + channel + type) to the update's value and opt-in, stamped
 * modified by `modifiedBy` at `now`, creating the category, channel or selection not there yet
 * (a new category is enabled and a new channel opted in: asking for a destination is asking to
 * be notified). An email address set again leaves the suppression list (CONTRACT §10), as it
 * does when a contact sets it. Inside the caller's transaction.
 */
export async function saveSelections(
  manager: EntityManager,
  customerId: Id,
  updates: readonly SelectionUpdate[],
  modifiedBy: string,
  now: LocalDateTime,
): Promise<void> {
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
      await manager.insert(PreferenceSelectionEntity, { ...key, ...changes, position, createdBy: modifiedBy, createdAt: now });
    }
  }
  await liftSuppressions(manager, updates.filter((update) => update.channel === 'Email').map((update) => update.value));
}

/** Every customer's Text selections whose opt-in is `optIn` (what STOP or START may change), by customer. */
export async function loadTextSelections(manager: EntityManager, optIn: boolean): Promise<TextSelection[]> {
  const rows = await manager.find(PreferenceSelectionEntity, {
    select: ['customerId', 'category', 'type', 'value'],
    where: { channel: 'Text', optIn },
    order: { customerId: 'ASC' },
  });
  return rows.map((row) => ({
    customerId: row.customerId,
    category: row.category as PreferenceCategory,
    type: row.type as SelectionType,
    value: row.value,
  }));
}

async function ensureChannel(manager: EntityManager, customerId: Id, { category, channel }: SelectionUpdate): Promise<void> {
  if (!(await manager.exists(PreferenceCategoryEntity, { where: { customerId, category } }))) {
    const position = await manager.count(PreferenceCategoryEntity, { where: { customerId } });
    await manager.insert(PreferenceCategoryEntity, { customerId, category, position, enabled: true });
  }
  if (!(await manager.exists(PreferenceChannelEntity, { where: { customerId, category, channel } }))) {
    const position = await manager.count(PreferenceChannelEntity, { where: { customerId, category } });
    await manager.insert(PreferenceChannelEntity, { customerId, category, channel, position, optIn: true });
  }
}
