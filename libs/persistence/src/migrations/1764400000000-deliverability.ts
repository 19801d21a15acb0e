import { MigrationInterface, QueryRunner } from 'typeorm';
import { deliverabilityDown, deliverabilityUp } from './deliverability.sql';

/** The suppression list and the deliveries' List-Unsubscribe (CONTRACT §10); one class, listed by both drivers. */
export class Deliverability1764400000000 implements MigrationInterface {
  name = 'Deliverability1764400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of deliverabilityUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of deliverabilityDown) await queryRunner.query(statement);
  }
}
