import type { Case, DateRange, Id } from '@curbside/domain';
import { inRead } from '../database';
import { DataSource } from 'typeorm';
import { CaseEntity } from '../entities';
import { caseStore, withCaseDetails } from '../stores/activity.store';
import { inRange, newestFirst, selectRows } from '../stores/rows';

export class CaseRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Cases requested within the range, newest first. */
  list(customerId: Id, range: DateRange): Promise<Case[]> {
    return inRead(this.dataSource, async (manager) =>
      withCaseDetails(
        manager,
        customerId,
        await selectRows(manager, CaseEntity, customerId, {
          where: inRange('requestedAt', range),
          order: newestFirst('requestedAt'),
        }),
      ),
    );
  }

  /** One case of the customer with its details; null when the customer has no such case. */
  async find(customerId: Id, caseId: Id): Promise<Case | null> {
    const [found] = await inRead(this.dataSource, (manager) => caseStore.load(manager, customerId, [caseId]));
    return found ?? null;
  }
}
