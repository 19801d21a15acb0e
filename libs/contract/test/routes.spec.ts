import { API_ERRORS, ROUTES } from '../src';

describe('the route table', () => {
  const routes = Object.entries(ROUTES);

  it('keys each route by its operation id', () => {
    for (const [key, route] of routes) expect(route.operationId).toBe(key);
  });

  it('declares each method and path once', () => {
    const operations = routes.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(operations).size).toBe(operations.length);
  });

  it('names the path parameters of each template', () => {
    expect(ROUTES.getTicket.pathParameters).toEqual(['customerId', 'ticketId']);
    expect(ROUTES.getCalendarFeed.pathParameters).toEqual(['token']);
    expect(ROUTES.getLiveness.pathParameters).toEqual([]);
  });

  it('scopes every /api route to a customer, and nothing else', () => {
    for (const [, route] of routes) expect(route.customerScoped).toBe(route.path.startsWith('/api/v') && route.pathParameters.includes('customerId'));
  });

  it('answers the customer API in JSON and XML', () => {
    for (const [, route] of routes.filter(([, r]) => r.customerScoped)) expect(route.formats.slice(0, 2)).toEqual(['json', 'xml']);
  });
});

describe('the problem codes', () => {
  it('are client or server errors', () => {
    for (const { status } of Object.values(API_ERRORS)) expect(status).toBeGreaterThanOrEqual(400);
  });
});
