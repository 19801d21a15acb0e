import type { Id, Preference, SelectionUpdate } from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import { preferenceStore, writeIfCurrent, type Precondition, Traced } from '@curbside/persistence';
import { DataSource } from 'typeorm';
import { applySelections } from './apply-selections';

/**
 * PUT communication-preferences (op 10): each selection gets the new value and opt-in, in one
 * transaction under the customer's lock. `precondition` (If-Match) sees the preferences before
 * and may refuse, and then nothing is written. The preferences after.
 */
@Injectable()
export class UpdatePreferences {
  constructor(private readonly dataSource: DataSource) {}

  @Traced()
  execute(customerId: Id, updates: readonly SelectionUpdate[], modifiedBy: string, precondition?: Precondition<Preference[]>): Promise<Preference[]> {
    return writeIfCurrent(this.dataSource, customerId, {
      read: (manager) => preferenceStore.load(manager, customerId),
      precondition,
      write: (manager) => applySelections(manager, customerId, updates, modifiedBy),
    });
  }
}
