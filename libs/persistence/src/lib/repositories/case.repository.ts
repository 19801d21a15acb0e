import type { Case, Id, ListQuery, Page } from '@curbside/domain';
import { inRead } from '../database/index';
import { DataSource } from 'typeorm';
import { CaseEntity } from '../entities';
import { caseStore, withCaseDetails } from '../stores/case.store';
import { selectRowPage } from '../sql/select-page';

export class CaseRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of the cases requested within the list's range, newest first. */
  list(customerId: Id, list: ListQuery): Promise<Page<Case>> {
    return inRead(this.dataSource, async (manager) => {
      const page = await selectRowPage(manager, CaseEntity, customerId, 'requestedAt', list);
      return { ...page, items: await withCaseDetails(manager, customerId, page.items) };
    });
  }

  /** One case of the customer with its details; null when the customer has no such case. */
  async find(customerId: Id, caseId: Id): Promise<Case | null> {
    const [found] = await inRead(this.dataSource, (manager) => caseStore.load(manager, customerId, [caseId]));
    return found ?? null;
  }
}
