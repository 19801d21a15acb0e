import { once } from 'node:events';
import { createServer } from 'node:net';
import { driverIndependentDatabases, type TestDatabase } from '@curbside/testing';
import { startNotifier, stop } from './support';

/** The port the suite's helpers pick first: one another server holds (set below), then free ones. */
let held = 0;
const picked: number[] = [];
jest.mock('@curbside/testing', () => {
  const testing = jest.requireActual('@curbside/testing');
  return { ...testing, freePort: async () => (picked.push(picked.length === 0 ? held : await testing.freePort()), picked[picked.length - 1]) };
});

describe.each(driverIndependentDatabases())('the suites starting a program on $name', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => (database = await kind.create()));
  afterAll(() => database.drop());

  it('start it again on another port when another server took the one picked first, and never take that server for it', async () => {
    // A server that accepts and never answers: the readiness check must neither hang on it nor pass.
    const other = createServer().listen(0, '0.0.0.0');
    await once(other, 'listening');
    held = (other.address() as { port: number }).port;
    try {
      const notifier = await startNotifier({ DATABASE_URL: database.url });
      expect(picked[0]).toBe(held);
      expect(picked).toHaveLength(2);
      expect(notifier.healthUrl).toBe(`http://127.0.0.1:${picked[1]}/health/ready`);
      expect((await fetch(notifier.healthUrl)).ok).toBe(true);
      await stop(notifier);
    } finally {
      other.close();
    }
  });
});
