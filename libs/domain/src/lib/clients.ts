import type { Id, LocalDateTime } from './values';

/** A registered API caller (OAuth 2.0 client credentials). */
export interface ApiClient {
  clientId: string;
  name: string;
  /** `'all'`, or the customers this client may read and change. */
  customers: 'all' | Id[];
  createdAt: LocalDateTime;
  revokedAt: LocalDateTime | null;
  /** An operator registered it as a resource server: it may introspect tokens (CONTRACT §2). */
  resourceServer: boolean;
}

/** The customers a client may reach: `'all'`, or the ids granted to it. */
export type CustomerGrants = ApiClient['customers'];

/** Whether `grants` reach `customerId` (CONTRACT §2): the one rule, whoever holds the grants. */
export const grantsCustomer = (grants: CustomerGrants, customerId: Id): boolean => grants === 'all' || grants.includes(customerId);

export const canAccessCustomer = (client: ApiClient, customerId: Id): boolean =>
  client.revokedAt === null && grantsCustomer(client.customers, customerId);
