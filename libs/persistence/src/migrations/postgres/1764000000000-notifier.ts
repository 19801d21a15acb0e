import { MigrationInterface, QueryRunner } from 'typeorm';
import { POSTGRES } from '../initial-schema.sql';
import { notifierSchemaDown, notifierSchemaUp } from '../notifier-schema.sql';

/** The notifier's deliveries and webhooks (the statements are shared with the other driver's migration). */
export class Notifier1764000000000 implements MigrationInterface {
  name = 'Notifier1764000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of notifierSchemaUp(POSTGRES)) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of notifierSchemaDown) await queryRunner.query(statement);
  }
}
