import { MigrationInterface, QueryRunner } from 'typeorm';
import { driverOf } from './dialect';

/**
 * Which clients may introspect tokens (CONTRACT §2): those an operator registered as resource
 * servers. Every client registered before is not one.
 */
// Each driver writes the default as TypeORM reads it back, so the drift test sees no change: SQLite stores
// booleans as 0 and 1.
const resourceServersUp = (driver: string): string[] => [
  `ALTER TABLE "api_clients" ADD COLUMN "resource_server" boolean NOT NULL DEFAULT ${driver === 'postgres' ? 'false' : '(0)'}`,
];

const resourceServersDown: string[] = [`ALTER TABLE "api_clients" DROP COLUMN "resource_server"`];

/** The same statements on both drivers (SQLite drops a column since 3.35): one migration class, run by both. */
export class ResourceServers1765400000000 implements MigrationInterface {
  name = 'ResourceServers1765400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of resourceServersUp(driverOf(queryRunner))) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of resourceServersDown) await queryRunner.query(statement);
  }
}
