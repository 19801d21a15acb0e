import { MigrationInterface, QueryRunner } from 'typeorm';
import { ticketListOrderDown, ticketListOrderUp } from '../ticket-list-order.sql';

/** The service tickets indexed in their list's order. */
export class TicketListOrder1765100000000 implements MigrationInterface {
  name = 'TicketListOrder1765100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of ticketListOrderUp.postgres) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of ticketListOrderDown.postgres) await queryRunner.query(statement);
  }
}
