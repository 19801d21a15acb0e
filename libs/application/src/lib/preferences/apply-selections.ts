import { nowLocalDateTime, preferencesChanged, type Id, type SelectionUpdate } from '@curbside/domain';
import { appendEvents, saveSelections } from '@curbside/persistence';
import type { EntityManager } from 'typeorm';

/**
 * The one change of selections every preference use case makes, inside its transaction: the
 * selections saved, stamped now, and one `preferences.changed` event. No updates, nothing written.
 */
export async function applySelections(manager: EntityManager, customerId: Id, updates: readonly SelectionUpdate[], modifiedBy: string): Promise<void> {
  if (updates.length === 0) return;
  await saveSelections(manager, customerId, updates, modifiedBy, nowLocalDateTime());
  await appendEvents(manager, [preferencesChanged(customerId, modifiedBy)]);
}
