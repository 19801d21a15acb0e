import type { Locator, Page } from 'playwright-core';
import { testDatabases } from '@curbside/testing';
import { startTestApp, TestApp } from './support';
import { describeInBrowser, launchBrowser } from './support/browser';
import { parseXmlBody, wrapLikeXml } from './support/xml';

/**
 * Swagger UI at /docs, driven in headless Chromium as an integrator would use it: authorize,
 * try the ticket list, read the answer in JSON and in XML (see ./support/browser for when it is skipped).
 */
const TICKETS = '/api/v1/customers/{customerId}/tickets';

describeInBrowser('Swagger UI')('Swagger UI in headless Chromium', () => {
  let t: TestApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const requested: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0], { customers: ['1000001'], fixture: true });
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.setDefaultTimeout(15000);
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${t.url}/docs`);
    await authorize(page, t.client.token, t.client.clientId);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('loads every asset from the API itself (no CDN)', async () => {
    await page.locator('.opblock').first().waitFor();
    const foreign = requested.filter((url) => !url.startsWith(`${t.url}/`) && !url.startsWith('data:'));
    expect(foreign).toEqual([]);
    expect(requested).toEqual(expect.arrayContaining([`${t.url}/docs/swagger-ui-bundle.js`, `${t.url}/docs/swagger-ui.css`]));
  });

  it('lists tickets in JSON through "Try it out"', async () => {
    const expected = await t.api.get('/api/v1/customers/1000001/tickets').set('Request-Tracking-Id', 'swagger-json').expect(200);
    expect(expected.body.tickets.length).toBeGreaterThan(0);
    const rendered = await executeTicketList(page, t.client.clientId, 'swagger-json', 'application/json');
    expect(JSON.parse(rendered)).toEqual(expected.body);
  });

  it('lists tickets in XML, chosen in the response content type', async () => {
    const expected = await t.api.get('/api/v1/customers/1000001/tickets').set('Request-Tracking-Id', 'swagger-xml').expect(200);
    const rendered = await executeTicketList(page, t.client.clientId, 'swagger-xml', 'application/xml');
    expect(rendered).toContain('<request_tracking_id>swagger-xml</request_tracking_id>');
    expect(await parseXmlBody(rendered)).toEqual(wrapLikeXml(expected.body));
  });
});

/** The Authorize dialog: the bearer token and the ClientId API key, each applied in its own form. */
async function authorize(page: Page, token: string, clientId: string): Promise<void> {
  await page.locator('button.authorize').first().click();
  const scheme = (name: string): Locator => page.locator('.auth-container').filter({ has: page.locator('h4', { hasText: new RegExp(`^${name}\\b`) }) });
  await scheme('bearer').locator('input').fill(token);
  await scheme('bearer').getByRole('button', { name: 'Apply credentials' }).click();
  await scheme('clientId').locator('input').fill(clientId);
  await scheme('clientId').getByRole('button', { name: 'Apply credentials' }).click();
  await page.locator('.modal-ux .close-modal').click();
}

/** Expands the ticket list, fills its parameters, picks the response format, executes it and returns the rendered body. */
async function executeTicketList(page: Page, clientId: string, trackingId: string, format: string): Promise<string> {
  const operation = page.locator('.opblock-get').filter({ has: page.locator(`[data-path="${TICKETS}"]`) });
  if (!(await operation.locator('.opblock-body').isVisible())) await operation.locator('.opblock-summary').first().click();
  const tryOut = operation.locator('button.try-out__btn');
  if ((await tryOut.textContent())?.includes('Try it out')) await tryOut.click();
  const parameter = (name: string): Locator => operation.locator(`tr[data-param-name="${name}"] input`);
  await parameter('customerId').fill('1000001');
  await parameter('Request-Tracking-Id').fill(trackingId);
  await parameter('ClientId').fill(clientId);
  await operation.locator('tr.response[data-code="200"] select[aria-label="Media Type"]').selectOption(format);
  await operation.locator('button.execute').click();
  const body = operation.locator('.live-responses-table .response-col_description .highlight-code pre').first();
  await body.filter({ hasText: trackingId }).waitFor();
  return (await body.textContent()) ?? '';
}
