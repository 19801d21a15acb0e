import { randomBytes } from 'node:crypto';
import { EVENT_TYPES, nowLocalDateTime, routeOf, type EventType, type Webhook } from '@curbside/domain';
import { ApiClientRepository, WebhookRepository } from '@curbside/persistence';
import { refusedAfterResolution } from './webhook-targets';

/** Why a webhook cannot be created. */
export class WebhookError extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'not-found',
  ) {
    super(message);
    this.name = 'WebhookError';
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An https URL, or, with WEBHOOKS_ALLOW_LOOPBACK, http to this machine (development, tests). */
export function isAcceptedWebhookUrl(value: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (allowLoopback && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/** Creates, lists and deletes integrators' webhooks (CLI `webhooks …`). */
/** The event types posted to webhooks (not the daily notices, CONTRACT §8): what `--events` may name. */
const WEBHOOK_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => routeOf({ customerId: '', type, payload: {} }).webhooks);

export class WebhookService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly clients: ApiClientRepository,
    /** WEBHOOKS_ALLOW_LOOPBACK: development and tests only. */
    private readonly allowLoopback = false,
  ) {}

  /** Registers a webhook for a client; the secret is returned here and never again. */
  async create(clientId: string, url: string, events: readonly string[] | null): Promise<{ id: string; secret: string }> {
    if (!isAcceptedWebhookUrl(url, this.allowLoopback)) throw new WebhookError(`the URL must be https://: "${url}"`, 'invalid');
    const refusal = await refusedAfterResolution(new URL(url), this.allowLoopback);
    if (refusal !== null) throw new WebhookError(`webhooks may only target global unicast addresses: ${refusal}`, 'invalid');
    const unknown = (events ?? []).filter((type) => !WEBHOOK_EVENT_TYPES.includes(type as EventType));
    if (unknown.length > 0 || events?.length === 0) {
      throw new WebhookError(`unknown event type(s) ${unknown.join(', ')}; known: ${WEBHOOK_EVENT_TYPES.join(', ')}`, 'invalid');
    }
    const client = await this.clients.find(clientId);
    if (client === null || client.revokedAt !== null) throw new WebhookError(`there is no active client ${clientId}`, 'not-found');
    const webhook = {
      id: `wh_${randomBytes(8).toString('hex')}`,
      secret: `whsec_${randomBytes(24).toString('hex')}`,
      clientId,
      url,
      events: events === null ? null : ([...new Set(events)] as EventType[]),
      createdAt: nowLocalDateTime(),
    };
    await this.webhooks.create(webhook);
    return { id: webhook.id, secret: webhook.secret };
  }

  list(): Promise<Webhook[]> {
    return this.webhooks.list();
  }

  delete(id: string): Promise<boolean> {
    return this.webhooks.delete(id);
  }
}
