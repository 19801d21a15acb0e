/**
 * One data version per customer, for both drivers: every write of what a customer's GETs show
 * bumps it in the write's own transaction, so ETags, 304s and cached bodies can key on it.
 */
export const dataVersionUp: string[] = [`ALTER TABLE "customers" ADD COLUMN "data_version" integer NOT NULL DEFAULT 0`];

export const dataVersionDown: string[] = [`ALTER TABLE "customers" DROP COLUMN "data_version"`];
