import type { Id, Preference } from '@curbside/domain';
import { DataSource } from 'typeorm';
import { inRead } from '../database/index';
import { loadPreferencesOf, preferenceStore } from '../stores/preference.store';

/**
 * Reads preferences. Their changes (PUT op 10, unsubscribe, STOP/START) are use cases of the
 * application layer (libs/application/src/lib/preferences/) over `saveSelections`.
 */
export class PreferenceRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(customerId: Id): Promise<Preference[]> {
    return inRead(this.dataSource, (manager) => preferenceStore.load(manager, customerId));
  }

  /** The preferences of each of `customerIds`, read set-wise (an empty list for a customer without any). */
  listOf(customerIds: readonly Id[]): Promise<Map<Id, Preference[]>> {
    return inRead(this.dataSource, (manager) => loadPreferencesOf(manager, customerIds));
  }
}
