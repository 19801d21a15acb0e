import { Injectable } from '@nestjs/common';
import { ApiClient, Id, ID_PATTERN } from '@curbside/domain';
import { ApiClientRepository, type ClientWithCustomer } from '@curbside/persistence';
import { hashSecret, newClientId, newClientSecret, verifySecret } from './secrets';

/** A just-registered client; the only time its secret is ever visible. */
export interface NewClient {
  clientId: string;
  clientSecret: string;
  customers: 'all' | Id[];
  resourceServer: boolean;
}

/** Registers, authenticates, lists and revokes API clients. */
@Injectable()
export class ClientService {
  /** Verified against when the client is unknown, so unknown and known ids take about as long. */
  private readonly decoyHash = hashSecret(newClientSecret());

  constructor(private readonly clients: ApiClientRepository) {}

  /** `resourceServer`: the client may introspect tokens (CONTRACT §2). */
  async create(name: string, customers: 'all' | Id[], resourceServer = false): Promise<NewClient> {
    if (name.trim() === '') throw new Error('A client needs a name.');
    const invalid = customers === 'all' ? [] : customers.filter((id) => !ID_PATTERN.test(id));
    if (invalid.length > 0) throw new Error(`Customer ids must be 1 to 18 digits: ${invalid.join(', ')}`);
    const granted = customers === 'all' ? 'all' : [...new Set(customers)];
    const clientId = newClientId();
    const clientSecret = newClientSecret();
    await this.clients.create({ clientId, name: name.trim(), secretHash: await hashSecret(clientSecret), customers: granted, resourceServer });
    return { clientId, clientSecret, customers: granted, resourceServer };
  }

  /** The client when the secret is right and the client is not revoked; otherwise null. */
  async authenticate(clientId: string, secret: string): Promise<ApiClient | null> {
    const credentials = await this.clients.findCredentials(clientId);
    const matches = await verifySecret(secret, credentials?.secretHash ?? (await this.decoyHash));
    if (!matches || credentials === null || credentials.client.revokedAt !== null) return null;
    return credentials.client;
  }

  find(clientId: string): Promise<ApiClient | null> {
    return this.clients.find(clientId);
  }

  /** The client with its grants narrowed to `customerId` (`'all'`, `[customerId]` or `[]`): one lookup by key, however many it has. */
  findForCustomer(clientId: string, customerId: Id | null): Promise<ApiClient | null> {
    return this.clients.findForCustomer(clientId, customerId);
  }

  /** `findForCustomer` and the customer with its data version (null when there is none; left out where the driver reads it apart): what a request under a customer reads first. */
  findWithCustomer(clientId: string, customerId: Id): Promise<ClientWithCustomer | null> {
    return this.clients.findWithCustomer(clientId, customerId);
  }

  list(): Promise<ApiClient[]> {
    return this.clients.list();
  }

  /** False when there is no such client. Its tokens stop working at once. */
  revoke(clientId: string): Promise<boolean> {
    return this.clients.revoke(clientId);
  }
}
