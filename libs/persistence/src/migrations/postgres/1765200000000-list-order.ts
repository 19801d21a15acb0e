import { MigrationInterface, QueryRunner } from 'typeorm';
import { listOrderDown, listOrderUp } from '../list-order.sql';

/** The disposal tickets, invoices, cases, email and issue activities indexed in their lists' order. */
export class ListOrder1765200000000 implements MigrationInterface {
  name = 'ListOrder1765200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of listOrderUp.postgres) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of listOrderDown.postgres) await queryRunner.query(statement);
  }
}
