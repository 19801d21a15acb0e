import { EventRepository } from '@curbside/persistence';
import { testDatabases } from '@curbside/testing';
import {
  expectNothingWritten as expectNothingWrittenTo,
  expectProblem,
  itEnforcesCustomerScopeOnWrite,
  itRefusesBodiesThatAreNotSmallJson,
  startTestApp,
  TestApp,
  XML_CONTENT_TYPE,
} from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';
import { parseXmlBody, wrapLikeXml } from './support/xml';

const contactsOf = (customerId: string) => `/api/v1/customers/${customerId}/contacts`;
const MEMBERS = ['name', 'first_name', 'middle_name', 'last_name', 'land_line', 'work_phone', 'mobile_phone', 'fax', 'email'];
const NO_ADDRESS = {
  street: 'null', city: 'null', country: 'null', province: 'null', postal_code: 'null', state: 'null', zip: 'null', zip4: 'null',
  metadata: { cleansed: 'null' },
};

/** The contact as GET shows it after an entry set `members` on it: the others "null", `address` kept. */
function expectedContact(type: string, members: Record<string, string | undefined>, address: WireRecord): WireRecord {
  return { type, ...Object.fromEntries(MEMBERS.map((name) => [name, members[name] ?? 'null'])), address };
}

const storedContact = (customerId: string, type: string): WireRecord =>
  structuredClone(fixtureCustomer(customerId).contacts.find((contact: WireRecord) => contact.type === type));

const validBody = () => ({
  contacts: [
    { type: 'billing', name: 'Amélie Tremblay', first_name: 'Amélie', last_name: 'Tremblay', mobile_phone: '+1 (416) 555-0100', email: 'amelie@example.ca' },
    { type: 'service', name: 'Site office', work_phone: '416.555.0199', fax: '416-555-0198' },
  ],
});
type Body = WireRecord;
const withChange = (change: (body: Body) => void): Body => {
  const body: Body = validBody();
  change(body);
  return body;
};

describe.each(testDatabases())('PUT contacts on $name', (database) => {
  let t: TestApp;
  let events: EventRepository;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '2000001', '3000001', '9999999'], fixture: true });
    events = t.app.get(EventRepository);
  });
  afterAll(() => t.close());

  const getContacts = (customerId: string) => t.api.get(contactsOf(customerId)).set('Request-Tracking-Id', 'read').expect(200);
  const changeEvents = async (customerId: string) =>
    (await events.list(customerId)).filter((event) => event.type === 'contacts.changed');

  const expectNothingWritten = (customerId: string, request: () => Promise<unknown>) =>
    expectNothingWrittenTo(t, contactsOf(customerId), customerId, request);

  describe('a valid body', () => {
    it('replaces the named members of each contact, keeps its address, and writes one contacts.changed event', async () => {
      const body = validBody();
      const response = await t.api.put(contactsOf('2000001')).set('Request-Tracking-Id', 'put-1').send(body).expect(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toEqual({ request_tracking_id: 'put-1', status: 'Success' });

      const { type: _billing, ...billingMembers } = body.contacts[0];
      const { type: _service, ...serviceMembers } = body.contacts[1];
      expect((await getContacts('2000001')).body.contacts).toEqual([
        expectedContact('billing', billingMembers, storedContact('2000001', 'billing').address),
        expectedContact('service', serviceMembers, storedContact('2000001', 'service').address),
      ]);
      expect(await changeEvents('2000001')).toEqual([
        expect.objectContaining({ customerId: '2000001', type: 'contacts.changed', payload: { types: 'billing,service' }, state: 'pending' }),
      ]);
    });

    it('changes only the contact it names, and takes the request_tracking_id the published sample repeats in the body', async () => {
      const before = (await getContacts('1000001')).body.contacts;
      await t.api
        .put(contactsOf('1000001'))
        .set('Request-Tracking-Id', 'put-2')
        .send({ contacts: [{ type: 'service', email: 'yard@example.com' }], request_tracking_id: 'put-2' })
        .expect(200, { request_tracking_id: 'put-2', status: 'Success' });
      const after = (await getContacts('1000001')).body.contacts;
      expect(after[0]).toEqual(before[0]);
      expect(after[1]).toEqual(expectedContact('service', { email: 'yard@example.com' }, before[1].address));
      expect(await changeEvents('1000001')).toHaveLength(1);
    });

    it('creates a contact the customer did not have, without an address', async () => {
      await t.api.put(contactsOf('3000001')).send({ contacts: [{ type: 'service', name: 'Dock B', land_line: '2065550100' }] }).expect(200);
      await t.api.put(contactsOf('3000001')).send({ contacts: [{ type: 'billing', name: 'Accounts payable' }] }).expect(200);
      const { body } = await getContacts('3000001');
      expect(body.contacts).toEqual([
        expectedContact('service', { name: 'Dock B', land_line: '2065550100' }, NO_ADDRESS),
        expectedContact('billing', { name: 'Accounts payable' }, NO_ADDRESS),
      ]);
      expect(await t.api.get(`${contactsOf('3000001')}/billing`).expect(200)).toMatchObject({
        body: { contacts: [expectedContact('billing', { name: 'Accounts payable' }, NO_ADDRESS)] },
      });
      expect(await changeEvents('3000001')).toHaveLength(2);
    });

    it('answers in XML when asked', async () => {
      const response = await t.api
        .put(contactsOf('1000002'))
        .set('Request-Tracking-Id', 'put-xml')
        .set('Accept', 'application/xml')
        .send({ contacts: [{ type: 'billing', name: 'Harbor Freight Co.' }] })
        .expect(200);
      expect(response.headers['content-type']).toBe(XML_CONTENT_TYPE);
      expect(await parseXmlBody(response.text)).toEqual(wrapLikeXml({ request_tracking_id: 'put-xml', status: 'Success' }));
    });
  });

  describe('a rejected body changes nothing and writes no event', () => {
    it.each<[string, Body, string]>([
      ['a bad email address', withChange((b) => (b.contacts[0].email = 'amelie.example.ca')), 'contacts[0].email'],
      ['a phone number with too few digits', withChange((b) => (b.contacts[1].work_phone = '555-01')), 'contacts[1].work_phone'],
      ['a phone number with too many digits', withChange((b) => (b.contacts[0].mobile_phone = '+1 416 555 0100 99999')), 'contacts[0].mobile_phone'],
      ['a phone number with letters', withChange((b) => (b.contacts[1].fax = '416-555-FAXX')), 'contacts[1].fax'],
      ['a bad land line', withChange((b) => (b.contacts[0].land_line = 'ext. 12')), 'contacts[0].land_line'],
      ['an unknown member of an entry', withChange((b) => (b.contacts[1].pager = '416-555-0100')), 'contacts[1].pager'],
      ['an address (not part of the body)', withChange((b) => (b.contacts[0].address = { city: 'Toronto' })), 'contacts[0].address'],
      ['an unknown top-level member', withChange((b) => (b.notify = 'Y')), 'notify'],
      ['a type twice', withChange((b) => (b.contacts[1].type = 'billing')), 'contacts[1].type'],
      ['an unknown type', withChange((b) => (b.contacts[1].type = 'shipping')), 'contacts[1].type'],
      ['an entry without a type', withChange((b) => delete b.contacts[1].type), 'contacts[1].type'],
      ['a number instead of a string', withChange((b) => (b.contacts[0].mobile_phone = 4165550100)), 'contacts[0].mobile_phone'],
      ['an object instead of a string', withChange((b) => (b.contacts[0].name = { first: 'Amélie' })), 'contacts[0].name'],
      ['an entry that is not an object', withChange((b) => (b.contacts[1] = 'service')), 'contacts[1]'],
      ['contacts that is not a list', { contacts: { type: 'billing' } }, 'contacts'],
      ['an empty contacts list', { contacts: [] }, 'contacts'],
      ['a body without contacts', { request_tracking_id: 'x' }, 'contacts'],
      ['a body that is a list', validBody().contacts as unknown as Body, ''],
    ])('answers 400 for %s, naming the field', async (_case, body, field) => {
      await expectNothingWritten('2000001', async () => {
        const response = await t.api.put(contactsOf('2000001')).send(body);
        expectProblem(response, 400, 'VALIDATION_FAILED');
        expect(response.body.error.errors).toEqual([{ field, message: expect.any(String) }]);
      });
    });

    it('rejects the whole body when only its second entry is bad', async () => {
      await expectNothingWritten('2000001', async () => {
        const response = await t.api.put(contactsOf('2000001')).send(withChange((b) => (b.contacts[1].email = 'not an address')));
        expectProblem(response, 400, 'VALIDATION_FAILED', 'contacts[1].email');
      });
    });

    itRefusesBodiesThatAreNotSmallJson(() => t, contactsOf, validBody);
  });

  describe('access', () => {
    itEnforcesCustomerScopeOnWrite(() => t, contactsOf, validBody);
  });

  it('documents the body, listing every member once, and its own errors in OpenAPI', async () => {
    const { body: document } = await t.http().get('/docs/openapi.json').expect(200);
    const put = document.paths['/api/v1/customers/{customerId}/contacts'].put;
    const schema = put.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties.contacts.items.properties)).toEqual(['type', ...MEMBERS]);
    expect(schema.properties.contacts.items.properties.type.enum).toEqual(['billing', 'service']);
    expect(schema.properties.contacts.items.additionalProperties).toBe(false);
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '413', '415']));
  });
});
