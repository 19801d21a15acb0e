import { MigrationInterface, QueryRunner } from 'typeorm';
import { dataVersionDown, dataVersionUp } from './data-version.sql';

/** The customers' data version (ARCHITECTURE: one data version per customer); one class, listed by both drivers. */
export class DataVersion1764300000000 implements MigrationInterface {
  name = 'DataVersion1764300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of dataVersionUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of dataVersionDown) await queryRunner.query(statement);
  }
}
