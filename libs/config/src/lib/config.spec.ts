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
      shutdownDrainMs: 5000,
      shutdownTimeoutMs: 15000,
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
      SHUTDOWN_DRAIN_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '2000',
    });
    expect(config).toEqual({
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/curbside',
      tokenSigningKey: 'k'.repeat(32),
      tokenTtlSeconds: 600,
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: 'smtp://127.0.0.1:2525',
      logLevel: 'debug',
      shutdownDrainMs: 0,
      shutdownTimeoutMs: 2000,
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
    ['SHUTDOWN_DRAIN_MS', '-1'],
    ['SHUTDOWN_DRAIN_MS', '1.5'],
    ['SHUTDOWN_TIMEOUT_MS', '0'],
    ['SHUTDOWN_TIMEOUT_MS', 'soon'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
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

function captureError(action: () => unknown): ConfigError {
  try {
    action();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
