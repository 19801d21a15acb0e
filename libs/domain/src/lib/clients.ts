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

export const canAccessCustomer = (client: ApiClient, customerId: Id): boolean =>
  client.revokedAt === null && (client.customers === 'all' || client.customers.includes(customerId));
