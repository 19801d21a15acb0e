import { MigrationInterface, QueryRunner } from 'typeorm';
import { publishedOperationsDown, publishedOperationsUp } from '../published-operations.sql';

/** The records of the published operations (CONTRACT §6) on PostgreSQL; the statements are shared with the other driver. */
export class PublishedOperations1763900000000 implements MigrationInterface {
  name = 'PublishedOperations1763900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of publishedOperationsUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of publishedOperationsDown) await queryRunner.query(statement);
  }
}
