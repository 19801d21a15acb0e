import type { DateRange, EmailActivity, Id, IssueActivity } from '@curbside/domain';
import { inRead } from '../database';
import { DataSource } from 'typeorm';
import { EmailActivityEntity, IssueActivityEntity } from '../entities';
import { toEmailActivity, toIssueActivity } from '../stores/activity.store';
import { inRange, newestFirst, selectRows } from '../stores/rows';

export class EmailActivityRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Emails sent within the range, newest first. */
  async list(customerId: Id, range: DateRange): Promise<EmailActivity[]> {
    const rows = await inRead(this.dataSource, (manager) =>
      selectRows(manager, EmailActivityEntity, customerId, {
        where: inRange('sentAt', range),
        order: newestFirst('sentAt'),
      }),
    );
    return rows.map(toEmailActivity);
  }
}

export class IssueActivityRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Issues submitted within the range, newest first. */
  async list(customerId: Id, range: DateRange): Promise<IssueActivity[]> {
    const rows = await inRead(this.dataSource, (manager) =>
      selectRows(manager, IssueActivityEntity, customerId, {
        where: inRange('submittedAt', range),
        order: newestFirst('submittedAt'),
      }),
    );
    return rows.map(toIssueActivity);
  }
}
