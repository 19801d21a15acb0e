import { runNotifier } from './support';

/* CONTRACT §10: DKIM wants all three variables; the notifier refuses to start without them, in one line naming each missing one. */
describe('the notifier process with a partial DKIM configuration', () => {
  it.each([
    [{ DKIM_DOMAIN: 'prairie.example' }, ['DKIM_SELECTOR', 'DKIM_PRIVATE_KEY']],
    [{ DKIM_DOMAIN: 'prairie.example', DKIM_SELECTOR: 'mail2026' }, ['DKIM_PRIVATE_KEY']],
    [{ DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: '/etc/dkim.pem' }, ['DKIM_DOMAIN']],
  ])('%j stops it at start, naming %j', (dkim, missing) => {
    const { status, stderr } = runNotifier({ DATABASE_URL: 'sqlite::memory:', ...dkim });
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^curbside-notifier: cannot start: Invalid configuration: /);
    for (const name of missing) expect(stderr).toContain(`${name} must be set when`);
  });
});
