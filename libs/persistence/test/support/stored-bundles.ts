import type { CustomerBundle } from '@curbside/domain';
import type { DataSource } from 'typeorm';
import { inTransaction } from '../../src/lib/database/index';
import { customerImportStore as store } from '../../src/lib/stores/customer-import.store';

/**
 * Stores customers with their records, each in a transaction of its own (a stored customer keeps
 * what it has and gets the records added): the fixture of the suites that need customers to read
 * and write (persistence's, the notifications lib's). It saves what it is given and decides
 * nothing (no events, no replacing): an import, which does, is the application's use case
 * (`CustomerImport`, LoadImportFile), tested there.
 */
export async function storeBundles(dataSource: DataSource, ...bundles: CustomerBundle[]): Promise<void> {
  for (const bundle of bundles) {
    await inTransaction(dataSource, async (manager) => {
      const known = (await store.known(manager, [bundle.customer.id])).has(bundle.customer.id);
      if (!known) await store.insert(manager, [bundle.customer]);
      for (const kind of store.kinds()) await store.save(manager, kind, bundle.customer.id, [], bundle[kind], !known);
    });
  }
}
