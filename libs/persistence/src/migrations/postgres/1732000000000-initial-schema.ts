import { MigrationInterface, QueryRunner } from 'typeorm';
import { initialSchemaDown, initialSchemaUp, POSTGRES } from '../initial-schema.sql';

/** The first schema on PostgreSQL (the statements are shared with the other driver's migration). */
export class InitialSchema1732000000000 implements MigrationInterface {
  name = 'InitialSchema1732000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of initialSchemaUp(POSTGRES)) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of initialSchemaDown) await queryRunner.query(statement);
  }
}
