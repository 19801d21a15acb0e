import { MigrationInterface, QueryRunner } from 'typeorm';
import { dialectOf, type Dialect } from './dialect';

/** The notifier's deliveries and the integrators' webhooks, for both drivers. */
const notifierSchemaUp = (dialect: Dialect): string[] => [
  `CREATE TABLE "deliveries" (
    ${dialect.serialId},
    "event_id" integer NOT NULL,
    "customer_id" text NOT NULL,
    "channel" text NOT NULL,
    "address" text NOT NULL,
    "selection_type" text,
    "webhook_id" text,
    "idempotency_key" text NOT NULL,
    "subject" text,
    "body" text NOT NULL,
    "html" text,
    "state" text NOT NULL,
    "attempts" integer NOT NULL,
    "created_at" text NOT NULL,
    "next_attempt_at" text NOT NULL,
    "delivered_at" text,
    "last_error" text,
    "claimed_by" text,
    "claimed_until" text${dialect.serialPrimaryKey.replace('pk_events', 'pk_deliveries')}
  )`,
  `CREATE INDEX "idx_deliveries_state_next_attempt_at" ON "deliveries" ("state", "next_attempt_at")`,
  `CREATE INDEX "idx_deliveries_customer_id_delivered_at" ON "deliveries" ("customer_id", "delivered_at")`,
  `CREATE UNIQUE INDEX "idx_deliveries_idempotency_key" ON "deliveries" ("idempotency_key")`,
  `CREATE TABLE "webhooks" (
    "id" text NOT NULL,
    "client_id" text NOT NULL,
    "url" text NOT NULL,
    "secret" text NOT NULL,
    "events" text,
    "created_at" text NOT NULL,
    CONSTRAINT "pk_webhooks" PRIMARY KEY ("id"),
    CONSTRAINT "fk_webhooks_api_clients" FOREIGN KEY ("client_id") REFERENCES "api_clients" ("client_id") ON DELETE CASCADE
  )`,
];

const notifierSchemaDown: string[] = [`DROP TABLE "webhooks"`, `DROP TABLE "deliveries"`];

/** The notifier's deliveries and webhooks, on both drivers. */
export class Notifier1764000000000 implements MigrationInterface {
  name = 'Notifier1764000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of notifierSchemaUp(dialectOf(queryRunner))) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of notifierSchemaDown) await queryRunner.query(statement);
  }
}
