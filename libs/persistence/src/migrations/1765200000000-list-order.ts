import { MigrationInterface, QueryRunner } from 'typeorm';
import { driverOf } from './dialect';

/**
 * The other dated lists in their order, as `TicketListOrder1765100000000` did for the
 * service tickets: `<date> DESC NULLS LAST, LENGTH(id) DESC, id DESC` (`selectPage`'s `newestFirst`,
 * each with `id` as its tie-break), read backwards. A page, filtered by dates or not, is then the
 * index's next `limit + 1` entries, not a sort of every row of the customer in the range whose
 * plan hung on statistics. Each replaces the `(customer_id, <date>)` index, which it serves too
 * (the counts, the date ranges). SQLite sorts NULLs first and has no NULLS FIRST in an index;
 * PostgreSQL sorts them last unless told.
 */
const LISTS = [
  { table: 'disposal_tickets', date: 'modified_at' },
  { table: 'invoices', date: 'date' },
  { table: 'cases', date: 'requested_at' },
  { table: 'email_activities', date: 'sent_at' },
  { table: 'issue_activities', date: 'submitted_at' },
] as const;

const listOrder = (nullsFirst: string) =>
  LISTS.flatMap(({ table, date }) => [
    `CREATE INDEX "idx_${table}_list_order" ON "${table}" ("customer_id", "${date}"${nullsFirst}, LENGTH("id"), "id")`,
    `DROP INDEX "idx_${table}_customer_id_${date}"`,
  ]);

const byDate = LISTS.flatMap(({ table, date }) => [
  `CREATE INDEX "idx_${table}_customer_id_${date}" ON "${table}" ("customer_id", "${date}")`,
  `DROP INDEX "idx_${table}_list_order"`,
]);

const listOrderUp = { postgres: listOrder(' NULLS FIRST'), sqlite: listOrder('') };

const listOrderDown = { postgres: byDate, sqlite: byDate };

/** The disposal tickets, invoices, cases, email and issue activities indexed in their lists' order. */
export class ListOrder1765200000000 implements MigrationInterface {
  name = 'ListOrder1765200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of listOrderUp[driverOf(queryRunner)]) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of listOrderDown[driverOf(queryRunner)]) await queryRunner.query(statement);
  }
}
