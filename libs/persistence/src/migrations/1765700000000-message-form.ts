import { MigrationInterface, QueryRunner } from 'typeorm';

/** What each customer's message was written as (CONTRACT §11): its language, and a text's encoding and segments; one class, run by both drivers. */
const messageFormUp: string[] = [
  `ALTER TABLE "deliveries" ADD COLUMN "language" text`,
  `ALTER TABLE "deliveries" ADD COLUMN "encoding" text`,
  `ALTER TABLE "deliveries" ADD COLUMN "segments" integer`,
];

const messageFormDown: string[] = [
  `ALTER TABLE "deliveries" DROP COLUMN "segments"`,
  `ALTER TABLE "deliveries" DROP COLUMN "encoding"`,
  `ALTER TABLE "deliveries" DROP COLUMN "language"`,
];

export class MessageForm1765700000000 implements MigrationInterface {
  name = 'MessageForm1765700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of messageFormUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of messageFormDown) await queryRunner.query(statement);
  }
}
