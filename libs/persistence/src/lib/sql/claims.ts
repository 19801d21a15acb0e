import { nowLocalDateTime } from '@curbside/domain';
import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { inTransaction } from '../database/index';
import { fromRawColumns } from './raw-columns';

/**
 * Claims for `worker` up to `limit` pending rows of `table` that are due and not leased to
 * another worker, oldest first, for `leaseSeconds`: one atomic UPDATE ... RETURNING. On
 * PostgreSQL, workers skip rows another worker is claiming (FOR UPDATE SKIP LOCKED), so any
 * number of them share the work; SQLite has one writer at a time. A worker that dies keeps
 * its rows only until the lease ends; rows in `except` (those the caller still holds, its lease
 * run out or not) are not claimed again. `at` is the worker's clock (a test's may be fixed). `table` has the outbox columns: id, state,
 * next_attempt_at, claimed_by, claimed_until.
 */
export function claimDueRows<T extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  table: string,
  {
    worker,
    limit,
    leaseSeconds,
    except = [],
    at = new Date(),
    scope = {},
  }: {
    worker: string;
    limit: number;
    leaseSeconds: number;
    except?: readonly number[];
    at?: Date;
    /** Only rows with these column values (e.g. one subscriber's cursors). */
    scope?: Readonly<Record<string, string>>;
  },
): Promise<T[]> {
  const now = nowLocalDateTime(at);
  const leasedUntil = nowLocalDateTime(new Date(at.getTime() + leaseSeconds * 1000));
  const skipLocked = dataSource.options.type === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
  const [sql, parameters] = dataSource.driver.escapeQueryWithParameters(
    `UPDATE "${table}" SET "claimed_by" = :worker, "claimed_until" = :leasedUntil
     WHERE "id" IN (
       SELECT "id" FROM "${table}"
       WHERE "state" = 'pending' AND "next_attempt_at" <= :now AND ("claimed_until" IS NULL OR "claimed_until" <= :now)
       ${except.length > 0 ? 'AND "id" NOT IN (:...except)' : ''}
       ${Object.keys(scope).map((column, i) => `AND "${column}" = :scope${i}`).join(' ')}
       ORDER BY "id" LIMIT :limit ${skipLocked}
     )
     RETURNING *`,
    { worker, leasedUntil, now, limit, except: [...except], ...Object.fromEntries(Object.values(scope).map((value, i) => [`scope${i}`, value])) },
    {},
  );
  return inTransaction(dataSource, async ({ queryRunner }) => {
    if (queryRunner === undefined) throw new Error('a transaction runs on a query runner');
    const { records } = await queryRunner.query(sql, parameters, true);
    const metadata = dataSource.getMetadata(entity);
    return (records as Record<string, unknown>[])
      .map((raw) => fromRawColumns<T>(metadata, raw))
      .sort((a, b) => Number(a['id']) - Number(b['id']));
  });
}
