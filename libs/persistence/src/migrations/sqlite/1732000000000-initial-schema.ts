import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first schema (SQLite). Every record is keyed by (customer_id, id); child rows by their
 * parent's key plus a `position` that keeps their order. Ids, money, dates and datetimes are
 * text: see entities/columns.ts for why.
 */
export class InitialSchema1732000000000 implements MigrationInterface {
  name = 'InitialSchema1732000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "customers" (
        "id" text NOT NULL,
        "currency" text NOT NULL,
        CONSTRAINT "pk_customers" PRIMARY KEY ("id")
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "contacts" (
        "customer_id" text NOT NULL,
        "type" text NOT NULL,
        "position" integer NOT NULL,
        "name" text,
        "first_name" text,
        "middle_name" text,
        "last_name" text,
        "land_line" text,
        "work_phone" text,
        "mobile_phone" text,
        "fax" text,
        "email" text,
        "address_street" text,
        "address_city" text,
        "address_country" text,
        "address_province" text,
        "address_postal_code" text,
        "address_state" text,
        "address_zip" text,
        "address_zip4" text,
        "address_cleansed" boolean,
        CONSTRAINT "pk_contacts" PRIMARY KEY ("customer_id", "type"),
        CONSTRAINT "fk_contacts_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "preference_categories" (
        "customer_id" text NOT NULL,
        "category" text NOT NULL,
        "position" integer NOT NULL,
        "enabled" boolean NOT NULL,
        CONSTRAINT "pk_preference_categories" PRIMARY KEY ("customer_id", "category"),
        CONSTRAINT "fk_preference_categories_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "preference_channels" (
        "customer_id" text NOT NULL,
        "category" text NOT NULL,
        "channel" text NOT NULL,
        "position" integer NOT NULL,
        "opt_in" boolean NOT NULL,
        CONSTRAINT "pk_preference_channels" PRIMARY KEY ("customer_id", "category", "channel"),
        CONSTRAINT "fk_preference_channels_preference_categories" FOREIGN KEY ("customer_id", "category") REFERENCES "preference_categories" ("customer_id", "category") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "preference_selections" (
        "customer_id" text NOT NULL,
        "category" text NOT NULL,
        "channel" text NOT NULL,
        "type" text NOT NULL,
        "position" integer NOT NULL,
        "value" text NOT NULL,
        "opt_in" boolean NOT NULL,
        "created_by" text,
        "created_at" text,
        "modified_by" text,
        "modified_at" text,
        CONSTRAINT "pk_preference_selections" PRIMARY KEY ("customer_id", "category", "channel", "type"),
        CONSTRAINT "fk_preference_selections_preference_channels" FOREIGN KEY ("customer_id", "category", "channel") REFERENCES "preference_channels" ("customer_id", "category", "channel") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "preference_options" (
        "customer_id" text NOT NULL,
        "category" text NOT NULL,
        "channel" text NOT NULL,
        "position" integer NOT NULL,
        "type" text NOT NULL,
        "value" text NOT NULL,
        CONSTRAINT "pk_preference_options" PRIMARY KEY ("customer_id", "category", "channel", "position"),
        CONSTRAINT "fk_preference_options_preference_channels" FOREIGN KEY ("customer_id", "category", "channel") REFERENCES "preference_channels" ("customer_id", "category", "channel") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "services" (
        "customer_id" text NOT NULL,
        "id" text NOT NULL,
        "status" text NOT NULL,
        "line_of_business" text,
        "catalog_id" text,
        "catalog_name" text,
        "catalog_description" text,
        "material_id" text,
        "material_code" text,
        "material_name" text,
        "material_special_handling" boolean,
        "pricing_summary_pricing" boolean,
        "pricing_extended_cost_amount" text,
        "pricing_currency_code" text,
        "pricing_disposal_rate_type" text,
        "pricing_disposal_rate_amount" text,
        "pricing_uom" text,
        CONSTRAINT "pk_services" PRIMARY KEY ("customer_id", "id"),
        CONSTRAINT "fk_services_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "service_invoice_fees" (
        "customer_id" text NOT NULL,
        "service_id" text NOT NULL,
        "position" integer NOT NULL,
        "category" text,
        "category_description" text,
        "sub_category" text,
        "sub_category_code" text,
        "sub_category_description" text,
        "charge_excluded" text,
        "charge_modified_at_level" text,
        "standard_rate" text,
        "standard_percentage" text,
        "calculated_rate" text,
        "is_fixed_rate" text,
        "override_reason" text,
        "sales_employee_id" text,
        "modified_at" text,
        CONSTRAINT "pk_service_invoice_fees" PRIMARY KEY ("customer_id", "service_id", "position"),
        CONSTRAINT "fk_service_invoice_fees_services" FOREIGN KEY ("customer_id", "service_id") REFERENCES "services" ("customer_id", "id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "service_tickets" (
        "customer_id" text NOT NULL,
        "id" text NOT NULL,
        "status" text NOT NULL,
        "load_type" text,
        "load_description" text,
        "created_at" text NOT NULL,
        "created_by" text,
        "closed_at" text,
        "closed_by" text,
        "dispatched_at" text,
        "generated" boolean,
        "complaint" boolean,
        "comments" text,
        "completion_code" text,
        "completed_description" text,
        "requested_by" text,
        "logged_at" text,
        CONSTRAINT "pk_service_tickets" PRIMARY KEY ("customer_id", "id"),
        CONSTRAINT "fk_service_tickets_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "idx_service_tickets_customer_id_created_at" ON "service_tickets" ("customer_id", "created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "service_ticket_services" (
        "customer_id" text NOT NULL,
        "ticket_id" text NOT NULL,
        "position" integer NOT NULL,
        "code" text NOT NULL,
        "description" text,
        "quantity" text,
        "cost" text,
        "special_description" text,
        CONSTRAINT "pk_service_ticket_services" PRIMARY KEY ("customer_id", "ticket_id", "position"),
        CONSTRAINT "fk_service_ticket_services_service_tickets" FOREIGN KEY ("customer_id", "ticket_id") REFERENCES "service_tickets" ("customer_id", "id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "disposal_tickets" (
        "customer_id" text NOT NULL,
        "id" text NOT NULL,
        "hauling_ticket_id" text,
        "replace_ticket_id" text,
        "void_ticket_id" text,
        "time_in" text,
        "time_out" text,
        "status" text NOT NULL,
        "weight_gross" text,
        "weight_tare" text,
        "weight_net" text,
        "weight_uom" text,
        "weight_rounded_net" text,
        "weight_rounded_net_uom" text,
        "scale_in" text,
        "scale_out" text,
        "swipe_card_id" text,
        "volume" text,
        "material_subtotal" text,
        "surcharge" text,
        "tax" text,
        "amount" text,
        "currency" text,
        "carrier_id" text,
        "carrier_description" text,
        "site_id" text,
        "site_name" text,
        "destination" text,
        "route_id" text,
        "notes" text,
        "seal_number1" text,
        "seal_number2" text,
        "customer_name" text,
        "customer_business_name" text,
        "customer_street1" text,
        "customer_street2" text,
        "customer_city" text,
        "customer_state" text,
        "customer_country" text,
        "customer_zip" text,
        "customer_zip4" text,
        "created_by" text,
        "created_at" text,
        "modified_by" text,
        "modified_at" text,
        "vehicle_number" text,
        "vehicle_description" text,
        "vehicle_driver_name" text,
        CONSTRAINT "pk_disposal_tickets" PRIMARY KEY ("customer_id", "id"),
        CONSTRAINT "fk_disposal_tickets_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "idx_disposal_tickets_customer_id_modified_at" ON "disposal_tickets" ("customer_id", "modified_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "disposal_ticket_details" (
        "customer_id" text NOT NULL,
        "ticket_id" text NOT NULL,
        "position" integer NOT NULL,
        "sequence_number" text NOT NULL,
        "material_name" text,
        "surcharge_name" text,
        "description" text,
        "volume" text,
        "generator_name" text,
        "rounded_net_weight" text,
        "rounded_net_uom" text,
        "billed_quantity" text,
        "rate_per_unit" text,
        "rate_uom" text,
        "origin_id" text,
        "origin_description" text,
        "amount" text,
        "total_tax_amount" text,
        "total_amount" text,
        "purchase_order_number" text,
        "manifest_id" text,
        "container_id" text,
        "profile_id" text,
        "profile_description" text,
        CONSTRAINT "pk_disposal_ticket_details" PRIMARY KEY ("customer_id", "ticket_id", "position"),
        CONSTRAINT "fk_disposal_ticket_details_disposal_tickets" FOREIGN KEY ("customer_id", "ticket_id") REFERENCES "disposal_tickets" ("customer_id", "id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "disposal_ticket_taxes" (
        "customer_id" text NOT NULL,
        "ticket_id" text NOT NULL,
        "detail_position" integer NOT NULL,
        "position" integer NOT NULL,
        "sequence_number" text,
        "tax_id" text,
        "name" text,
        "description" text,
        "rate" text,
        "rate_uom" text,
        "amount" text,
        CONSTRAINT "pk_disposal_ticket_taxes" PRIMARY KEY ("customer_id", "ticket_id", "detail_position", "position"),
        CONSTRAINT "fk_disposal_ticket_taxes_disposal_ticket_details" FOREIGN KEY ("customer_id", "ticket_id", "detail_position") REFERENCES "disposal_ticket_details" ("customer_id", "ticket_id", "position") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "invoices" (
        "customer_id" text NOT NULL,
        "id" text NOT NULL,
        "date" text NOT NULL,
        "amount" text,
        "balance_amount" text,
        "payment_amount" text,
        "payment_date" text,
        "payment_reference_number" text,
        CONSTRAINT "pk_invoices" PRIMARY KEY ("customer_id", "id"),
        CONSTRAINT "fk_invoices_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "idx_invoices_customer_id_date" ON "invoices" ("customer_id", "date")`);
    await queryRunner.query(`
      CREATE TABLE "invoice_lines" (
        "customer_id" text NOT NULL,
        "invoice_id" text NOT NULL,
        "position" integer NOT NULL,
        "type" text NOT NULL,
        "date" text,
        "amount" text,
        "due_date" text,
        "period" text,
        "payment_amount" text,
        "payment_date" text,
        "payment_method" text,
        "payment_reference_number" text,
        CONSTRAINT "pk_invoice_lines" PRIMARY KEY ("customer_id", "invoice_id", "position"),
        CONSTRAINT "fk_invoice_lines_invoices" FOREIGN KEY ("customer_id", "invoice_id") REFERENCES "invoices" ("customer_id", "id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "balances" (
        "customer_id" text NOT NULL,
        "position" integer NOT NULL,
        "type" text NOT NULL,
        "date" text,
        "amount" text,
        CONSTRAINT "pk_balances" PRIMARY KEY ("customer_id", "position"),
        CONSTRAINT "fk_balances_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "cases" (
        "customer_id" text NOT NULL,
        "id" text NOT NULL,
        "description" text,
        "category" text,
        "category_description" text,
        "requested_at" text NOT NULL,
        "status" text NOT NULL,
        CONSTRAINT "pk_cases" PRIMARY KEY ("customer_id", "id"),
        CONSTRAINT "fk_cases_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "idx_cases_customer_id_requested_at" ON "cases" ("customer_id", "requested_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "email_activities" (
        "customer_id" text NOT NULL,
        "id" text NOT NULL,
        "user_id" text,
        "type_id" text,
        "type_description" text,
        "from_address" text,
        "to_address" text,
        "cc_address" text,
        "subject" text,
        "body" text,
        "sent_by" text,
        "send_status" text,
        "sent_at" text NOT NULL,
        "created_by" text,
        "created_at" text,
        "modified_by" text,
        "modified_at" text,
        CONSTRAINT "pk_email_activities" PRIMARY KEY ("customer_id", "id"),
        CONSTRAINT "fk_email_activities_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "idx_email_activities_customer_id_sent_at" ON "email_activities" ("customer_id", "sent_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "issue_activities" (
        "customer_id" text NOT NULL,
        "id" text NOT NULL,
        "user_id" text,
        "company" text,
        "first_name" text,
        "last_name" text,
        "email" text,
        "phone_number" text,
        "contact_method" text,
        "description" text,
        "submitted_at" text NOT NULL,
        "status" text,
        "csr_mailbox" text,
        "device_channel" text,
        "case_type_description" text,
        "case_type_code" text,
        "case_sub_type_description" text,
        "case_sub_type_code" text,
        "country" text,
        "billing_street_address" text,
        "billing_street_address2" text,
        "billing_city" text,
        "billing_state" text,
        "billing_zip_code" text,
        "service_street_address" text,
        "service_street_address2" text,
        "service_city" text,
        "service_state" text,
        "service_zip_code" text,
        "created_by" text,
        "created_at" text,
        "modified_by" text,
        "modified_at" text,
        CONSTRAINT "pk_issue_activities" PRIMARY KEY ("customer_id", "id"),
        CONSTRAINT "fk_issue_activities_customers" FOREIGN KEY ("customer_id") REFERENCES "customers" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "idx_issue_activities_customer_id_submitted_at" ON "issue_activities" ("customer_id", "submitted_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "api_clients" (
        "client_id" text NOT NULL,
        "name" text NOT NULL,
        "secret_hash" text NOT NULL,
        "all_customers" boolean NOT NULL,
        "created_at" text NOT NULL,
        "revoked_at" text,
        CONSTRAINT "pk_api_clients" PRIMARY KEY ("client_id")
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "api_client_customers" (
        "client_id" text NOT NULL,
        "customer_id" text NOT NULL,
        CONSTRAINT "pk_api_client_customers" PRIMARY KEY ("client_id", "customer_id"),
        CONSTRAINT "fk_api_client_customers_api_clients" FOREIGN KEY ("client_id") REFERENCES "api_clients" ("client_id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "signing_keys" (
        "purpose" text NOT NULL,
        "kid" text NOT NULL,
        "secret" text NOT NULL,
        "created_at" text NOT NULL,
        CONSTRAINT "pk_signing_keys" PRIMARY KEY ("purpose")
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "events" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "customer_id" text NOT NULL,
        "type" text NOT NULL,
        "payload" text NOT NULL,
        "state" text NOT NULL,
        "attempts" integer NOT NULL,
        "created_at" text NOT NULL,
        "next_attempt_at" text NOT NULL,
        "last_error" text,
        "claimed_by" text,
        "claimed_until" text
      )
    `);
    await queryRunner.query(`CREATE INDEX "idx_events_state_next_attempt_at" ON "events" ("state", "next_attempt_at")`);
    await queryRunner.query(`CREATE INDEX "idx_events_customer_id_id" ON "events" ("customer_id", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`DROP TABLE "signing_keys"`);
    await queryRunner.query(`DROP TABLE "api_client_customers"`);
    await queryRunner.query(`DROP TABLE "api_clients"`);
    await queryRunner.query(`DROP TABLE "issue_activities"`);
    await queryRunner.query(`DROP TABLE "email_activities"`);
    await queryRunner.query(`DROP TABLE "cases"`);
    await queryRunner.query(`DROP TABLE "balances"`);
    await queryRunner.query(`DROP TABLE "invoice_lines"`);
    await queryRunner.query(`DROP TABLE "invoices"`);
    await queryRunner.query(`DROP TABLE "disposal_ticket_taxes"`);
    await queryRunner.query(`DROP TABLE "disposal_ticket_details"`);
    await queryRunner.query(`DROP TABLE "disposal_tickets"`);
    await queryRunner.query(`DROP TABLE "service_ticket_services"`);
    await queryRunner.query(`DROP TABLE "service_tickets"`);
    await queryRunner.query(`DROP TABLE "service_invoice_fees"`);
    await queryRunner.query(`DROP TABLE "services"`);
    await queryRunner.query(`DROP TABLE "preference_options"`);
    await queryRunner.query(`DROP TABLE "preference_selections"`);
    await queryRunner.query(`DROP TABLE "preference_channels"`);
    await queryRunner.query(`DROP TABLE "preference_categories"`);
    await queryRunner.query(`DROP TABLE "contacts"`);
    await queryRunner.query(`DROP TABLE "customers"`);
  }
}
