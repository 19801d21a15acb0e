import { MigrationInterface, QueryRunner } from 'typeorm';
import { notesPickupsListOrderDown, notesPickupsListOrderUp } from '../notes-pickups-list-order.sql';

/** The notes and the confirmed pickups indexed in their lists' order. */
export class NotesPickupsListOrder1765300000000 implements MigrationInterface {
  name = 'NotesPickupsListOrder1765300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of notesPickupsListOrderUp.sqlite) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of notesPickupsListOrderDown.sqlite) await queryRunner.query(statement);
  }
}
