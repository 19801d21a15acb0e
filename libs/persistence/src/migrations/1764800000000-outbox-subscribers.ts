import { MigrationInterface, QueryRunner } from 'typeorm';
import { dialectOf, type Dialect } from './dialect';

/** The outbox subscribers' cursors (docs/extending.md): one row per subscriber and customer, with the outbox's claim columns. */
const outboxSubscribersUp = (dialect: Dialect): string[] => [
  `CREATE TABLE "outbox_subscriber_cursors" (
    ${dialect.serialId},
    "subscriber" text NOT NULL,
    "customer_id" text NOT NULL,
    "position" integer NOT NULL,
    "latest" integer NOT NULL,
    "state" text NOT NULL,
    "attempts" integer NOT NULL,
    "next_attempt_at" text NOT NULL,
    "last_error" text,
    "claimed_by" text,
    "claimed_until" text${dialect.serialPrimaryKey.replace('pk_events', 'pk_outbox_subscriber_cursors')}
  )`,
  `CREATE UNIQUE INDEX "idx_outbox_subscriber_cursors_subscriber_customer_id" ON "outbox_subscriber_cursors" ("subscriber", "customer_id")`,
  `CREATE INDEX "idx_outbox_subscriber_cursors_state_next_attempt_at" ON "outbox_subscriber_cursors" ("state", "next_attempt_at")`,
];

const outboxSubscribersDown: string[] = [
  `DROP INDEX "idx_outbox_subscriber_cursors_state_next_attempt_at"`,
  `DROP INDEX "idx_outbox_subscriber_cursors_subscriber_customer_id"`,
  `DROP TABLE "outbox_subscriber_cursors"`,
];

/** The outbox subscribers' cursors, on both drivers. */
export class OutboxSubscribers1764800000000 implements MigrationInterface {
  name = 'OutboxSubscribers1764800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of outboxSubscribersUp(dialectOf(queryRunner))) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of outboxSubscribersDown) await queryRunner.query(statement);
  }
}
