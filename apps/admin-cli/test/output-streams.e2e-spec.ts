import { runCliProcess } from './support/cli';

describe('the CLI keeps stdout for its output', () => {
  it('prints only the result on stdout, even at the most verbose log level', () => {
    // A process of its own: what reaches its stdout, logger and all.
    const result = runCliProcess('sqlite::memory:', ['clients', 'create', '--name', 'portal', '--all-customers', '--json'], { LOG_LEVEL: 'trace' });
    expect(result.status).toBe(0);
    const created = result.json<{ client_secret: string; customers: string }>();
    expect(created.customers).toBe('all');
    expect(result.stderr).not.toContain(created.client_secret);
  });
});
