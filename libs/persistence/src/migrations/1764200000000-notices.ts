import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The notices of CONTRACT §8, for both drivers: the key that makes a notice's event once
 * (`events.notice_key`, unique; null for the events of changes), the days the daily run
 * claimed and finished (its lease), and the operators' route alerts.
 */
const noticesSchemaUp: string[] = [
  `ALTER TABLE "events" ADD COLUMN "notice_key" text`,
  `CREATE UNIQUE INDEX "idx_events_notice_key" ON "events" ("notice_key")`,
  `CREATE TABLE "notice_runs" (
    "day" text NOT NULL,
    "claimed_by" text,
    "claimed_until" text,
    "finished_at" text,
    CONSTRAINT "pk_notice_runs" PRIMARY KEY ("day")
  )`,
  `CREATE TABLE "route_alerts" (
    "id" text NOT NULL,
    "route_id" text NOT NULL,
    "date" text NOT NULL,
    "message" text NOT NULL,
    "customers" integer NOT NULL,
    "created_at" text NOT NULL,
    CONSTRAINT "pk_route_alerts" PRIMARY KEY ("id")
  )`,
];

const noticesSchemaDown: string[] = [
  `DROP TABLE "route_alerts"`,
  `DROP TABLE "notice_runs"`,
  `DROP INDEX "idx_events_notice_key"`,
  `ALTER TABLE "events" DROP COLUMN "notice_key"`,
];

/** The notices' key on events, the daily run's lease and the route alerts; one class, run by both drivers. */
export class Notices1764200000000 implements MigrationInterface {
  name = 'Notices1764200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of noticesSchemaUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of noticesSchemaDown) await queryRunner.query(statement);
  }
}
