import { MigrationInterface, QueryRunner } from 'typeorm';
import { renderedAtSendDown, renderedAtSendUp } from '../rendered-at-send.sql';

/** Messages rendered when sent: a delivery's body may be null (CONTRACT §5). */
export class RenderedAtSend1764500000000 implements MigrationInterface {
  name = 'RenderedAtSend1764500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of renderedAtSendUp.sqlite) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of renderedAtSendDown.sqlite) await queryRunner.query(statement);
  }
}
