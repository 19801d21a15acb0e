import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §10, for both drivers: the suppression list (addresses that bounced for good, by
 * their lower-case form) and each email delivery's List-Unsubscribe link.
 */
const deliverabilityUp: string[] = [
  `CREATE TABLE "suppressions" (
    "address" text NOT NULL,
    "reason" text NOT NULL,
    "delivery_id" integer,
    "created_at" text NOT NULL,
    CONSTRAINT "pk_suppressions" PRIMARY KEY ("address")
  )`,
  `ALTER TABLE "deliveries" ADD COLUMN "list_unsubscribe" text`,
];

const deliverabilityDown: string[] = [`ALTER TABLE "deliveries" DROP COLUMN "list_unsubscribe"`, `DROP TABLE "suppressions"`];

/** The suppression list and the deliveries' List-Unsubscribe (CONTRACT §10); one class, run by both drivers. */
export class Deliverability1764400000000 implements MigrationInterface {
  name = 'Deliverability1764400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of deliverabilityUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of deliverabilityDown) await queryRunner.query(statement);
  }
}
