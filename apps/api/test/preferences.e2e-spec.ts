import { nowLocalDateTime } from '@curbside/domain';
import { EventRepository } from '@curbside/persistence';
import { testDatabases } from '@curbside/testing';
import {
  expectNothingWritten as expectNothingWrittenTo,
  expectProblem,
  expectXmlMirrorsJson,
  itEnforcesCustomerScope,
  itEnforcesCustomerScopeOnWrite,
  itRefusesBodiesThatAreNotSmallJson,
  startTestApp,
  TestApp,
} from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';
import { parseXmlBody, wrapLikeXml } from './support/xml';

const preferencesOf = (customerId: string) => `/api/v1/customers/${customerId}/communication-preferences`;
const storedPreferences = (customerId: string): WireRecord[] => structuredClone(fixtureCustomer(customerId).communication_preferences);

/** The current time as selection audit datetimes are written (`yyyy-MM-dd HH:mm:ss`), for bounding "now". */
const wireNow = () => nowLocalDateTime().slice(0, 19).replace('T', ' ');

const selection = (value: string, type: string, is_opt_in: string) => ({ value, type, is_opt_in });

/** A valid body: two channels, so that field paths below show nested indexes. */
const validBody = () => ({
  preferences: [
    {
      category: 'Service Notification',
      channels: [
        { name: 'Email', selections: [selection('amelie.t@example.ca', 'SEMAIL', 'N')] },
        { name: 'Text', selections: [selection('416-555-0100', 'SMOBILE', 'Y')] },
      ],
    },
  ],
  audit_info: { modified_by: 'csr-17' },
});
type Body = ReturnType<typeof validBody>;
const withChange = (change: (body: Body) => void): Body => {
  const body = validBody();
  change(body);
  return body;
};
const TEXT_SELECTION = 'preferences[0].channels[1].selections[0]';

const findChannel = (preferences: WireRecord[], category: string, name: string): WireRecord =>
  preferences.find((p) => p.category === category)?.channels.find((c: WireRecord) => c.name === name);

describe.each(testDatabases())('communication preferences (ops 9, 10) on $name', (database) => {
  let t: TestApp;
  let events: EventRepository;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '2000001', '3000001', '9999999'], fixture: true });
    events = t.app.get(EventRepository);
  });
  afterAll(() => t.close());

  const getPreferences = (customerId: string, trackingId = 'read') =>
    t.api.get(preferencesOf(customerId)).set('Request-Tracking-Id', trackingId).expect(200);
  const changeEvents = async (customerId: string) =>
    (await events.list(customerId)).filter((event) => event.type === 'preferences.changed');

  const expectNothingWritten = (customerId: string, request: () => Promise<unknown>) =>
    expectNothingWrittenTo(t, preferencesOf(customerId), customerId, request);

  describe('GET (op 9)', () => {
    it.each(['1000001', '1000002', '2000001'])('answers the preferences of %s exactly as stored, in spec order', async (customerId) => {
      const response = await getPreferences(customerId, `get-${customerId}`);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toEqual({ request_tracking_id: `get-${customerId}`, preferences: storedPreferences(customerId) });

      const [preference] = response.body.preferences;
      const [channel] = preference.channels;
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'preferences']);
      expect(Object.keys(preference)).toEqual(['category', 'is_category_enabled', 'channels']);
      expect(Object.keys(channel)).toEqual(['name', 'is_opt_in', 'selections', 'options']);
      expect(Object.keys(channel.selections[0])).toEqual(['value', 'type', 'is_opt_in', 'audit_info']);
      expect(Object.keys(channel.selections[0].audit_info)).toEqual([
        'created_by', 'created_date_time', 'modified_by', 'modified_date_time',
      ]);
      expect(Object.keys(channel.options[0])).toEqual(['value', 'type']);
    });

    it('answers the same preferences in XML', async () => {
      await expectXmlMirrorsJson(t, preferencesOf('1000001'));
    });

    it('answers an empty list for a customer without preferences', async () => {
      const response = await getPreferences('3000001', 'none');
      expect(response.body).toEqual({ request_tracking_id: 'none', preferences: [] });
    });
  });

  describe('PUT (op 10)', () => {
    it('changes the named selections, stamps who and when, and writes one event', async () => {
      const eventsBefore = await changeEvents('1000001');
      const before = wireNow();
      const response = await t.api
        .put(preferencesOf('1000001'))
        .set('Request-Tracking-Id', 'put-1')
        .send({
          preferences: [
            { category: 'Service Notification', channels: [{ name: 'Text', selections: [selection('602-555-0199', 'SMOBILE', 'N')] }] },
            { category: 'Service Exception', channels: [{ name: 'Voice', selections: [selection('602-555-0110', 'BPHONE', 'Y')] }] },
          ],
          audit_info: { modified_by: 'csr-42' },
        })
        .expect(200);
      const after = wireNow();
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toEqual({ request_tracking_id: 'put-1', status: 'Success' });

      const stored = (await getPreferences('1000001')).body.preferences;
      const expected = storedPreferences('1000001');
      const text = findChannel(expected, 'Service Notification', 'Text').selections[0];
      const voice = findChannel(expected, 'Service Exception', 'Voice').selections[0];
      const modifiedAt = findChannel(stored, 'Service Notification', 'Text').selections[0].audit_info.modified_date_time;
      Object.assign(text, { value: '602-555-0199', is_opt_in: 'N' });
      Object.assign(voice, { is_opt_in: 'Y' });
      for (const changed of [text, voice]) Object.assign(changed.audit_info, { modified_by: 'csr-42', modified_date_time: modifiedAt });
      expect(stored).toEqual(expected);
      expect(modifiedAt >= before && modifiedAt <= after).toBe(true);

      const written = (await changeEvents('1000001')).slice(eventsBefore.length);
      expect(written).toEqual([expect.objectContaining({ customerId: '1000001', payload: { modifiedBy: 'csr-42' }, state: 'pending' })]);
    });

    it('answers in XML when asked', async () => {
      const response = await t.api
        .put(preferencesOf('1000001'))
        .set('Request-Tracking-Id', 'put-xml')
        .set('Accept', 'application/xml')
        .send(withChange((body) => (body.preferences[0].channels = [{ name: 'Email', selections: [selection('maria.alvarez@example.com', 'SEMAIL', 'Y')] }])))
        .expect(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(await parseXmlBody(response.text)).toEqual(wrapLikeXml({ request_tracking_id: 'put-xml', status: 'Success' }));
    });

    it('creates a selection, and its channel, that did not exist', async () => {
      const before = wireNow();
      await t.api
        .put(preferencesOf('1000002'))
        .send({
          preferences: [
            { category: 'Service Notification', channels: [{ name: 'Voice', selections: [selection('206-555-0100', 'SPHONE', 'Y')] }] },
            { category: 'Service Exception', channels: [{ name: 'Text', selections: [selection('(206) 555-0183', 'BMOBILE', 'Y')] }] },
          ],
          audit_info: { modified_by: 'csr-7' },
        })
        .expect(200);
      const after = wireNow();

      const stored = (await getPreferences('1000002')).body.preferences;
      const createdAt = findChannel(stored, 'Service Notification', 'Voice').selections[0].audit_info.created_date_time;
      expect(createdAt >= before && createdAt <= after).toBe(true);
      const created = (value: string, type: string) => ({
        ...selection(value, type, 'Y'),
        audit_info: { created_by: 'csr-7', created_date_time: createdAt, modified_by: 'csr-7', modified_date_time: createdAt },
      });
      const expected = storedPreferences('1000002');
      findChannel(expected, 'Service Notification', 'Voice').selections = [created('206-555-0100', 'SPHONE')];
      expected[1].channels.push({ name: 'Text', is_opt_in: 'Y', selections: [created('(206) 555-0183', 'BMOBILE')], options: [] });
      expect(stored).toEqual(expected);
    });

    it('creates the category of a customer that had no preferences', async () => {
      await t.api
        .put(preferencesOf('3000001'))
        .send({
          preferences: [{ category: 'Service Exception', channels: [{ name: 'Email', selections: [selection('new@example.com', 'BEMAIL', 'Y')] }] }],
          audit_info: { modified_by: 'portal' },
        })
        .expect(200);
      const [preference] = (await getPreferences('3000001')).body.preferences;
      expect(preference).toMatchObject({
        category: 'Service Exception',
        is_category_enabled: 'Y',
        channels: [{ name: 'Email', is_opt_in: 'Y', selections: [{ value: 'new@example.com', type: 'BEMAIL', is_opt_in: 'Y' }], options: [] }],
      });
      expect(await changeEvents('3000001')).toHaveLength(1);
    });
  });

  describe('a rejected PUT changes nothing', () => {
    it.each<[string, Body | Record<string, unknown>, string]>([
      ['an unknown top-level member', { ...validBody(), notify_now: 'Y' }, 'notify_now'],
      ['an unknown selection member', withChange((b) => Object.assign(b.preferences[0].channels[1].selections[0], { colour: 'red' })), `${TEXT_SELECTION}.colour`],
      ['an unknown audit_info member', withChange((b) => Object.assign(b.audit_info, { modified_date_time: '2026-01-01 00:00:00' })), 'audit_info.modified_date_time'],
      ['a flag other than Y or N', withChange((b) => (b.preferences[0].channels[1].selections[0].is_opt_in = 'yes')), `${TEXT_SELECTION}.is_opt_in`],
      ['an email address in a phone selection', withChange((b) => (b.preferences[0].channels[1].selections[0].value = 'amelie.t@example.ca')), `${TEXT_SELECTION}.value`],
      ['a phone number in an email selection', withChange((b) => (b.preferences[0].channels[0].selections[0].value = '416-555-0100')), 'preferences[0].channels[0].selections[0].value'],
      ['a type the channel does not take', withChange((b) => (b.preferences[0].channels[1].selections[0] = selection('a@example.ca', 'SEMAIL', 'Y'))), `${TEXT_SELECTION}.type`],
      ['an unknown category', withChange((b) => (b.preferences[0].category = 'Billing Notification')), 'preferences[0].category'],
      ['an unknown channel name', withChange((b) => (b.preferences[0].channels[1].name = 'Fax')), 'preferences[0].channels[1].name'],
      ['an unknown selection type', withChange((b) => (b.preferences[0].channels[1].selections[0].type = 'WMOBILE')), `${TEXT_SELECTION}.type`],
      ['a number instead of a string', withChange((b) => Object.assign(b.preferences[0].channels[1].selections[0], { value: 4165550100 })), `${TEXT_SELECTION}.value`],
      ['a selection type twice in a channel', withChange((b) => b.preferences[0].channels[1].selections.push(selection('416-555-0101', 'SMOBILE', 'N'))), 'preferences[0].channels[1].selections[1].type'],
      ['a missing modified_by', withChange((b) => Object.assign(b, { audit_info: {} })), 'audit_info.modified_by'],
      ['a blank modified_by', withChange((b) => (b.audit_info.modified_by = '  ')), 'audit_info.modified_by'],
      ['a modified_by over 100 characters', withChange((b) => (b.audit_info.modified_by = 'x'.repeat(101))), 'audit_info.modified_by'],
      ['a value over 254 characters', withChange((b) => (b.preferences[0].channels[0].selections[0].value = `${'a'.repeat(250)}@example.ca`)), 'preferences[0].channels[0].selections[0].value'],
      ['a missing audit_info', { preferences: validBody().preferences }, 'audit_info'],
      ['an empty preferences list', withChange((b) => (b.preferences = [])), 'preferences'],
      ['a channel without selections', withChange((b) => (b.preferences[0].channels[1].selections = [])), 'preferences[0].channels[1].selections'],
    ])('answers 400 for %s, naming the field', async (_case, body, field) => {
      await expectNothingWritten('2000001', async () => {
        const response = await t.api.put(preferencesOf('2000001')).send(body);
        expectProblem(response, 400, 'VALIDATION_FAILED');
        expect(response.body.error.errors).toEqual([{ field, message: expect.any(String) }]);
      });
    });

    itRefusesBodiesThatAreNotSmallJson(() => t, preferencesOf, validBody);
  });

  describe('access (GET)', () => {
    itEnforcesCustomerScope(() => t, preferencesOf);
  });

  describe('access (PUT)', () => {
    itEnforcesCustomerScopeOnWrite(() => t, preferencesOf, validBody);
  });

  it('documents the PUT body and the creation of missing selections in OpenAPI', async () => {
    const { body: document } = await t.http().get('/docs/openapi.json').expect(200);
    const put = document.paths['/api/v1/customers/{customerId}/communication-preferences'].put;
    expect(put.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/UpdatePreferencesDto' });
    expect(put.description).toContain('A selection that does not exist yet is created');
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '413', '415']));
    const { SelectionUpdateDto: selectionSchema } = document.components.schemas;
    expect(selectionSchema.required).toEqual(['value', 'type', 'is_opt_in']);
    expect(selectionSchema.properties.type.enum).toEqual(['BEMAIL', 'SEMAIL', 'BMOBILE', 'SMOBILE', 'BPHONE', 'SPHONE']);
  });
});
