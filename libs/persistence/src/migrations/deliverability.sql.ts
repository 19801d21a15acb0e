/**
 * CONTRACT §10, for both drivers: the suppression list (addresses that bounced for good, by
 * their lower-case form) and each email delivery's List-Unsubscribe link.
 */
export const deliverabilityUp: string[] = [
  `CREATE TABLE "suppressions" (
    "address" text NOT NULL,
    "reason" text NOT NULL,
    "delivery_id" integer,
    "created_at" text NOT NULL,
    CONSTRAINT "pk_suppressions" PRIMARY KEY ("address")
  )`,
  `ALTER TABLE "deliveries" ADD COLUMN "list_unsubscribe" text`,
];

export const deliverabilityDown: string[] = [`ALTER TABLE "deliveries" DROP COLUMN "list_unsubscribe"`, `DROP TABLE "suppressions"`];
