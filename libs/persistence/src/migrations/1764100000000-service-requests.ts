import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Residents' requests (CONTRACT §9), for both drivers: the requests with their unique keys, the
 * stored answers of `Idempotency-Key`s, and an index on service ticket ids (a new ticket id must
 * be unique across customers).
 */
const serviceRequestsUp: string[] = [
  `CREATE TABLE "service_requests" (
    "customer_id" text NOT NULL,
    "ticket_id" text NOT NULL,
    "ticket_number" integer NOT NULL,
    "type" text NOT NULL,
    "service_id" text NOT NULL,
    "date" text NOT NULL,
    "request_key" text NOT NULL,
    CONSTRAINT "pk_service_requests" PRIMARY KEY ("customer_id", "ticket_id"),
    CONSTRAINT "fk_service_requests_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
  )`,
  `CREATE UNIQUE INDEX "idx_service_requests_customer_id_service_id_request_key" ON "service_requests" ("customer_id", "service_id", "request_key")`,
  `CREATE UNIQUE INDEX "idx_service_requests_ticket_number" ON "service_requests" ("ticket_number")`,
  `CREATE TABLE "idempotency_keys" (
    "client_id" text NOT NULL,
    "key" text NOT NULL,
    "fingerprint" text NOT NULL,
    "status" integer NOT NULL,
    "location" text,
    "body" text NOT NULL,
    "created_at" text NOT NULL,
    CONSTRAINT "pk_idempotency_keys" PRIMARY KEY ("client_id", "key"),
    CONSTRAINT "fk_idempotency_keys_api_clients" FOREIGN KEY ("client_id") REFERENCES "api_clients" ("client_id") ON DELETE CASCADE
  )`,
  `CREATE INDEX "idx_service_tickets_id" ON "service_tickets" ("id")`,
];

const serviceRequestsDown: string[] = [
  `DROP INDEX "idx_service_tickets_id"`,
  `DROP TABLE "idempotency_keys"`,
  `DROP TABLE "service_requests"`,
];

/** Residents' requests and idempotency keys (CONTRACT §9); one class, run by both drivers. */
export class ServiceRequests1764100000000 implements MigrationInterface {
  name = 'ServiceRequests1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of serviceRequestsUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of serviceRequestsDown) await queryRunner.query(statement);
  }
}
