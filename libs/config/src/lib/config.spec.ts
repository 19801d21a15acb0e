import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      databaseUrl: 'sqlite:./data/curbside.sqlite',
      tokenSigningKey: null,
      tokenTtlSeconds: 3600,
      redisUrl: null,
      smtpUrl: null,
      logLevel: 'info',
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
        batchSize: 20,
      },
    });
  });

  it('reads every variable and converts the numeric ones', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/curbside',
      TOKEN_SIGNING_KEY: 'k'.repeat(32),
      TOKEN_TTL_SECONDS: '600',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      LOG_LEVEL: 'debug',
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
    });
    expect(config).toEqual({
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/curbside',
      tokenSigningKey: 'k'.repeat(32),
      tokenTtlSeconds: 600,
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: 'smtp://127.0.0.1:2525',
      logLevel: 'debug',
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
      },
    });
  });

  it('ignores unrelated variables and treats empty ones as unset', () => {
    expect(loadConfig({ PATH: '/usr/bin', PORT: '', TOKEN_SIGNING_KEY: '' })).toMatchObject({ port: 3000, tokenSigningKey: null });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['TOKEN_SIGNING_KEY', 'too-short'],
    ['TOKEN_TTL_SECONDS', '0'],
    ['REDIS_URL', 'http://x'],
    ['SMTP_URL', 'localhost:25'],
    ['LOG_LEVEL', 'loud'],
    ['TEXT_PROVIDER_URL', 'sms.example.com'],
    ['VOICE_PROVIDER_URL', 'ftp://x'],
    ['NOTIFIER_MAX_ATTEMPTS', '0'],
    ['NOTIFIER_CUSTOMER_HOURLY_CAP', 'lots'],
    ['NOTIFIER_HEALTH_PORT', '-1'],
    ['NOTIFIER_BATCH_SIZE', '501'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('names every bad variable on one line, without echoing secret values', () => {
    const error = captureError(() => loadConfig({ PORT: 'x', TOKEN_SIGNING_KEY: 'secret-but-short' }));
    expect(error.problems).toHaveLength(2);
    expect(error.message).toMatch(/PORT .*; TOKEN_SIGNING_KEY /);
    expect(error.message).not.toContain('\n');
    expect(error.message).not.toContain('secret-but-short');
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
