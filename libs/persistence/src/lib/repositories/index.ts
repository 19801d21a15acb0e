import { ApiClientRepository } from './api-client.repository';
import { CustomerRepository } from './customer.repository';
import { EventRepository } from './event.repository';
import { SigningKeyRepository } from './signing-key.repository';

export { ApiClientRepository, type NewApiClient } from './api-client.repository';
export { CustomerRepository, type BundleResource, type ImportCount, type ImportSummary } from './customer.repository';
export { EventRepository } from './event.repository';
export { SigningKeyRepository, type SigningKey } from './signing-key.repository';

/** Every repository: plain classes constructed with the DataSource. */
export const REPOSITORIES = [CustomerRepository, ApiClientRepository, SigningKeyRepository, EventRepository];
