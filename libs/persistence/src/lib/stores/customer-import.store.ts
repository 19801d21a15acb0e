import type { BundleResource, Customer, Id } from '@curbside/domain';
import { DataSource, EntityManager, In } from 'typeorm';
import { inTransaction, relaxedCommit } from '../database/index';
import { CustomerEntity } from '../entities';
import { type Resource, RESOURCES, resources } from './resources';
import { chunk, KEYS_PER_QUERY } from '../sql/chunk';
import { insertRows } from '../sql/insert-rows';
import { bumpedDataVersion } from './data-version.store';

/*
 * The loads and saves of an import (CONTRACT §3), in the unit of work its use case opens
 * (`importTransaction`). What they load and save is the use case's to decide (LoadImportFile,
 * with the domain's `importListChange`): nothing here chooses a record or an event.
 */

/** The import's unit of work: one transaction, its commit not waited on for durability on PostgreSQL (an import is run again after a crash). */
export function importTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return inTransaction(dataSource, async (manager) => {
    await relaxedCommit(manager);
    return work(manager);
  });
}

const resource = (kind: BundleResource) => RESOURCES[kind] as Resource<unknown>;

export const customerImportStore = {
  /** The kinds of customer record, in the order an import writes them (a known customer's events come out in it). */
  kinds: (): BundleResource[] => resources().map(([kind]) => kind),

  /** What identifies a record of `kind` within its customer. */
  key: (kind: BundleResource): ((record: unknown) => string) => resource(kind).key,

  /** Which of `ids` are stored customers. */
  async known(manager: EntityManager, ids: readonly Id[]): Promise<Set<Id>> {
    const known = new Set<Id>();
    for (const part of chunk(ids, KEYS_PER_QUERY)) {
      for (const { id } of await manager.find(CustomerEntity, { select: { id: true }, where: { id: In(part) } })) known.add(id);
    }
    return known;
  },

  /** Stores new customers (data version 1). */
  async insert(manager: EntityManager, customers: readonly Customer[]): Promise<void> {
    await insertRows(
      manager,
      CustomerEntity,
      customers.map(({ id, currency, ivrFee, language }): CustomerEntity => ({ id, currency, ivrFee, language: language ?? null, languageModifiedBy: null, languageModifiedAt: null, dataVersion: 1 })),
    );
  },

  /**
   * Saves a stored customer's currency, IVR fee and language (when the file names one: else the
   * stored one stays) and bumps its data version (its records are about to change); false when it
   * is not stored.
   */
  async update(manager: EntityManager, { id, currency, ivrFee, language }: Customer): Promise<boolean> {
    const { affected } = await manager.update(CustomerEntity, { id }, { currency, ivrFee, ...(language === undefined ? {} : { language }), dataVersion: bumpedDataVersion });
    return affected === 1;
  },

  /** The customer's stored records of `kind` that an import of `records` may replace (`Resource.loadStored`). */
  loadStored: (manager: EntityManager, kind: BundleResource, customerId: Id, records: readonly unknown[], customerIsNew: boolean): Promise<unknown[]> =>
    resource(kind).loadStored(manager, customerId, records, customerIsNew),

  /** Deletes the customer's stored records of `kind` whose keys are `goes` and writes `records` (`Resource.save`). */
  save: (manager: EntityManager, kind: BundleResource, customerId: Id, goes: readonly string[], records: readonly unknown[], customerIsNew: boolean): Promise<void> =>
    resource(kind).save(manager, customerId, goes, records, customerIsNew),
};
