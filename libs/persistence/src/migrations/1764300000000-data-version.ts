import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One data version per customer, for both drivers: every write of what a customer's GETs show
 * bumps it in the write's own transaction, so ETags, 304s and cached bodies can key on it.
 */
const dataVersionUp: string[] = [`ALTER TABLE "customers" ADD COLUMN "data_version" integer NOT NULL DEFAULT 0`];

const dataVersionDown: string[] = [`ALTER TABLE "customers" DROP COLUMN "data_version"`];

/** The customers' data version (ARCHITECTURE: one data version per customer); one class, run by both drivers. */
export class DataVersion1764300000000 implements MigrationInterface {
  name = 'DataVersion1764300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of dataVersionUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of dataVersionDown) await queryRunner.query(statement);
  }
}
