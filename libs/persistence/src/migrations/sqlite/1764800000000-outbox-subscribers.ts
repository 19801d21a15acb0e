import { MigrationInterface, QueryRunner } from 'typeorm';
import { SQLITE } from '../initial-schema.sql';
import { outboxSubscribersDown, outboxSubscribersUp } from '../outbox-subscribers.sql';

/** The outbox subscribers' cursors (SQLite). */
export class OutboxSubscribers1764800000000 implements MigrationInterface {
  name = 'OutboxSubscribers1764800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of outboxSubscribersUp(SQLITE)) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of outboxSubscribersDown) await queryRunner.query(statement);
  }
}
