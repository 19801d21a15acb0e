import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox carries the trace: each event and each delivery keeps the W3C `traceparent` of the
 * request or notice run that wrote it (null when tracing is off), so that the notifier's send
 * belongs to that trace (docs/operators.md, "Traces").
 */
const traceContextUp: string[] = [
  `ALTER TABLE "events" ADD COLUMN "traceparent" text`,
  `ALTER TABLE "deliveries" ADD COLUMN "traceparent" text`,
];

const traceContextDown: string[] = [`ALTER TABLE "deliveries" DROP COLUMN "traceparent"`, `ALTER TABLE "events" DROP COLUMN "traceparent"`];

/** The same statements on both drivers (SQLite drops a column since 3.35): one migration class, run by both. */
export class TraceContext1764900000000 implements MigrationInterface {
  name = 'TraceContext1764900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of traceContextUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of traceContextDown) await queryRunner.query(statement);
  }
}
