import type { Balance, BalanceType, Id } from '@curbside/domain';
import { EntityManager } from 'typeorm';
import { BalanceEntity } from '../entities';
import { insertRows } from '../sql/insert-rows';
import { inStoredOrder } from '../sql/query-steps';
import { selectRows } from '../sql/select-rows';

/** A customer's balances are one list, read and replaced as a whole. */
export async function loadBalances(manager: EntityManager, customerId: Id): Promise<Balance[]> {
  const rows = await selectRows(manager, BalanceEntity, customerId, { order: inStoredOrder() });
  return rows.map(({ type, date, amount }) => ({ type: type as BalanceType, date, amount }));
}

export async function replaceBalances(
  manager: EntityManager,
  customerId: Id,
  balances: readonly Balance[],
  /** The customer was just created: it has none to delete. */
  customerIsNew = false,
): Promise<void> {
  if (!customerIsNew) await manager.delete(BalanceEntity, { customerId });
  await insertRows(
    manager,
    BalanceEntity,
    balances.map((balance, position) => ({ customerId, position, ...balance })),
  );
}
