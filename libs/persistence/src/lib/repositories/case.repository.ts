import type { Case, DateRange, Id } from '@curbside/domain';
import { inRead } from '../database';
import { DataSource } from 'typeorm';
import { CaseEntity } from '../entities';
import { toCase } from '../stores/activity.store';
import { inRange, newestFirst, selectRows } from '../stores/rows';

export class CaseRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Cases requested within the range, newest first. */
  async list(customerId: Id, range: DateRange): Promise<Case[]> {
    const rows = await inRead(this.dataSource, (manager) =>
      selectRows(manager, CaseEntity, customerId, {
        where: inRange('requestedAt', range),
        order: newestFirst('requestedAt'),
      }),
    );
    return rows.map(toCase);
  }
}
