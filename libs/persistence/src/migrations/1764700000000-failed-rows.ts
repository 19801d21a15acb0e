import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox's and the deliveries' `(state, next_attempt_at)` indexes give way to indexes of the
 * failed rows only, for both drivers. The claims read the pending rows by `idx_*_pending_id`; what
 * else looked rows up by state is an operator's list or replay of the dead (and suppressed) ones;
 * one index a state, as SQLite uses a partial index only where the query names its very condition.
 * Every row the notifier and the notice run write starts pending, so each of them wrote one index
 * entry it never needed: 3,000,000 of them in a million customers' notice run.
 */
const failedRowsUp: string[] = [
  `DROP INDEX "idx_events_state_next_attempt_at"`,
  `DROP INDEX "idx_deliveries_state_next_attempt_at"`,
  `CREATE INDEX "idx_events_dead_id" ON "events" ("id") WHERE "state" = 'dead'`,
  `CREATE INDEX "idx_deliveries_dead_id" ON "deliveries" ("id") WHERE "state" = 'dead'`,
  `CREATE INDEX "idx_deliveries_suppressed_id" ON "deliveries" ("id") WHERE "state" = 'suppressed'`,
];

const failedRowsDown: string[] = [
  `DROP INDEX "idx_deliveries_suppressed_id"`,
  `DROP INDEX "idx_deliveries_dead_id"`,
  `DROP INDEX "idx_events_dead_id"`,
  `CREATE INDEX "idx_deliveries_state_next_attempt_at" ON "deliveries" ("state", "next_attempt_at")`,
  `CREATE INDEX "idx_events_state_next_attempt_at" ON "events" ("state", "next_attempt_at")`,
];

/** The same statements on both drivers: one migration class, run by both (index.ts). */
export class FailedRows1764700000000 implements MigrationInterface {
  name = 'FailedRows1764700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of failedRowsUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of failedRowsDown) await queryRunner.query(statement);
  }
}
