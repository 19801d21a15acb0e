import { MigrationInterface, QueryRunner } from 'typeorm';
import { noticesSchemaDown, noticesSchemaUp } from './notices-schema.sql';

/** The notices' key on events, the daily run's lease and the route alerts; one class, listed by both drivers. */
export class Notices1764200000000 implements MigrationInterface {
  name = 'Notices1764200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of noticesSchemaUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of noticesSchemaDown) await queryRunner.query(statement);
  }
}
