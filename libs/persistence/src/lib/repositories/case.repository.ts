import type { Case, Id, ListQuery, Page } from '@curbside/domain';
import { inRead } from '../database';
import { DataSource } from 'typeorm';
import { CaseEntity } from '../entities';
import { toCase } from '../stores/activity.store';
import { mapItems, selectRowPage } from '../stores/rows';

export class CaseRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Cases requested within the range, newest first. */
  async list(customerId: Id, list: ListQuery): Promise<Page<Case>> {
    const page = await inRead(this.dataSource, (manager) => selectRowPage(manager, CaseEntity, customerId, 'requestedAt', list));
    return mapItems(page, toCase);
  }
}
