import { MigrationInterface, QueryRunner } from 'typeorm';
import { driverOf } from './dialect';

/**
 * The notes and the confirmed pickups in their lists' order, as `ListOrder1765200000000`
 * did for the other dated lists: `<date> DESC NULLS LAST, LENGTH(key) DESC, key DESC`
 * (`newestFirst` with `key` as the tie-break), read backwards, so a page, filtered by dates or not,
 * or after a cursor, is the index's next `limit + 1` entries.
 *
 * The notes' index replaces `(customer_id, created_at)`, which nothing else reads (a note is
 * otherwise found by its primary key). The pickups' is partial, on the confirmed ones only
 * (the very condition `PickupRepository.confirmed` sends, its statuses as literals: a partial index
 * serves a query only when the query's condition is the index's; `list-plans.spec.ts` fails should
 * they part): the newest pickups
 * are the planned ones, which a full index would make every page read and filter out by
 * `status IN (…)` before its first confirmed row; and a `status` column in the index would either
 * come before the date (each status a range of its own, the page a sort of them) or after it (a
 * filter all the same). `(customer_id, planned_date)` stays: the pickups by range and of a service on
 * a day (`PickupRepository.list`, `forServiceOn`) read every status through it.
 * SQLite sorts NULLs first and has no NULLS FIRST in an index; PostgreSQL sorts them last unless told
 * (both dates are NOT NULL; the index still matches the order's terms).
 */

/** The statuses `isConfirmed` held when this was written (a migration does not follow the code). */
const CONFIRMED_PICKUPS = `"status" IN ('Confirmed Positive', 'Confirmed Negative', 'Confirmed Incomplete')`;

const notesPickups = (nullsFirst: string) => [
  `CREATE INDEX "idx_notes_list_order" ON "notes" ("customer_id", "created_at"${nullsFirst}, LENGTH("key"), "key")`,
  `DROP INDEX "idx_notes_customer_id_created_at"`,
  `CREATE INDEX "idx_pickups_confirmed_list_order" ON "pickups" ("customer_id", "planned_date"${nullsFirst}, LENGTH("key"), "key") WHERE ${CONFIRMED_PICKUPS}`,
];

const byDate = [
  `CREATE INDEX "idx_notes_customer_id_created_at" ON "notes" ("customer_id", "created_at")`,
  `DROP INDEX "idx_notes_list_order"`,
  `DROP INDEX "idx_pickups_confirmed_list_order"`,
];

const notesPickupsListOrderUp = { postgres: notesPickups(' NULLS FIRST'), sqlite: notesPickups('') };

const notesPickupsListOrderDown = { postgres: byDate, sqlite: byDate };

/** The notes and the confirmed pickups indexed in their lists' order. */
export class NotesPickupsListOrder1765300000000 implements MigrationInterface {
  name = 'NotesPickupsListOrder1765300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of notesPickupsListOrderUp[driverOf(queryRunner)]) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of notesPickupsListOrderDown[driverOf(queryRunner)]) await queryRunner.query(statement);
  }
}
