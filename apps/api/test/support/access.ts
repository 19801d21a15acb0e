import { expectProblem } from './expect';
import type { TestApp } from './test-app';

/** A customer that exists in the fixture. */
const EXISTING = '1000001';
/** A customer that exists nowhere and that a suite's client is not granted. */
const MISSING_NOT_GRANTED = '8888888';
/** A customer that exists nowhere but that every suite grants its client. */
const MISSING_GRANTED = '9999999';

/**
 * Declares the access tests of customer routes (CONTRACT §2): 401 without credentials, 403 for a customer not
 * granted whether or not it exists, 404 for a granted customer that does not exist. `app` gives the suite's app
 * once started; its client must be granted 9999999. Each route maps a customer id to a path.
 */
export function itEnforcesCustomerScope(app: () => TestApp, ...routes: Array<(customerId: string) => string>): void {
  it('answers 401 without credentials', async () => {
    for (const route of routes) {
      expectProblem(await app().http().get(route(EXISTING)).set('Request-Tracking-Id', 'anon'), 401, 'MISSING_TOKEN');
    }
  });

  it('answers 403 for a customer not granted, whether or not it exists', async () => {
    const t = app();
    const narrow = await t.registerClient(['1000002']);
    for (const route of routes) {
      for (const customerId of [EXISTING, MISSING_NOT_GRANTED]) {
        expectProblem(await t.as(narrow).get(route(customerId)), 403, 'CUSTOMER_NOT_GRANTED');
      }
    }
  });

  it('answers 404 for a granted customer that does not exist', async () => {
    for (const route of routes) expectProblem(await app().api.get(route(MISSING_GRANTED)), 404, 'CUSTOMER_NOT_FOUND');
  });
}
