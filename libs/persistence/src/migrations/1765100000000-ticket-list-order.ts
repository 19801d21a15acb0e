import { MigrationInterface, QueryRunner } from 'typeorm';
import { driverOf } from './dialect';

/**
 * The service tickets in their list's order: `created_at DESC NULLS LAST, LENGTH(id)
 * DESC, id DESC`, read backwards. A page, filtered by dates or not, is then the index's next
 * `limit + 1` entries: no sort of every ticket of the customer in the range, and no plan that
 * depends on statistics (a date-filtered page of 1,000 of 10,000 tickets took 179 ms without
 * them, 5.6 ms with this index). It replaces `(customer_id, created_at)`, which it serves too.
 * SQLite sorts NULLs first and has no NULLS FIRST in an index; PostgreSQL sorts them last unless told.
 */
const ticketListOrderUp = {
  postgres: [
    `CREATE INDEX "idx_service_tickets_list_order" ON "service_tickets" ("customer_id", "created_at" NULLS FIRST, LENGTH("id"), "id")`,
    `DROP INDEX "idx_service_tickets_customer_id_created_at"`,
  ],
  sqlite: [
    `CREATE INDEX "idx_service_tickets_list_order" ON "service_tickets" ("customer_id", "created_at", LENGTH("id"), "id")`,
    `DROP INDEX "idx_service_tickets_customer_id_created_at"`,
  ],
};

const ticketListOrderDown = {
  postgres: [
    `CREATE INDEX "idx_service_tickets_customer_id_created_at" ON "service_tickets" ("customer_id", "created_at")`,
    `DROP INDEX "idx_service_tickets_list_order"`,
  ],
  sqlite: [
    `CREATE INDEX "idx_service_tickets_customer_id_created_at" ON "service_tickets" ("customer_id", "created_at")`,
    `DROP INDEX "idx_service_tickets_list_order"`,
  ],
};

/** The service tickets indexed in their list's order. */
export class TicketListOrder1765100000000 implements MigrationInterface {
  name = 'TicketListOrder1765100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of ticketListOrderUp[driverOf(queryRunner)]) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of ticketListOrderDown[driverOf(queryRunner)]) await queryRunner.query(statement);
  }
}
