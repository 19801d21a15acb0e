import type { EventType, Id, Webhook, WebhookWithSecret } from '@curbside/domain';
import { DataSource } from 'typeorm';
import { inRead, inTransaction } from '../database';
import { ApiClientCustomerEntity, ApiClientEntity, WebhookEntity } from '../entities';

/** Integrators' webhooks, each owned by an API client. */
export class WebhookRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(webhook: WebhookWithSecret): Promise<void> {
    await inTransaction(this.dataSource, (manager) =>
      manager.insert(WebhookEntity, { ...webhook, events: webhook.events?.join(',') ?? null }),
    );
  }

  /** Every webhook, oldest first (never their secrets). */
  async list(): Promise<Webhook[]> {
    const rows = await inRead(this.dataSource, (manager) =>
      manager.find(WebhookEntity, { order: { createdAt: 'ASC', id: 'ASC' } }),
    );
    return rows.map(({ secret: _secret, ...row }) => toWebhook(row));
  }

  /** False when there is no such webhook. */
  async delete(id: string): Promise<boolean> {
    const result = await inTransaction(this.dataSource, (manager) => manager.delete(WebhookEntity, { id }));
    return (result.affected ?? 0) > 0;
  }

  /** The webhook's signing secret; null when there is no such webhook. */
  async secretOf(id: string): Promise<string | null> {
    const row = await inRead(this.dataSource, (manager) => manager.findOne(WebhookEntity, { select: ['secret'], where: { id } }));
    return row?.secret ?? null;
  }

  /** The webhooks of the clients (not revoked) granted this customer, with their secrets, for signing. */
  async forCustomer(customerId: Id): Promise<WebhookWithSecret[]> {
    const rows = await inRead(this.dataSource, (manager) =>
      manager
        .createQueryBuilder(WebhookEntity, 'w')
        .innerJoin(ApiClientEntity, 'c', 'c.clientId = w.clientId AND c.revokedAt IS NULL')
        .leftJoin(ApiClientCustomerEntity, 'g', 'g.clientId = w.clientId AND g.customerId = :customerId', { customerId })
        .where('(c.allCustomers = :all OR g.customerId IS NOT NULL)', { all: true })
        .orderBy('w.createdAt', 'ASC')
        .addOrderBy('w.id', 'ASC')
        .getMany(),
    );
    return rows.map((row) => ({ ...toWebhook(row), secret: row.secret }));
  }
}

function toWebhook(row: Omit<WebhookEntity, 'secret'>): Webhook {
  return {
    id: row.id,
    clientId: row.clientId,
    url: row.url,
    events: row.events === null ? null : (row.events.split(',') as EventType[]),
    createdAt: row.createdAt,
  };
}
