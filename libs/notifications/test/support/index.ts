import { Logger } from '@nestjs/common';
import {
  emptyBundle,
  type ChannelName,
  type CustomerBundle,
  type NewEvent,
  type Preference,
  type PreferenceCategory,
  type SelectionType,
} from '@curbside/domain';
import {
  ApiClientRepository,
  CustomerRepository,
  DeliveryRepository,
  EventRepository,
  inTransaction,
  openDatabase,
  PreferenceRepository,
  SigningKeyRepository,
  WebhookRepository,
} from '@curbside/persistence';
import { storeBundles } from '@curbside/persistence/testing';
import { startHttpReceiver, startSmtpSink, type HttpReceiver, type SmtpSink, type TestDatabaseKind } from '@curbside/testing';
import { ResidentLinks } from '@curbside/application';
import { DataSource } from 'typeorm';
import { Notifier, type NotifierOptions } from '../../src/lib/notifier';
import { WebhookService } from '../../src/lib/webhook.service';
import { UnsubscribeTokens } from '../../src/lib/consent/unsubscribe-tokens';

// The notifier logs every retry and dead delivery; tests check the rows instead (DEBUG=1 shows the log).
if (!process.env['DEBUG']) Logger.overrideLogger(false);

const audit = { createdBy: null, createdAt: null, modifiedBy: null, modifiedAt: null };

/** A selection: `[type, value, optIn]`. */
export type SelectionSpec = [SelectionType, string, boolean?];

export const channel = (name: ChannelName, optIn: boolean, selections: SelectionSpec[]) => ({
  name,
  optIn,
  selections: selections.map(([type, value, selected = true]) => ({ type, value, optIn: selected, audit })),
  options: [],
});

export const preference = (category: PreferenceCategory, enabled: boolean, channels: ReturnType<typeof channel>[]): Preference => ({
  category,
  enabled,
  channels,
});

export const customerBundle = (id: string, preferences: Preference[] = []): CustomerBundle => ({ ...emptyBundle(id), preferences });

/** The demo's brand and the API's address in tests (CONTRACT §10). */
export const SENDER = { brandName: 'Curbside', publicBaseUrl: 'http://localhost:3000' };

export const TEST_OPTIONS: Omit<NotifierOptions, 'smtpUrl' | 'textProviderUrl' | 'voiceProviderUrl'> = {
  ...SENDER,
  dkim: null,
  quietHours: null,
  from: 'Curbside <no-reply@curbside.invalid>',
  maxAttempts: 8,
  customerHourlyCap: 1_000_000,
  healthPort: null,
  pollMs: 20,
  backoffBaseMs: 100,
  leaseSeconds: 30,
  batchSize: 50,
  reminderTime: '17:00',
  noticeHorizonDays: 7,
  timeZone: 'UTC',
  // The receivers of these suites listen on loopback.
  webhooksAllowLoopback: true,
  concurrency: 10,
  shutdownMs: 5000,
  timeouts: { sendMs: 15_000, smtpConnectionMs: 5000, smtpGreetingMs: 5000, smtpSocketMs: 5000, providerMs: 5000 },
};

/** A migrated database with the repositories, a notifier factory and the webhook service. */
export interface NotifierWorld {
  dataSource: DataSource;
  /** Stores new customers with their records (persistence's `storeBundles`: no import, no events). */
  customers: { store(bundle: CustomerBundle): Promise<void> };
  deliveries: DeliveryRepository;
  clients: ApiClientRepository;
  webhooks: WebhookService;
  unsubscribeTokens: UnsubscribeTokens;
  notifier(options: Partial<NotifierOptions>): Notifier;
  append(events: NewEvent[]): Promise<void>;
  close(): Promise<void>;
}

export async function openWorld(kind: TestDatabaseKind): Promise<NotifierWorld> {
  const database = await kind.create();
  const dataSource = await openDatabase(database.url);
  const notifiers: Notifier[] = [];
  const events = new EventRepository(dataSource);
  const unsubscribeTokens = new UnsubscribeTokens(new SigningKeyRepository(dataSource));
  return {
    unsubscribeTokens,
    dataSource,
    customers: { store: (bundle) => storeBundles(dataSource, bundle) },
    deliveries: new DeliveryRepository(dataSource),
    clients: new ApiClientRepository(dataSource),
    webhooks: new WebhookService(new WebhookRepository(dataSource), new ApiClientRepository(dataSource), true),
    notifier(options) {
      const notifier = new Notifier(
        events,
        new DeliveryRepository(dataSource),
        new PreferenceRepository(dataSource),
        new WebhookRepository(dataSource),
        unsubscribeTokens,
        { ...TEST_OPTIONS, smtpUrl: null, textProviderUrl: null, voiceProviderUrl: null, ...options },
        new CustomerRepository(dataSource),
        // As in production: every email carries a fresh link to the resident's page (CONTRACT §12).
        new ResidentLinks(dataSource, new CustomerRepository(dataSource)),
      );
      notifiers.push(notifier);
      return notifier;
    },
    append: (newEvents) => inTransaction(dataSource, (manager) => events.append(manager, newEvents)),
    async close() {
      for (const notifier of notifiers) await notifier.stop();
      await dataSource.destroy();
      await database.drop();
    },
  };
}

/** Runs rounds until one finds nothing to do. */
export async function drain(notifier: Notifier): Promise<void> {
  while ((await notifier.runOnce()) > 0);
}

/** A notifier world with a real SMTP server and a real HTTP receiver, fresh for each test of the suite. */
export interface WorldWithSinks {
  world: NotifierWorld;
  smtp: SmtpSink;
  http: HttpReceiver;
}

export function useWorldWithSinks(kind: TestDatabaseKind): WorldWithSinks {
  const current = {} as WorldWithSinks;
  beforeEach(async () => {
    current.world = await openWorld(kind);
    current.smtp = await startSmtpSink();
    current.http = await startHttpReceiver();
  });
  afterEach(async () => {
    await current.world.close();
    await current.smtp.close();
    await current.http.close();
  });
  return current;
}
