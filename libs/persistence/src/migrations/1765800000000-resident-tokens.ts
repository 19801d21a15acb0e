import { MigrationInterface, QueryRunner } from 'typeorm';

/** A resident's page links and sessions, stored as hashes, and its request forms' keys (CONTRACT §12); one class, run by both drivers. */
const residentTokensUp: string[] = [
  `CREATE TABLE "resident_tokens" (
    "token_hash" text NOT NULL,
    "kind" text NOT NULL,
    "customer_id" text NOT NULL,
    "created_at" text NOT NULL,
    "expires_at" text NOT NULL,
    CONSTRAINT "pk_resident_tokens" PRIMARY KEY ("token_hash")
  )`,
  `CREATE INDEX "idx_resident_tokens_customer_id" ON "resident_tokens" ("customer_id")`,
  `CREATE TABLE "resident_form_keys" (
    "customer_id" text NOT NULL,
    "form_key" text NOT NULL,
    "ticket_id" text NOT NULL,
    "created_at" text NOT NULL,
    CONSTRAINT "pk_resident_form_keys" PRIMARY KEY ("customer_id", "form_key")
  )`,
];

const residentTokensDown: string[] = [`DROP TABLE "resident_form_keys"`, `DROP INDEX "idx_resident_tokens_customer_id"`, `DROP TABLE "resident_tokens"`];

export class ResidentTokens1765800000000 implements MigrationInterface {
  name = 'ResidentTokens1765800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of residentTokensUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of residentTokensDown) await queryRunner.query(statement);
  }
}
