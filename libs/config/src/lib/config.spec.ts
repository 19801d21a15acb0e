import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';

const DKIM_KEY = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      metricsPort: null,
      databaseUrl: 'sqlite:./data/curbside.sqlite',
      tokenSigningKey: null,
      tokenTtlSeconds: 3600,
      redisUrl: null,
      redisKeyPrefix: 'curbside:',
      rateLimitPerMinute: 1200,
      tokenFailuresPer15Min: 20,
      tokenFailuresPerAddressPer15Min: 100,
      tokenFailureWindowSeconds: 900,
      introspectionsPerMinute: 6000,
      requestTimeoutSeconds: 30,
      keepAliveTimeoutSeconds: 5,
      corsOrigins: [],
      trustedProxies: [],
      smtpUrl: null,
      listMaxItems: 5000,
      responseCacheMaxBytes: 64 * 1024 * 1024,
      extraPickupsPerMonth: 2,
      logLevel: 'info',
      timeZone: 'UTC',
      shutdownDrainMs: 5000,
      shutdownTimeoutMs: 15000,
      notifier: {
        from: 'Curbside <no-reply@curbside.invalid>',
        textProviderUrl: null,
        voiceProviderUrl: null,
        maxAttempts: 8,
        customerHourlyCap: 20,
        healthPort: null,
        pollMs: 1000,
        backoffBaseMs: 10000,
        leaseSeconds: 60,
        batchSize: 100,
        reminderTime: '17:00',
        noticeHorizonDays: 7,
        dkim: null,
        quietHours: { start: '21:00', end: '08:00' },
        webhooksAllowLoopback: false,
        concurrency: 10,
        shutdownMs: 8000,
        timeouts: { sendMs: 30_000, smtpConnectionMs: 10_000, smtpGreetingMs: 10_000, smtpSocketMs: 20_000, providerMs: 10_000 },
      },
      brandName: 'Curbside',
      publicBaseUrl: 'http://localhost:3000',
      textProviderAuthToken: null,
      residentLinkDays: 90,
      brandColor: '#1d5c3a',
      languages: { offered: ['en'], defaultLanguage: 'en', messagesDir: null },
    });
  });

  it('reads every variable and converts the numeric ones', () => {
    const config = loadConfig({
      PORT: '8080',
      METRICS_PORT: '9464',
      DATABASE_URL: 'postgres://u:p@db:5432/curbside',
      TOKEN_SIGNING_KEY: 'k'.repeat(32),
      TOKEN_TTL_SECONDS: '600',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: 'curbside-eu:',
      RATE_LIMIT_PER_MINUTE: '600',
      TOKEN_FAILURES_PER_15_MIN: '5',
      TOKEN_FAILURES_PER_ADDRESS_PER_15_MIN: '50',
      TOKEN_FAILURE_WINDOW_SECONDS: '600',
      INTROSPECTIONS_PER_MINUTE: '120',
      REQUEST_TIMEOUT_SECONDS: '10',
      KEEP_ALIVE_TIMEOUT_SECONDS: '4',
      CORS_ORIGINS: 'https://portal.example.com, http://localhost:8080',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.10, fd00::/8',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      LIST_MAX_ITEMS: '250',
      RESPONSE_CACHE_MAX_BYTES: '1048576',
      EXTRA_PICKUPS_PER_MONTH: '4',
      LOG_LEVEL: 'debug',
      TIME_ZONE: 'America/Chicago',
      SHUTDOWN_DRAIN_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '2000',
      NOTIFIER_FROM: 'Ops <ops@example.com>',
      TEXT_PROVIDER_URL: 'https://sms.example.com/send',
      VOICE_PROVIDER_URL: 'http://127.0.0.1:9000/call',
      NOTIFIER_MAX_ATTEMPTS: '3',
      NOTIFIER_CUSTOMER_HOURLY_CAP: '5',
      NOTIFIER_HEALTH_PORT: '9090',
      NOTIFIER_POLL_MS: '50',
      NOTIFIER_BACKOFF_BASE_MS: '100',
      NOTIFIER_LEASE_SECONDS: '5',
      NOTIFIER_BATCH_SIZE: '50',
      REMINDER_TIME: '06:30',
      NOTICE_HORIZON_DAYS: '14',
      BRAND_NAME: 'Prairie Hauling',
      RESIDENT_LINK_DAYS: '30',
      BRAND_COLOR: '#0B4F8A',
      PUBLIC_BASE_URL: 'https://notices.prairie.example/',
      DKIM_DOMAIN: 'prairie.example',
      DKIM_SELECTOR: 'mail2026',
      DKIM_PRIVATE_KEY: DKIM_KEY,
      TEXT_PROVIDER_AUTH_TOKEN: 'twilio-auth-token',
      QUIET_HOURS: 'off',
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      NOTIFIER_CONCURRENCY: '4',
      NOTIFIER_SEND_TIMEOUT_MS: '2500',
      NOTIFIER_SHUTDOWN_MS: '3000',
      SMTP_CONNECTION_TIMEOUT_MS: '1000',
      SMTP_GREETING_TIMEOUT_MS: '1100',
      SMTP_SOCKET_TIMEOUT_MS: '1200',
      PROVIDER_TIMEOUT_MS: '1300',
      LANGUAGES: 'es,en',
    });
    expect(config).toEqual({
      port: 8080,
      metricsPort: 9464,
      databaseUrl: 'postgres://u:p@db:5432/curbside',
      tokenSigningKey: 'k'.repeat(32),
      tokenTtlSeconds: 600,
      redisUrl: 'redis://127.0.0.1:6379',
      redisKeyPrefix: 'curbside-eu:',
      rateLimitPerMinute: 600,
      tokenFailuresPer15Min: 5,
      tokenFailuresPerAddressPer15Min: 50,
      tokenFailureWindowSeconds: 600,
      introspectionsPerMinute: 120,
      requestTimeoutSeconds: 10,
      keepAliveTimeoutSeconds: 4,
      corsOrigins: ['https://portal.example.com', 'http://localhost:8080'],
      trustedProxies: ['10.0.0.0/8', '192.168.1.10', 'fd00::/8'],
      smtpUrl: 'smtp://127.0.0.1:2525',
      listMaxItems: 250,
      responseCacheMaxBytes: 1048576,
      extraPickupsPerMonth: 4,
      logLevel: 'debug',
      timeZone: 'America/Chicago',
      shutdownDrainMs: 0,
      shutdownTimeoutMs: 2000,
      notifier: {
        from: 'Ops <ops@example.com>',
        textProviderUrl: 'https://sms.example.com/send',
        voiceProviderUrl: 'http://127.0.0.1:9000/call',
        maxAttempts: 3,
        customerHourlyCap: 5,
        healthPort: 9090,
        pollMs: 50,
        backoffBaseMs: 100,
        leaseSeconds: 5,
        batchSize: 50,
        reminderTime: '06:30',
        noticeHorizonDays: 14,
        dkim: { domain: 'prairie.example', selector: 'mail2026', privateKey: DKIM_KEY },
        quietHours: null,
        webhooksAllowLoopback: true,
        concurrency: 4,
        shutdownMs: 3000,
        timeouts: { sendMs: 2500, smtpConnectionMs: 1000, smtpGreetingMs: 1100, smtpSocketMs: 1200, providerMs: 1300 },
      },
      brandName: 'Prairie Hauling',
      publicBaseUrl: 'https://notices.prairie.example',
      textProviderAuthToken: 'twilio-auth-token',
      residentLinkDays: 30,
      brandColor: '#0b4f8a',
      languages: { offered: ['es', 'en'], defaultLanguage: 'es', messagesDir: null },
    });
  });

  it('gives a send half the lease unless told less, and never more', () => {
    expect(loadConfig({ NOTIFIER_LEASE_SECONDS: '4' }).notifier.timeouts.sendMs).toBe(2000);
    expect(loadConfig({ NOTIFIER_LEASE_SECONDS: '4', NOTIFIER_SEND_TIMEOUT_MS: '1500' }).notifier.timeouts.sendMs).toBe(1500);
    expect(() => loadConfig({ NOTIFIER_LEASE_SECONDS: '4', NOTIFIER_SEND_TIMEOUT_MS: '2001' })).toThrow(/NOTIFIER_SEND_TIMEOUT_MS must be at most half of NOTIFIER_LEASE_SECONDS/);
  });

  it('ignores unrelated variables and treats empty ones as unset', () => {
    expect(loadConfig({ PATH: '/usr/bin', PORT: '', TOKEN_SIGNING_KEY: '' })).toMatchObject({ port: 3000, tokenSigningKey: null });
  });

  it('keeps the time zone in its canonical spelling', () => {
    expect(loadConfig({ TIME_ZONE: 'america/chicago' }).timeZone).toBe('America/Chicago');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['METRICS_PORT', 'metrics'],
    ['DATABASE_URL', 'mysql://x'],
    ['TOKEN_SIGNING_KEY', 'too-short'],
    ['TOKEN_TTL_SECONDS', '0'],
    ['REDIS_URL', 'http://x'],
    ['REDIS_KEY_PREFIX', 'has space'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['TOKEN_FAILURES_PER_15_MIN', 'many'],
    ['TOKEN_FAILURE_WINDOW_SECONDS', '0'],
    ['INTROSPECTIONS_PER_MINUTE', '-1'],
    ['REQUEST_TIMEOUT_SECONDS', 'soon'],
    ['KEEP_ALIVE_TIMEOUT_SECONDS', '0'],
    ['CORS_ORIGINS', '*'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '1.2.3'],
    ['CORS_ORIGINS', 'https://portal.example.com/path'],
    ['SMTP_URL', 'localhost:25'],
    ['LIST_MAX_ITEMS', '0'],
    ['LIST_MAX_ITEMS', 'many'],
    ['RESPONSE_CACHE_MAX_BYTES', '-1'],
    ['RESPONSE_CACHE_MAX_BYTES', '64MB'],
    ['EXTRA_PICKUPS_PER_MONTH', '-1'],
    ['EXTRA_PICKUPS_PER_MONTH', 'two'],
    ['LOG_LEVEL', 'loud'],
    ['TIME_ZONE', 'Mars/Olympus_Mons'],
    ['TIME_ZONE', 'CST-6'],
    ['SHUTDOWN_DRAIN_MS', '-1'],
    ['SHUTDOWN_DRAIN_MS', '1.5'],
    ['SHUTDOWN_TIMEOUT_MS', '0'],
    ['SHUTDOWN_TIMEOUT_MS', 'soon'],
    ['TEXT_PROVIDER_URL', 'sms.example.com'],
    ['VOICE_PROVIDER_URL', 'ftp://x'],
    ['NOTIFIER_MAX_ATTEMPTS', '0'],
    ['NOTIFIER_CUSTOMER_HOURLY_CAP', 'lots'],
    ['NOTIFIER_HEALTH_PORT', '-1'],
    ['NOTIFIER_BATCH_SIZE', '501'],
    ['REMINDER_TIME', '5pm'],
    ['REMINDER_TIME', '24:00'],
    ['REMINDER_TIME', '7:00'],
    ['NOTICE_HORIZON_DAYS', '0'],
    ['NOTICE_HORIZON_DAYS', '367'],
    ['BRAND_NAME', 'Say "hi"'],
    ['BRAND_NAME', 'x'.repeat(61)],
    ['RESIDENT_LINK_DAYS', '0'],
    ['RESIDENT_LINK_DAYS', '367'],
    ['BRAND_COLOR', 'green'],
    ['BRAND_COLOR', '#12345'],
    ['PUBLIC_BASE_URL', 'notices.example.com'],
    ['PUBLIC_BASE_URL', 'https://notices.example.com/?a=b'],
    ['DKIM_DOMAIN', 'not a domain'],
    ['TEXT_PROVIDER_AUTH_TOKEN', 'short'],
    ['QUIET_HOURS', '21-8'],
    ['QUIET_HOURS', '21:00-24:00'],
    ['WEBHOOKS_ALLOW_LOOPBACK', 'yes'],
    ['NOTIFIER_CONCURRENCY', '0'],
    ['NOTIFIER_CONCURRENCY', '101'],
    ['NOTIFIER_SEND_TIMEOUT_MS', '30001'],
    ['NOTIFIER_SHUTDOWN_MS', '0'],
    ['SMTP_CONNECTION_TIMEOUT_MS', '0'],
    ['SMTP_GREETING_TIMEOUT_MS', 'soon'],
    ['SMTP_SOCKET_TIMEOUT_MS', '-5'],
    ['PROVIDER_TIMEOUT_MS', '1.5'],
    ['LANGUAGES', 'en,zh_Hant'],
    ['LANGUAGES', 'en,,es'],
    ['LANGUAGES', 'english!'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('reads the DKIM key from a file, or from a PEM whose line breaks are written as \\n', () => {
    const folder = mkdtempSync(join(tmpdir(), 'curbside-dkim-'));
    try {
      const path = join(folder, 'dkim.pem');
      writeFileSync(path, DKIM_KEY);
      const dkim = { DKIM_DOMAIN: 'prairie.example', DKIM_SELECTOR: 's1' };
      expect(loadConfig({ ...dkim, DKIM_PRIVATE_KEY: path }).notifier.dkim?.privateKey).toBe(DKIM_KEY);
      expect(loadConfig({ ...dkim, DKIM_PRIVATE_KEY: DKIM_KEY.replace(/\n/g, '\\n') }).notifier.dkim?.privateKey).toBe(DKIM_KEY);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('stops on a partial DKIM set, naming each missing variable, and on a key it cannot use', () => {
    expect(() => loadConfig({ DKIM_DOMAIN: 'prairie.example' })).toThrow(
      'Invalid configuration: DKIM_SELECTOR must be set when DKIM_DOMAIN is (DKIM needs all three); DKIM_PRIVATE_KEY must be set when DKIM_DOMAIN is (DKIM needs all three)',
    );
    expect(() => loadConfig({ DKIM_DOMAIN: 'prairie.example', DKIM_PRIVATE_KEY: DKIM_KEY })).toThrow(/^Invalid configuration: DKIM_SELECTOR must be set/);
    const unusable = captureError(() => loadConfig({ DKIM_DOMAIN: 'prairie.example', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: '/no/such/key.pem' }));
    expect(unusable.message).toBe('Invalid configuration: DKIM_PRIVATE_KEY must be a PEM private key (RSA), or the path of a file holding one');
  });

  it('reads LANGUAGES as canonical BCP 47 tags, the first the default (CONTRACT §11)', () => {
    expect(loadConfig({ LANGUAGES: 'ES, en,zh-hant,ZH-HANS,fil,vi,ko,ar' }).languages).toEqual({
      offered: ['es', 'en', 'zh-Hant', 'zh-Hans', 'tl', 'vi', 'ko', 'ar'],
      defaultLanguage: 'es',
      messagesDir: null,
    });
    expect(loadConfig({ LANGUAGES: 'en,tl,fil,EN' }).languages).toEqual({ offered: ['en', 'tl'], defaultLanguage: 'en', messagesDir: null });
  });

  it('stops at a language neither built in nor in MESSAGES_DIR, naming it in one line; a catalog there adds it (CONTRACT §11)', () => {
    expect(() => loadConfig({ LANGUAGES: 'en,fr' })).toThrow(
      new ConfigError(['LANGUAGES names fr, which is neither built in nor in MESSAGES_DIR (a <tag>.json catalog there adds a language)']),
    );
    const folder = mkdtempSync(join(tmpdir(), 'messages-dir-'));
    try {
      writeFileSync(join(folder, 'fr.json'), '{}');
      expect(loadConfig({ LANGUAGES: 'en,fr,ar', MESSAGES_DIR: folder }).languages).toEqual({ offered: ['en', 'fr', 'ar'], defaultLanguage: 'en', messagesDir: folder });
      expect(() => loadConfig({ LANGUAGES: 'de,en,pt-BR', MESSAGES_DIR: folder })).toThrow(/: LANGUAGES names de and pt-BR, which are neither built in nor in MESSAGES_DIR/);
      expect(() => loadConfig({ MESSAGES_DIR: join(folder, 'fr.json') })).toThrow('Invalid configuration: MESSAGES_DIR must be a folder of <tag>.json message catalogs');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('wants the shutdown to have time left after the drain', () => {
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_TIMEOUT_MS: '5000' })).toThrow(
      'Invalid configuration: SHUTDOWN_TIMEOUT_MS must be greater than SHUTDOWN_DRAIN_MS',
    );
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '20000', SHUTDOWN_TIMEOUT_MS: '30000' })).toMatchObject({ shutdownDrainMs: 20000 });
  });

  it('names every bad variable on one line, without echoing secret values', () => {
    const error = captureError(() => loadConfig({ PORT: 'x', TOKEN_SIGNING_KEY: 'secret-but-short' }));
    expect(error.problems).toHaveLength(2);
    expect(error.message).toMatch(/PORT .*; TOKEN_SIGNING_KEY /);
    expect(error.message).not.toContain('\n');
    expect(error.message).not.toContain('secret-but-short');
  });
});

describe('CONFIG_VARIABLES', () => {
  it('names every variable the configuration reads, the optional ones included', () => {
    expect(CONFIG_VARIABLES).toEqual(expect.arrayContaining(['PORT', 'METRICS_PORT', 'DATABASE_URL', 'TOKEN_SIGNING_KEY', 'REDIS_URL', 'NOTIFIER_BATCH_SIZE', 'REMINDER_TIME', 'NOTICE_HORIZON_DAYS', 'EXTRA_PICKUPS_PER_MONTH', 'RESPONSE_CACHE_MAX_BYTES']));
    expect(CONFIG_VARIABLES).toHaveLength(55);
    expect(CONFIG_VARIABLES).not.toContain('PATH');
  });
});

function captureError(action: () => unknown): ConfigError {
  try {
    action();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
