import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The claims' index, for both drivers: the pending rows of the outbox and of the deliveries in id
 * order. A claim takes the oldest due pending rows (`ORDER BY "id" LIMIT n`); without it, PostgreSQL
 * walked the primary key past every row already delivered, so each claim slowed as the tables grew
 * (0.3–0.5 s a claim after 900,000 deliveries of a million-customer drain).
 */
const pendingClaimsUp: string[] = [
  `CREATE INDEX "idx_events_pending_id" ON "events" ("id") WHERE "state" = 'pending'`,
  `CREATE INDEX "idx_deliveries_pending_id" ON "deliveries" ("id") WHERE "state" = 'pending'`,
];

const pendingClaimsDown: string[] = [`DROP INDEX "idx_deliveries_pending_id"`, `DROP INDEX "idx_events_pending_id"`];

/** The same statements on both drivers: one migration class, run by both (index.ts). */
export class PendingClaims1764600000000 implements MigrationInterface {
  name = 'PendingClaims1764600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of pendingClaimsUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of pendingClaimsDown) await queryRunner.query(statement);
  }
}
