import { nowLocalDateTime, type ApiClient, type Id } from '@curbside/domain';
import { DataSource, IsNull } from 'typeorm';
import { inRead, inTransaction, selectRaw } from '../database/index';
import { ApiClientCustomerEntity, ApiClientEntity, FeedLinkRevocationEntity } from '../entities';
import { toVersionedCustomer, type VersionedCustomer } from './customer.repository';
import { insertRows } from '../sql/insert-rows';

/**
 * A client with its grants narrowed to a customer, and that customer as a request resolves it (null: there is none;
 * left out where the driver reads it apart, for the caller to read when it needs it).
 */
export interface ClientWithCustomer {
  client: ApiClient;
  customer?: VersionedCustomer | null;
}

export interface NewApiClient {
  clientId: string;
  name: string;
  secretHash: string;
  customers: 'all' | Id[];
  /** May introspect tokens (CONTRACT §2); false when left out. */
  resourceServer?: boolean;
}

const CLIENT_WITH_GRANTS =
  'SELECT "c"."client_id" AS "clientId", "c"."name" AS "name", "c"."all_customers" AS "allCustomers", "c"."created_at" AS "createdAt", ' +
  '"c"."revoked_at" AS "revokedAt", "c"."resource_server" AS "resourceServer", "g"."customer_id" AS "customerId" FROM "api_clients" "c" ' +
  'LEFT JOIN "api_client_customers" "g" ON "g"."client_id" = "c"."client_id" WHERE "c"."client_id" = ?';

const CLIENT_FOR_CUSTOMER =
  'SELECT "c"."client_id" AS "clientId", "c"."name" AS "name", "c"."all_customers" AS "allCustomers", "c"."created_at" AS "createdAt", ' +
  '"c"."revoked_at" AS "revokedAt", "c"."resource_server" AS "resourceServer", EXISTS (SELECT 1 FROM "api_client_customers" "g" WHERE "g"."client_id" = "c"."client_id" AND "g"."customer_id" = ?) AS "granted" ' +
  'FROM "api_clients" "c" WHERE "c"."client_id" = ?';

/**
 * CLIENT_FOR_CUSTOMER with the customer's row beside it (null columns when there is no such
 * customer): a request under a customer reads its client, its grant and its customer in one
 * statement, each key's lookup by its primary key.
 */
const CLIENT_AND_CUSTOMER =
  'SELECT "c"."client_id" AS "clientId", "c"."name" AS "name", "c"."all_customers" AS "allCustomers", "c"."created_at" AS "createdAt", ' +
  '"c"."revoked_at" AS "revokedAt", "c"."resource_server" AS "resourceServer", EXISTS (SELECT 1 FROM "api_client_customers" "g" WHERE "g"."client_id" = "c"."client_id" AND "g"."customer_id" = ?) AS "granted", ' +
  '"k"."id" AS "customerId", "k"."currency" AS "currency", "k"."ivr_fee" AS "ivrFee", "k"."language" AS "language", "k"."data_version" AS "dataVersion" ' +
  'FROM "api_clients" "c" LEFT JOIN "customers" "k" ON "k"."id" = ? WHERE "c"."client_id" = ?';

/** A client's row as raw SQL answers it: SQLite answers booleans 0/1. */
interface RawClientRow extends Omit<ApiClientEntity, 'secretHash' | 'allCustomers' | 'resourceServer'> {
  allCustomers: boolean | number;
  resourceServer: boolean | number;
}

/** A row of CLIENT_FOR_CUSTOMER. */
interface ClientForCustomerRow extends RawClientRow {
  granted: boolean | number;
}

/** A row of CLIENT_AND_CUSTOMER: the customer's columns null when there is no such customer. */
interface ClientAndCustomerRow extends ClientForCustomerRow {
  customerId: string | null;
  currency: string | null;
  ivrFee: string | null;
  language: string | null;
  dataVersion: number | string | null;
}

/** A row of CLIENT_WITH_GRANTS: the client once per grant (customerId null when it has none). */
interface ClientWithGrantRow extends RawClientRow {
  customerId: string | null;
}

const isTrue = (value: boolean | number): boolean => value === true || value === 1;

/** A raw row with its booleans as booleans. */
const withBooleans = <Row extends RawClientRow>(row: Row): Omit<ApiClientEntity, 'secretHash'> => ({
  ...row,
  allCustomers: isTrue(row.allCustomers),
  resourceServer: isTrue(row.resourceServer),
});

export class ApiClientRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Registers a client with its grants; fails if the client id is taken. */
  create({ clientId, name, secretHash, customers, resourceServer = false }: NewApiClient): Promise<ApiClient> {
    return inTransaction(this.dataSource, async (manager) => {
      const row: ApiClientEntity = {
        clientId,
        name,
        secretHash,
        allCustomers: customers === 'all',
        createdAt: nowLocalDateTime(),
        revokedAt: null,
        resourceServer,
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

  /** The client and its grants in one statement: every authenticated request asks. */
  async find(clientId: string): Promise<ApiClient | null> {
    const rows = await selectRaw<ClientWithGrantRow>(this.dataSource, CLIENT_WITH_GRANTS, [clientId]);
    if (rows.length === 0) return null;
    return toApiClient(withBooleans(rows[0]), rows.flatMap((grant) => (grant.customerId === null ? [] : [grant.customerId])));
  }

  /**
   * The client with its grants narrowed to `customerId`: `customers` is `'all'`, `[customerId]` when
   * granted, else `[]`. What a request under one customer asks, in one lookup by key however many
   * customers the client is granted (`find` reads every grant).
   */
  async findForCustomer(clientId: string, customerId: Id | null): Promise<ApiClient | null> {
    const [row] = await selectRaw<ClientForCustomerRow>(this.dataSource, CLIENT_FOR_CUSTOMER, [customerId, clientId]);
    if (row === undefined) return null;
    const granted = customerId !== null && isTrue(row.granted);
    return toApiClient(withBooleans(row), granted ? [customerId] : []);
  }

  /**
   * `findForCustomer` and the customer with its data version (null when there is no such customer),
   * in one statement on PostgreSQL, where each statement is a round trip: what a request under a customer
   * reads before anything else. On SQLite a statement is a call into the library and the join cost more
   * than the two reads it replaced, so there the customer is left out, for the caller to read.
   */
  async findWithCustomer(clientId: string, customerId: Id): Promise<ClientWithCustomer | null> {
    if (this.dataSource.options.type !== 'postgres') {
      const client = await this.findForCustomer(clientId, customerId);
      return client === null ? null : { client };
    }
    const [row] = await selectRaw<ClientAndCustomerRow>(this.dataSource, CLIENT_AND_CUSTOMER, [customerId, customerId, clientId]);
    if (row === undefined) return null;
    const client = toApiClient(withBooleans(row), isTrue(row.granted) ? [customerId] : []);
    const { customerId: id, currency, ivrFee, language, dataVersion } = row;
    const customer = id === null ? null : toVersionedCustomer({ id, currency: currency as string, ivrFee, language, dataVersion: dataVersion as number });
    return { client, customer };
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

  /** Whether an operator revoked the calendar feed link `linkId` (`feeds revoke`). */
  async isFeedLinkRevoked(linkId: string): Promise<boolean> {
    // A lookup by key, not TypeORM's `exists` (a SELECT over a constant subquery, which the query-plan test sees as a scan).
    const found = await inRead(this.dataSource, (manager) => manager.findOne(FeedLinkRevocationEntity, { where: { linkId }, select: { linkId: true } }));
    return found !== null;
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

function toApiClient(row: Omit<ApiClientEntity, 'secretHash'>, grantedCustomers: Id[]): ApiClient {
  const byNumber = (a: Id, b: Id) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return {
    clientId: row.clientId,
    name: row.name,
    customers: row.allCustomers ? 'all' : [...grantedCustomers].sort(byNumber),
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
    resourceServer: row.resourceServer,
  };
}
