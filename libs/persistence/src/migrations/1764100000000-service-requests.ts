import { MigrationInterface, QueryRunner } from 'typeorm';
import { serviceRequestsDown, serviceRequestsUp } from './service-requests.sql';

/** Residents' requests and idempotency keys (CONTRACT §9); one class, listed by both drivers. */
export class ServiceRequests1764100000000 implements MigrationInterface {
  name = 'ServiceRequests1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of serviceRequestsUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of serviceRequestsDown) await queryRunner.query(statement);
  }
}
