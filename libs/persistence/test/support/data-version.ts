import type { DataSource } from 'typeorm';
import { CustomerRepository } from '../../src/lib/repositories/customer.repository';

/** A customer's data version (-1 when there is no such customer), and by how much a write moves it. */
export function dataVersions(dataSource: () => DataSource) {
  const versionOf = async (customerId: string): Promise<number> =>
    (await new CustomerRepository(dataSource()).findVersioned(customerId))?.dataVersion ?? -1;

  /** Runs `write` and says by how much it moved the customer's version. */
  async function bumpOf(customerId: string, write: () => Promise<unknown>): Promise<number> {
    const before = await versionOf(customerId);
    await write();
    return (await versionOf(customerId)) - before;
  }
  return { versionOf, bumpOf };
}
