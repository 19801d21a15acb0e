import { MigrationInterface, QueryRunner } from 'typeorm';
import { pendingClaimsDown, pendingClaimsUp } from '../pending-claims.sql';

/** The pending rows of the outbox and the deliveries in id order, for the claims; shared with the other driver. */
export class PendingClaims1764600000000 implements MigrationInterface {
  name = 'PendingClaims1764600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of pendingClaimsUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of pendingClaimsDown) await queryRunner.query(statement);
  }
}
