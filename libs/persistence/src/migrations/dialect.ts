import type { QueryRunner } from 'typeorm';

/*
 * What differs between the drivers' DDL. A migration is one class, run by both drivers: where its statements differ,
 * it asks which driver runs it (`driverOf`), or writes the difference through the driver's `Dialect`.
 */

export interface Dialect {
  /** The `events.id` column. */
  serialId: string;
  /** What closes the `events` columns: PostgreSQL names its primary key as a constraint. */
  serialPrimaryKey: string;
}

const SQLITE: Dialect = { serialId: '"id" integer PRIMARY KEY AUTOINCREMENT NOT NULL', serialPrimaryKey: '' };
const POSTGRES: Dialect = { serialId: '"id" SERIAL NOT NULL', serialPrimaryKey: ',\n  CONSTRAINT "pk_events" PRIMARY KEY ("id")' };

/** The driver a migration runs on: the key of its statements where they differ. */
export const driverOf = (queryRunner: QueryRunner): 'postgres' | 'sqlite' => (queryRunner.connection.options.type === 'postgres' ? 'postgres' : 'sqlite');

/** The driver's way of declaring what the statements cannot share. */
export const dialectOf = (queryRunner: QueryRunner): Dialect => (driverOf(queryRunner) === 'postgres' ? POSTGRES : SQLITE);
