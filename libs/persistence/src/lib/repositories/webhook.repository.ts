import type { EventType, Id, Webhook, WebhookWithSecret } from '@curbside/domain';
import { DataSource, In, IsNull } from 'typeorm';
import { inRead, inTransaction } from '../database/index';
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
    return (await this.forCustomers([customerId])).get(customerId) ?? [];
  }

  /**
   * `forCustomer` for many customers at once: the webhooks and their clients not revoked, then,
   * when some such client is granted customers one by one, its grants of these customers.
   */
  async forCustomers(customerIds: readonly Id[]): Promise<Map<Id, WebhookWithSecret[]>> {
    const ids = [...new Set(customerIds)];
    const byCustomer = new Map<Id, WebhookWithSecret[]>(ids.map((id) => [id, []]));
    await inRead(this.dataSource, async (manager) => {
      const webhooks = await manager.find(WebhookEntity, { order: { createdAt: 'ASC', id: 'ASC' } });
      if (webhooks.length === 0) return;
      const clients = await manager.find(ApiClientEntity, {
        select: ['clientId', 'allCustomers'],
        where: { clientId: In([...new Set(webhooks.map((w) => w.clientId))]), revokedAt: IsNull() },
      });
      const toAll = new Map(clients.map((client) => [client.clientId, client.allCustomers]));
      const live = webhooks.filter((webhook) => toAll.has(webhook.clientId));
      const byGrant = [...new Set(live.filter((w) => !toAll.get(w.clientId)).map((w) => w.clientId))];
      const granted = new Set<string>();
      for (let start = 0; byGrant.length > 0 && start < ids.length; start += 500) {
        const grants = await manager.find(ApiClientCustomerEntity, {
          select: ['clientId', 'customerId'],
          where: { clientId: In(byGrant), customerId: In(ids.slice(start, start + 500)) },
        });
        for (const grant of grants) granted.add(`${grant.clientId}/${grant.customerId}`);
      }
      for (const id of ids) {
        const mine = live.filter((w) => toAll.get(w.clientId) === true || granted.has(`${w.clientId}/${id}`));
        byCustomer.set(id, mine.map((row) => ({ ...toWebhook(row), secret: row.secret })));
      }
    });
    return byCustomer;
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
