import { phoneKey, textOptInUpdates, type Id } from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import { inTransaction, loadTextSelections, lockCustomer, touchCustomers, Traced } from '@curbside/persistence';
import { DataSource } from 'typeorm';
import { applySelections } from './apply-selections';

/**
 * STOP and START by text (CONTRACT §10): every Text selection, of every customer and category,
 * at the number `phone` is set to `optIn`, modified by `modifiedBy`, all in one transaction.
 * The customers changed.
 */
@Injectable()
export class SetTextOptIn {
  constructor(private readonly dataSource: DataSource) {}

  @Traced()
  execute(phone: string, optIn: boolean, modifiedBy: string): Promise<Id[]> {
    if (phoneKey(phone) === '') return Promise.resolve([]);
    return inTransaction(this.dataSource, async (manager) => {
      const byCustomer = textOptInUpdates(await loadTextSelections(manager, !optIn), phone, optIn);
      for (const [customerId, updates] of byCustomer) {
        await lockCustomer(manager, customerId);
        await applySelections(manager, customerId, updates, modifiedBy);
      }
      await touchCustomers(manager, [...byCustomer.keys()]);
      return [...byCustomer.keys()];
    });
  }
}
