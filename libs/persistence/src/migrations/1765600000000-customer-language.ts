import { MigrationInterface, QueryRunner } from 'typeorm';

/** The language each customer reads (CONTRACT §11) and who set it last; one class, run by both drivers. */
const customerLanguageUp: string[] = [
  `ALTER TABLE "customers" ADD COLUMN "language" text`,
  `ALTER TABLE "customers" ADD COLUMN "language_modified_by" text`,
  `ALTER TABLE "customers" ADD COLUMN "language_modified_at" text`,
];

const customerLanguageDown: string[] = [
  `ALTER TABLE "customers" DROP COLUMN "language_modified_at"`,
  `ALTER TABLE "customers" DROP COLUMN "language_modified_by"`,
  `ALTER TABLE "customers" DROP COLUMN "language"`,
];

export class CustomerLanguage1765600000000 implements MigrationInterface {
  name = 'CustomerLanguage1765600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of customerLanguageUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of customerLanguageDown) await queryRunner.query(statement);
  }
}
