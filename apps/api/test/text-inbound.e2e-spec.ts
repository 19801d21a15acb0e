import { emptyBundle, type SelectionUpdate } from '@curbside/domain';
import { CustomerImport, UpdatePreferences } from '@curbside/application';
import { signTextInbound } from '@curbside/contract';
import { PreferenceRepository } from '@curbside/persistence';
import { driverIndependentDatabases } from '@curbside/testing';
import { DataSource } from 'typeorm';
import { expectProblem, startTestApp, TestApp } from './support';

/*
 * CONTRACT §10: STOP and START by text, through a provider's signed inbound webhook (Twilio's
 * shape), on both databases.
 */

const AUTH_TOKEN = 'twilio-auth-token-of-the-test';
const PUBLIC_BASE_URL = 'https://notices.prairie.example';
const INBOUND_URL = `${PUBLIC_BASE_URL}/webhooks/text-inbound`;

const text = (category: SelectionUpdate['category'], type: SelectionUpdate['type'], value: string): SelectionUpdate => ({
  category,
  channel: 'Text',
  type,
  value,
  optIn: true,
});

/** A provider's inbound message, form-encoded, signed as Twilio signs it (or with `signature`). */
function inbound(t: TestApp, members: Record<string, string>, signature = signTextInbound(INBOUND_URL, members, AUTH_TOKEN)) {
  return t
    .http()
    .post('/webhooks/text-inbound')
    .set('X-Twilio-Signature', signature)
    .type('form')
    .send(new URLSearchParams(members).toString());
}

const message = (from: string, body: string) => ({ MessageSid: 'SM0123', AccountSid: 'AC0123', From: from, To: '+15550009999', Body: body, NumMedia: '0' });

describe.each(driverIndependentDatabases())('inbound texts on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { env: { TEXT_PROVIDER_AUTH_TOKEN: AUTH_TOKEN, PUBLIC_BASE_URL, LANGUAGES: 'en,es' } });
    for (const id of ['7800001', '7800002', '7800003']) await t.app.get(CustomerImport).importBundle(emptyBundle(id));
    await t.app.get(UpdatePreferences).execute(
      '7800001',
      [
        text('Service Notification', 'SMOBILE', '(555) 010-0150'),
        text('Service Exception', 'SMOBILE', '555.010.0150'),
        { ...text('Service Notification', 'BMOBILE', 'resident@example.com'), channel: 'Email', type: 'BEMAIL' },
      ],
      'portal',
    );
    await t.app.get(UpdatePreferences).execute('7800002', [text('Service Notification', 'BMOBILE', '+1 555 010 0150')], 'portal');
    await t.app.get(UpdatePreferences).execute('7800003', [text('Service Notification', 'SMOBILE', '555-010-0151')], 'portal');
  });
  afterAll(() => t.close());

  /** Each selection as `customer category/channel/type:Y|N by modifiedBy`. */
  async function selections(): Promise<string[]> {
    const all = await t.app.get(PreferenceRepository).listOf(['7800001', '7800002', '7800003']);
    return [...all].flatMap(([customer, preferences]) =>
      preferences.flatMap((p) => p.channels.flatMap((c) => c.selections.map((s) => `${customer} ${p.category}/${c.name}/${s.type}:${s.optIn ? 'Y' : 'N'} by ${s.audit.modifiedBy}`))),
    );
  }
  const changeEvents = async (): Promise<number> =>
    Number((await t.app.get(DataSource).query(`SELECT COUNT(*) AS "n" FROM "events" WHERE "type" = 'preferences.changed'`))[0].n);

  it('refuses a missing or wrong signature with 403 before anything changes', async () => {
    const [before, events] = [await selections(), await changeEvents()];
    const members = message('+15550100150', 'STOP');
    expectProblem(await t.http().post('/webhooks/text-inbound').type('form').send(new URLSearchParams(members).toString()).expect(403), 403, 'FORBIDDEN');
    expectProblem(await inbound(t, members, signTextInbound(INBOUND_URL, members, 'another-token')).expect(403), 403, 'FORBIDDEN');
    expectProblem(await inbound(t, members, signTextInbound(`${INBOUND_URL}?x=1`, members, AUTH_TOKEN)).expect(403), 403, 'FORBIDDEN');
    // Signed for one body, sent with another.
    const signed = signTextInbound(INBOUND_URL, message('+15550100150', 'HELLO'), AUTH_TOKEN);
    expectProblem(await inbound(t, members, signed).expect(403), 403, 'FORBIDDEN');
    expect([await selections(), await changeEvents()]).toEqual([before, events]);
  });

  it('takes only a form: a validly signed JSON body is refused with 403 and changes nothing', async () => {
    const [before, events] = [await selections(), await changeEvents()];
    const members = message('+15550100150', 'STOP');
    const json = await t
      .http()
      .post('/webhooks/text-inbound')
      .set('X-Twilio-Signature', signTextInbound(INBOUND_URL, members, AUTH_TOKEN))
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(members))
      .expect(403);
    expectProblem(json, 403, 'FORBIDDEN');
    expect(json.body.detail).toBe('The request is not signed by the text provider: it sends application/x-www-form-urlencoded only.');
    expect([await selections(), await changeEvents()]).toEqual([before, events]);
  });

  it('STOP opts the number out of every Text selection of every customer and category (digits compared), with an event per customer', async () => {
    const events = await changeEvents();
    const response = await inbound(t, message('+15550100150', ' stop ')).expect(200);
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(response.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await selections()).toEqual([
      '7800001 Service Notification/Text/SMOBILE:N by STOP',
      '7800001 Service Notification/Email/BEMAIL:Y by portal',
      '7800001 Service Exception/Text/SMOBILE:N by STOP',
      '7800002 Service Notification/Text/BMOBILE:N by STOP',
      '7800003 Service Notification/Text/SMOBILE:Y by portal',
    ]);
    expect(await changeEvents()).toBe(events + 2);
  });

  it.each(['STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit', 'PARAR', 'cancelar', 'Alto'])('%s is a STOP too (PARAR, CANCELAR, ALTO: the es catalog, CONTRACT §11)', async (word) => {
    await inbound(t, message('5550100151', word)).expect(200);
    expect(await selections()).toContain('7800003 Service Notification/Text/SMOBILE:N by STOP');
    await inbound(t, message('5550100151', 'START')).expect(200);
    expect(await selections()).toContain('7800003 Service Notification/Text/SMOBILE:Y by START');
  });

  it('START and UNSTOP opt the number back in; any other body answers the same and changes nothing', async () => {
    const before = [await selections(), await changeEvents()];
    await inbound(t, message('+15550100150', 'Thanks, see you Thursday')).expect(200);
    expect([await selections(), await changeEvents()]).toEqual(before);
    await inbound(t, message('+1 (555) 010-0150', 'UNSTOP')).expect(200);
    expect((await selections()).filter((line) => line.includes('/Text/'))).toEqual([
      '7800001 Service Notification/Text/SMOBILE:Y by START',
      '7800001 Service Exception/Text/SMOBILE:Y by START',
      '7800002 Service Notification/Text/BMOBILE:Y by START',
      '7800003 Service Notification/Text/SMOBILE:Y by START',
    ]);
  });

  it('a second STOP from the same number changes nothing more', async () => {
    await inbound(t, message('+15550100150', 'STOP')).expect(200);
    const events = await changeEvents();
    await inbound(t, message('+15550100150', 'STOP')).expect(200);
    expect(await changeEvents()).toBe(events);
  });
});

describe.each(driverIndependentDatabases())('inbound texts without TEXT_PROVIDER_AUTH_TOKEN on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp(database)));
  afterAll(() => t.close());

  it('answers 404: the door is closed', async () => {
    const members = message('+15550100150', 'STOP');
    expectProblem(await inbound(t, members, signTextInbound('http://localhost:3000/webhooks/text-inbound', members, 'anything')).expect(404), 404, 'NOT_FOUND');
  });
});
