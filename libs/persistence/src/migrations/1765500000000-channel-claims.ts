import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each channel of a notifier claims its own deliveries (`ORDER BY "id" LIMIT n` among one
 * channel's pending rows): this index takes a text's claim straight to the pending texts, past
 * however many emails a stalled mail server keeps pending. One class, run by both drivers.
 */
const channelClaimsUp: string[] = [`CREATE INDEX "idx_deliveries_pending_channel_id" ON "deliveries" ("channel", "id") WHERE "state" = 'pending'`];

const channelClaimsDown: string[] = [`DROP INDEX "idx_deliveries_pending_channel_id"`];

export class ChannelClaims1765500000000 implements MigrationInterface {
  name = 'ChannelClaims1765500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of channelClaimsUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of channelClaimsDown) await queryRunner.query(statement);
  }
}
