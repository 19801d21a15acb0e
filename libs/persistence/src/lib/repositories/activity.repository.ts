import type { EmailActivity, Id, IssueActivity, ListQuery, Page } from '@curbside/domain';
import { inRead } from '../database/index';
import { DataSource } from 'typeorm';
import { EmailActivityEntity, IssueActivityEntity } from '../entities';
import { toEmailActivity, toIssueActivity } from '../stores/activity.store';
import { mapItems, selectRowPage } from '../sql/select-page';

export class EmailActivityRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Emails sent within the range, newest first. */
  async list(customerId: Id, list: ListQuery): Promise<Page<EmailActivity>> {
    const page = await inRead(this.dataSource, (manager) => selectRowPage(manager, EmailActivityEntity, customerId, 'sentAt', list));
    return mapItems(page, toEmailActivity);
  }
}

export class IssueActivityRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Issues submitted within the range, newest first. */
  async list(customerId: Id, list: ListQuery): Promise<Page<IssueActivity>> {
    const page = await inRead(this.dataSource, (manager) =>
      selectRowPage(manager, IssueActivityEntity, customerId, 'submittedAt', list),
    );
    return mapItems(page, toIssueActivity);
  }
}
