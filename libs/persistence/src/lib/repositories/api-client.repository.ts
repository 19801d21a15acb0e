import { nowLocalDateTime, type ApiClient, type Id } from '@curbside/domain';
import { DataSource, IsNull } from 'typeorm';
import { inRead, inTransaction } from '../database';
import { ApiClientCustomerEntity, ApiClientEntity } from '../entities';
import { insertRows } from '../stores/rows';

export interface NewApiClient {
  clientId: string;
  name: string;
  secretHash: string;
  customers: 'all' | Id[];
}

export class ApiClientRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Registers a client with its grants; fails if the client id is taken. */
  create({ clientId, name, secretHash, customers }: NewApiClient): Promise<ApiClient> {
    return inTransaction(this.dataSource, async (manager) => {
      const row: ApiClientEntity = {
        clientId,
        name,
        secretHash,
        allCustomers: customers === 'all',
        createdAt: nowLocalDateTime(),
        revokedAt: null,
      };
      await manager.insert(ApiClientEntity, row);
      const grants = customers === 'all' ? [] : [...new Set(customers)];
      await insertRows(
        manager,
        ApiClientCustomerEntity,
        grants.map((customerId) => ({ clientId, customerId })),
      );
      return toApiClient(row, grants);
    });
  }

  async find(clientId: string): Promise<ApiClient | null> {
    return (await this.findCredentials(clientId))?.client ?? null;
  }

  /** The client and its secret hash, for checking a presented secret. */
  async findCredentials(clientId: string): Promise<{ client: ApiClient; secretHash: string } | null> {
    const [row, grants] = await inRead(this.dataSource, (manager) =>
      Promise.all([manager.findOneBy(ApiClientEntity, { clientId }), manager.findBy(ApiClientCustomerEntity, { clientId })]),
    );
    if (row === null) return null;
    return {
      client: toApiClient(
        row,
        grants.map((grant) => grant.customerId),
      ),
      secretHash: row.secretHash,
    };
  }

  /** Every client, oldest first. */
  async list(): Promise<ApiClient[]> {
    const [rows, grants] = await inRead(this.dataSource, (manager) =>
      Promise.all([manager.find(ApiClientEntity, { order: { createdAt: 'ASC', clientId: 'ASC' } }), manager.find(ApiClientCustomerEntity)]),
    );
    return rows.map((row) =>
      toApiClient(
        row,
        grants.filter((grant) => grant.clientId === row.clientId).map((grant) => grant.customerId),
      ),
    );
  }

  /** Revokes the client from now on; false when there is no such client. Revoking again keeps the first time. */
  revoke(clientId: string): Promise<boolean> {
    return inTransaction(this.dataSource, async (manager) => {
      await manager.update(ApiClientEntity, { clientId, revokedAt: IsNull() }, { revokedAt: nowLocalDateTime() });
      return manager.exists(ApiClientEntity, { where: { clientId } });
    });
  }
}

function toApiClient(row: ApiClientEntity, grantedCustomers: Id[]): ApiClient {
  const byNumber = (a: Id, b: Id) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return {
    clientId: row.clientId,
    name: row.name,
    customers: row.allCustomers ? 'all' : [...grantedCustomers].sort(byNumber),
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}
