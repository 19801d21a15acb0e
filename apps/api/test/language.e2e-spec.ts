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
import { parseXmlBody, wrapLikeXml } from './support/xml';

/** CONTRACT §11: a customer's language, GET and PUT. */

const LANGUAGES = ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar'];
const languageOf = (customerId: string) => `/api/v1/customers/${customerId}/language`;

/** The current time as audit datetimes are written (`yyyy-MM-dd HH:mm:ss`), for bounding "now". */
const wireNow = () => nowLocalDateTime().slice(0, 19).replace('T', ' ');

describe.each(testDatabases())('a customer\u2019s language (CONTRACT \u00a711) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, {
      customers: ['1000001', '1000002', '2000001', '3000001', '9999999'],
      fixture: true,
      env: { LANGUAGES: LANGUAGES.join(',') },
    });
  });
  afterAll(() => t.close());

  const read = (customerId: string, trackingId = 'read') => t.api.get(languageOf(customerId)).set('Request-Tracking-Id', trackingId).expect(200);
  const put = (customerId: string, language: unknown) => t.api.put(languageOf(customerId)).send({ language });
  const changeEvents = async (customerId: string) =>
    (await t.app.get(EventRepository).list(customerId)).filter((event) => event.type === 'preferences.changed');
  const expectNothingWritten = (customerId: string, request: () => Promise<unknown>) => expectNothingWrittenTo(t, languageOf(customerId), customerId, request);

  describe('GET', () => {
    it('answers "null" until a language is set, with the offered languages, the default first', async () => {
      const response = await read('3000001', 'get-1');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toEqual({
        request_tracking_id: 'get-1',
        language: 'null',
        offered: LANGUAGES,
        audit_info: { modified_by: 'null', modified_date_time: 'null' },
      });
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'language', 'offered', 'audit_info']);
    });

    it('answers the same in XML', async () => {
      await put('1000002', 'ko').expect(200);
      await expectXmlMirrorsJson(t, languageOf('1000002'));
    });
  });

  describe('PUT', () => {
    it.each([
      ['ES', 'es'],
      ['zh-hant', 'zh-Hant'],
      ['ZH-HANS', 'zh-Hans'],
      ['fil', 'tl'],
      ['vi', 'vi'],
    ])('stores %s as %s, stamped with the client and the time, and writes one preferences.changed event', async (sent, canonical) => {
      const before = wireNow();
      const eventsBefore = await changeEvents('1000001');
      const response = await t.api.put(languageOf('1000001')).set('Request-Tracking-Id', `put-${sent}`).send({ language: sent }).expect(200);
      const after = wireNow();
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toEqual({
        request_tracking_id: `put-${sent}`,
        language: canonical,
        offered: LANGUAGES,
        audit_info: { modified_by: t.client.clientId, modified_date_time: expect.any(String) },
      });
      const modifiedAt = response.body.audit_info.modified_date_time;
      expect(modifiedAt >= before && modifiedAt <= after).toBe(true);
      expect((await read('1000001')).body).toEqual({ ...response.body, request_tracking_id: 'read' });
      const written = (await changeEvents('1000001')).slice(eventsBefore.length);
      expect(written).toEqual([expect.objectContaining({ customerId: '1000001', payload: { modifiedBy: t.client.clientId }, state: 'pending' })]);
    });

    it('changes nothing, and writes no event, when the language is the one stored', async () => {
      await put('2000001', 'es').expect(200);
      await expectNothingWritten('2000001', () => put('2000001', 'Es').expect(200));
    });

    it('clears the language with "null"', async () => {
      await put('1000002', 'ar').expect(200);
      const eventsBefore = (await changeEvents('1000002')).length;
      const response = await put('1000002', 'null').expect(200);
      expect(response.body).toMatchObject({ language: 'null', offered: LANGUAGES, audit_info: { modified_by: t.client.clientId } });
      expect((await read('1000002')).body.language).toBe('null');
      expect(await changeEvents('1000002')).toHaveLength(eventsBefore + 1);
    });

    it('answers in XML when asked', async () => {
      const response = await t.api.put(languageOf('3000001')).set('Request-Tracking-Id', 'put-xml').set('Accept', 'application/xml').send({ language: 'TL' }).expect(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const json = { ...(await read('3000001', 'put-xml')).body };
      expect(json.language).toBe('tl');
      expect(await parseXmlBody(response.text)).toEqual(wrapLikeXml(json));
      // Put back: the GET test above reads 3000001 as never set only when it runs first.
      await put('3000001', 'null').expect(200);
    });

    it.each(['fr', 'zh', 'es-MX', 'english', 'e$'])('answers 422 UNSUPPORTED_LANGUAGE for %s, naming the offered languages, and writes nothing', async (tag) => {
      await put('2000001', 'vi').expect(200);
      await expectNothingWritten('2000001', async () => {
        const response = await put('2000001', tag);
        expectProblem(response, 422, 'UNSUPPORTED_LANGUAGE', 'language');
        expect(response.body.detail).toBe(`The hauler does not offer the language "${tag}"; offered: ${LANGUAGES.join(', ')}.`);
      });
    });

    it.each<[string, unknown, string]>([
      ['no language member', {}, 'language'],
      ['a JSON null', { language: null }, 'language'],
      ['a number', { language: 7 }, 'language'],
      ['a blank tag', { language: '  ' }, 'language'],
      ['a tag over 35 characters', { language: `en-${'x'.repeat(33)}` }, 'language'],
      ['an unknown member', { language: 'es', audit_info: { modified_by: 'me' } }, 'audit_info'],
    ])('answers 400 for %s, naming the field, and writes nothing', async (_case, body, field) => {
      await expectNothingWritten('2000001', async () => {
        const response = await t.api.put(languageOf('2000001')).send(body as object);
        expectProblem(response, 400, 'VALIDATION_FAILED');
        expect(response.body.error.errors).toEqual([{ field, message: expect.any(String) }]);
      });
    });

    itRefusesBodiesThatAreNotSmallJson(() => t, languageOf, () => ({ language: 'es' }));
  });

  describe('If-Match', () => {
    it('writes under the current ETag, refuses a stale one with 412 and writes nothing, and answers the new ETag', async () => {
      const { headers } = await read('1000001');
      const response = await t.api.put(languageOf('1000001')).set('If-Match', headers.etag).send({ language: 'ar' }).expect(200);
      expect(response.headers.etag).toBe((await read('1000001')).headers.etag);
      expect(response.headers.etag).not.toBe(headers.etag);
      await expectNothingWritten('1000001', async () =>
        expectProblem(await t.api.put(languageOf('1000001')).set('If-Match', headers.etag).send({ language: 'ko' }), 412, 'PRECONDITION_FAILED'),
      );
      await t.api.put(languageOf('1000001')).set('If-Match', '*').send({ language: 'ko' }).expect(200);
    });
  });

  describe('access (GET)', () => {
    itEnforcesCustomerScope(() => t, languageOf);
  });

  describe('access (PUT)', () => {
    itEnforcesCustomerScopeOnWrite(() => t, languageOf, () => ({ language: 'es' }));
  });

  it('documents both operations, the PUT body and the 422 in OpenAPI', async () => {
    const { body: document } = await t.http().get('/docs/openapi.json').expect(200);
    const path = document.paths['/api/v1/customers/{customerId}/language'];
    expect(path.get.operationId).toBe('getCustomerLanguage');
    expect(path.put.operationId).toBe('updateCustomerLanguage');
    const schema = path.put.requestBody.content['application/json'].schema;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['language'], properties: { language: { type: 'string', maxLength: 35 } } });
    expect(Object.keys(path.put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '412', '413', '415', '422']));
  });
});
