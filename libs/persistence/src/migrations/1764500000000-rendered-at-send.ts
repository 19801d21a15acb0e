import { MigrationInterface, QueryRunner } from 'typeorm';
import { driverOf } from './dialect';

/** The deliveries' columns, in the table's order. */
const COLUMNS = [
  'id', 'event_id', 'customer_id', 'channel', 'address', 'selection_type', 'webhook_id', 'idempotency_key', 'subject', 'body', 'html',
  'state', 'attempts', 'created_at', 'next_attempt_at', 'delivered_at', 'last_error', 'claimed_by', 'claimed_until', 'list_unsubscribe',
]
  .map((column) => `"${column}"`)
  .join(', ');

/**
 * A customer's message is rendered when it is sent, not when it is queued: a delivery's `body`
 * may be null (CONTRACT §5). PostgreSQL drops the constraint; SQLite cannot, so it rebuilds the
 * table with the same rows, indexes and id sequence (ids name the email activities: never reused).
 */
const renderedAtSendUp = {
  postgres: [`ALTER TABLE "deliveries" ALTER COLUMN "body" DROP NOT NULL`],
  sqlite: rebuiltSqliteDeliveries('"body" text'),
};

/** Back: a row queued without its message gets an empty body (replay it after upgrading again). */
const renderedAtSendDown = {
  postgres: [`UPDATE "deliveries" SET "body" = '' WHERE "body" IS NULL`, `ALTER TABLE "deliveries" ALTER COLUMN "body" SET NOT NULL`],
  sqlite: [`UPDATE "deliveries" SET "body" = '' WHERE "body" IS NULL`, ...rebuiltSqliteDeliveries('"body" text NOT NULL')],
};

function rebuiltSqliteDeliveries(body: string): string[] {
  return [
    `CREATE TABLE "deliveries_rebuilt" (
    "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
    "event_id" integer NOT NULL,
    "customer_id" text NOT NULL,
    "channel" text NOT NULL,
    "address" text NOT NULL,
    "selection_type" text,
    "webhook_id" text,
    "idempotency_key" text NOT NULL,
    "subject" text,
    ${body},
    "html" text,
    "state" text NOT NULL,
    "attempts" integer NOT NULL,
    "created_at" text NOT NULL,
    "next_attempt_at" text NOT NULL,
    "delivered_at" text,
    "last_error" text,
    "claimed_by" text,
    "claimed_until" text,
    "list_unsubscribe" text
  )`,
    `INSERT INTO "deliveries_rebuilt" (${COLUMNS}) SELECT ${COLUMNS} FROM "deliveries"`,
    // The next id continues the old table's sequence, even past rows since deleted.
    `DELETE FROM "sqlite_sequence" WHERE "name" = 'deliveries_rebuilt'`,
    `INSERT INTO "sqlite_sequence" ("name", "seq") SELECT 'deliveries_rebuilt', "seq" FROM "sqlite_sequence" WHERE "name" = 'deliveries'`,
    `DROP TABLE "deliveries"`,
    `ALTER TABLE "deliveries_rebuilt" RENAME TO "deliveries"`,
    `CREATE INDEX "idx_deliveries_state_next_attempt_at" ON "deliveries" ("state", "next_attempt_at")`,
    `CREATE INDEX "idx_deliveries_customer_id_delivered_at" ON "deliveries" ("customer_id", "delivered_at")`,
    `CREATE UNIQUE INDEX "idx_deliveries_idempotency_key" ON "deliveries" ("idempotency_key")`,
  ];
}

/** Messages rendered when sent: a delivery's body may be null (CONTRACT §5). */
export class RenderedAtSend1764500000000 implements MigrationInterface {
  name = 'RenderedAtSend1764500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of renderedAtSendUp[driverOf(queryRunner)]) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of renderedAtSendDown[driverOf(queryRunner)]) await queryRunner.query(statement);
  }
}
