import { unsubscribeUpdates, type Id, type PreferenceCategory } from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import { inTransaction, lockCustomer, preferenceStore, touchCustomers, Traced } from '@curbside/persistence';
import { DataSource } from 'typeorm';
import { applySelections } from './apply-selections';

/**
 * One-click unsubscribe (CONTRACT §10): the customer's Email selections of `category` at
 * `address` are opted out, modified by `UNSUBSCRIBE`, in one transaction under the customer's
 * lock. How many it opted out: 0, and nothing written, when none was in.
 */
@Injectable()
export class Unsubscribe {
  constructor(private readonly dataSource: DataSource) {}

  @Traced()
  execute(customerId: Id, category: PreferenceCategory, address: string): Promise<number> {
    return inTransaction(this.dataSource, async (manager) => {
      await lockCustomer(manager, customerId);
      const updates = unsubscribeUpdates(await preferenceStore.load(manager, customerId, [category]), category, address);
      if (updates.length === 0) return 0;
      await applySelections(manager, customerId, updates, 'UNSUBSCRIBE');
      await touchCustomers(manager, [customerId]);
      return updates.length;
    });
  }
}
