import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The records of the published operations (CONTRACT §6), for both drivers: service names,
 * equipment, schedules and routes; case details; the customer's IVR fee; pickups with their ETA,
 * portal profiles, account notes and the company's holiday calendar. Every added column is
 * nullable, so existing rows need nothing.
 */

const addColumns = (table: string, columns: string[]): string[] =>
  columns.map((column) => `ALTER TABLE "${table}" ADD COLUMN ${column}`);

const dropColumns = (table: string, columns: string[]): string[] =>
  columns.map((column) => `ALTER TABLE "${table}" DROP COLUMN "${column.split('"')[1]}"`);

const CUSTOMER_COLUMNS = ['"ivr_fee" text'];

const SERVICE_COLUMNS = [
  '"name" text',
  '"occurs" text',
  '"taxable" text',
  '"type_code" text',
  '"catalog_sub_category" text',
  '"catalog_category" text',
  '"material_manifest" boolean',
  '"equipment_id" text',
  '"equipment_name" text',
  '"equipment_size" text',
  '"equipment_size_uom" text',
  '"equipment_quantity" text',
  '"schedule_days" text',
  '"schedule_every_weeks" integer',
  '"schedule_starts_on" text',
];

const CASE_COLUMNS = [
  '"sub_category" text',
  '"sub_category_description" text',
  '"due_at" text',
  '"assigned_role" text',
  '"assigned_to" text',
  '"status_reason_code" text',
  '"status_reason_description" text',
  '"source" text',
  '"adjustment_total_amount" text',
  '"requestor_name" text',
  '"requestor_phone" text',
  '"requestor_email" text',
];

const publishedOperationsUp: string[] = [
  ...addColumns('customers', CUSTOMER_COLUMNS),
  ...addColumns('services', SERVICE_COLUMNS),
  ...addColumns('cases', CASE_COLUMNS),
  `CREATE TABLE "service_operations" (
    "customer_id" text NOT NULL,
    "service_id" text NOT NULL,
    "position" integer NOT NULL,
    "route_id" text,
    "day_of_week" text,
    "notes" text,
    CONSTRAINT "pk_service_operations" PRIMARY KEY ("customer_id", "service_id", "position"),
    CONSTRAINT "fk_service_operations_services" FOREIGN KEY ("customer_id", "service_id") REFERENCES "services" ("customer_id", "id") ON DELETE CASCADE
  )`,
  `CREATE TABLE "case_notes" (
    "customer_id" text NOT NULL,
    "case_id" text NOT NULL,
    "position" integer NOT NULL,
    "comment" text,
    CONSTRAINT "pk_case_notes" PRIMARY KEY ("customer_id", "case_id", "position"),
    CONSTRAINT "fk_case_notes_cases" FOREIGN KEY ("customer_id", "case_id") REFERENCES "cases" ("customer_id", "id") ON DELETE CASCADE
  )`,
  `CREATE TABLE "case_adjustments" (
    "customer_id" text NOT NULL,
    "case_id" text NOT NULL,
    "position" integer NOT NULL,
    "description" text,
    "amount" text,
    "at" text,
    CONSTRAINT "pk_case_adjustments" PRIMARY KEY ("customer_id", "case_id", "position"),
    CONSTRAINT "fk_case_adjustments_cases" FOREIGN KEY ("customer_id", "case_id") REFERENCES "cases" ("customer_id", "id") ON DELETE CASCADE
  )`,
  `CREATE TABLE "pickups" (
    "customer_id" text NOT NULL,
    "key" text NOT NULL,
    "service_id" text NOT NULL,
    "status" text NOT NULL,
    "ticket_number" text,
    "planned_date" text NOT NULL,
    "ordered_date" text,
    "ticket_type" text,
    "ticket_load_type" text,
    "line_of_business" text,
    "exception_reason_code" text,
    "exception_class" text,
    "service_time" text,
    "route_id" text,
    "route_order_number" text,
    "has_eta" boolean,
    "eta_from" text,
    "eta_to" text,
    "eta_reason_code" text,
    "eta_reason_text" text,
    "eta_serviced_at" text,
    "eta_route_id" text,
    CONSTRAINT "pk_pickups" PRIMARY KEY ("customer_id", "key"),
    CONSTRAINT "fk_pickups_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
  )`,
  `CREATE INDEX "idx_pickups_customer_id_planned_date" ON "pickups" ("customer_id", "planned_date")`,
  `CREATE TABLE "profiles" (
    "customer_id" text NOT NULL,
    "id" text NOT NULL,
    "paperless_invoice" boolean,
    "auto_pay" boolean,
    "logon_status" boolean,
    "first_name" text,
    "last_name" text,
    "email" text,
    "last_login_date" text,
    CONSTRAINT "pk_profiles" PRIMARY KEY ("customer_id", "id"),
    CONSTRAINT "fk_profiles_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
  )`,
  `CREATE TABLE "notes" (
    "customer_id" text NOT NULL,
    "key" text NOT NULL,
    "comment" text,
    "created_at" text NOT NULL,
    "audit_created_at" text,
    "audit_created_by" text,
    CONSTRAINT "pk_notes" PRIMARY KEY ("customer_id", "key"),
    CONSTRAINT "fk_notes_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
  )`,
  `CREATE INDEX "idx_notes_customer_id_created_at" ON "notes" ("customer_id", "created_at")`,
  `CREATE TABLE "holidays" (
    "date" text NOT NULL,
    "name" text NOT NULL,
    "delay_days" integer NOT NULL,
    CONSTRAINT "pk_holidays" PRIMARY KEY ("date")
  )`,
];

const publishedOperationsDown: string[] = [
  `DROP TABLE "holidays"`,
  `DROP TABLE "notes"`,
  `DROP TABLE "profiles"`,
  `DROP TABLE "pickups"`,
  `DROP TABLE "case_adjustments"`,
  `DROP TABLE "case_notes"`,
  `DROP TABLE "service_operations"`,
  ...dropColumns('cases', CASE_COLUMNS),
  ...dropColumns('services', SERVICE_COLUMNS),
  ...dropColumns('customers', CUSTOMER_COLUMNS),
];

/** The records of the published operations (CONTRACT §6), on both drivers. */
export class PublishedOperations1763900000000 implements MigrationInterface {
  name = 'PublishedOperations1763900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of publishedOperationsUp) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of publishedOperationsDown) await queryRunner.query(statement);
  }
}
