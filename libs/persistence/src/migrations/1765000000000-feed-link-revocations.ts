import { MigrationInterface, QueryRunner } from 'typeorm';

/** The calendar feed links an operator revoked, one row a link; one class, run by both drivers. */
const feedLinkRevocationsUp: string[] = [
  `CREATE TABLE "feed_link_revocations" (
    "link_id" text NOT NULL,
    "client_id" text NOT NULL,
    "customer_id" text NOT NULL,
    "revoked_at" text NOT NULL,
    CONSTRAINT "pk_feed_link_revocations" PRIMARY KEY ("link_id")
  )`,
];

const feedLinkRevocationsDown: string[] = [`DROP TABLE "feed_link_revocations"`];

export class FeedLinkRevocations1765000000000 implements MigrationInterface {
  name = 'FeedLinkRevocations1765000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of feedLinkRevocationsUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of feedLinkRevocationsDown) await queryRunner.query(statement);
  }
}
