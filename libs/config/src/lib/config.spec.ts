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
      timeZone: 'UTC',
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
      TIME_ZONE: 'America/Chicago',
    });
    expect(config).toEqual({
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/curbside',
      tokenSigningKey: 'k'.repeat(32),
      tokenTtlSeconds: 600,
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: 'smtp://127.0.0.1:2525',
      logLevel: 'debug',
      timeZone: 'America/Chicago',
    });
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
    ['DATABASE_URL', 'mysql://x'],
    ['TOKEN_SIGNING_KEY', 'too-short'],
    ['TOKEN_TTL_SECONDS', '0'],
    ['REDIS_URL', 'http://x'],
    ['SMTP_URL', 'localhost:25'],
    ['LOG_LEVEL', 'loud'],
    ['TIME_ZONE', 'Mars/Olympus_Mons'],
    ['TIME_ZONE', 'CST-6'],
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
