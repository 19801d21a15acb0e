import { EventRepository } from "@curbside/persistence";
import { expectProblem } from "./expect";
import type { TestApp } from "./test-app";

/** A customer of the fixture whose data the write tests check stays unchanged. */
const EXISTING = "2000001";

/**
 * Runs `request` and checks that it changed nothing: GET `path` answers the same bytes before
 * and after, and the customer has no new outbox event.
 */
export async function expectNothingWritten(
  t: TestApp,
  path: string,
  customerId: string,
  request: () => Promise<unknown>,
): Promise<void> {
  const events = t.app.get(EventRepository);
  const read = () =>
    t.api.get(path).set("Request-Tracking-Id", "read").expect(200);
  const before = await read();
  const eventsBefore = await events.list(customerId);
  await request();
  expect((await read()).text).toBe(before.text);
  expect(await events.list(customerId)).toEqual(eventsBefore);
}

/**
 * A write under test: its method, its path for a customer, and a GET whose answer shows whether it wrote anything
 * (a PUT's own path; default `path`). A PUT is given as its path alone.
 */
export type WriteRoute = ((customerId: string) => string) | { method: 'put' | 'post'; path: (customerId: string) => string; readPath: (customerId: string) => string };

function writeRoute(route: WriteRoute) {
  return typeof route === 'function' ? { method: 'put' as const, path: route, readPath: route } : route;
}

/**
 * The access tests of a write (CONTRACT §2): 401 without credentials, 403 for a customer not granted whether or not
 * it exists, 404 for a granted customer that does not exist — each writing nothing. The suite's client must be
 * granted 2000001 and 9999999; `body` is a valid body.
 */
export function itEnforcesCustomerScopeOnWrite(app: () => TestApp, write: WriteRoute, body: () => object): void {
  const { method, path: route, readPath } = writeRoute(write);
  it("answers 401 without credentials, changing nothing", async () => {
    const t = app();
    await expectNothingWritten(t, readPath(EXISTING), EXISTING, () =>
      t
        .http()
        [method](route(EXISTING))
        .set("Request-Tracking-Id", "anon")
        .send(body())
        .expect(401),
    );
  });

  it("answers 403 for a customer not granted, whether or not it exists, changing nothing", async () => {
    const t = app();
    const narrow = await t.registerClient(["1000001"]);
    await expectNothingWritten(t, readPath(EXISTING), EXISTING, () =>
      t.as(narrow)[method](route(EXISTING)).send(body()).expect(403),
    );
    await t.as(narrow)[method](route("8888888")).send(body()).expect(403);
  });

  it("answers 404 for a granted customer that does not exist, writing no event", async () => {
    const t = app();
    expectProblem(
      await t.api[method](route("9999999")).send(body()),
      404,
      "CUSTOMER_NOT_FOUND",
    );
    expect(await t.app.get(EventRepository).list("9999999")).toEqual([]);
  });
}

/**
 * What the platform refuses before a body is read, each writing nothing: malformed JSON, bytes that are not UTF-8, a
 * member named twice, a reserved member name (400); a body that is not JSON, a charset other than utf-8, or no
 * Content-Type (415); a body over 64 KiB (413). `body` is a valid body; the suite's client must be granted 2000001.
 */
export function itRefusesBodiesThatAreNotSmallJson(app: () => TestApp, write: WriteRoute, body: () => object): void {
  const { method, path: route, readPath } = writeRoute(write);
  const send = () => app().api[method](route(EXISTING));
  const unchangedBy = (request: () => Promise<unknown>) => expectNothingWritten(app(), readPath(EXISTING), EXISTING, request);

  it('answers 400 for malformed JSON', async () => {
    await unchangedBy(async () => expectProblem(await send().set('Content-Type', 'application/json').send('{"a": ['), 400, 'BAD_REQUEST'));
  });

  it.each([
    ['text/plain', () => JSON.stringify(body())],
    ['application/xml', () => '<response><a>b</a></response>'],
    ['application/x-www-form-urlencoded', () => 'a=b'],
  ])('answers 415 for a %s body', async (contentType, text) => {
    await unchangedBy(async () =>
      expectProblem(await send().set('Content-Type', contentType).send(text()), 415, 'UNSUPPORTED_MEDIA_TYPE'),
    );
  });

  it('answers 415 for a JSON body that declares a charset other than utf-8, and reads one that declares utf-8', async () => {
    const text = JSON.stringify(body());
    await unchangedBy(async () =>
      expectProblem(await send().set('Content-Type', 'application/json; charset=utf-16').send(text), 415, 'UNSUPPORTED_MEDIA_TYPE'),
    );
    const declared = await send().set('Content-Type', 'application/json; charset="UTF-8"').send('{');
    expectProblem(declared, 400, 'BAD_REQUEST');
    expect(declared.body.detail).toBe('The body is not valid JSON.');
  });

  it('answers 400 for bytes that are not valid UTF-8', async () => {
    const text = JSON.stringify({ ...body(), comments: 'INVALID' });
    const bytes = Buffer.concat(text.split('INVALID').flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(part)])));
    await unchangedBy(async () => {
      // Sent as they are: superagent would serialize a Buffer as JSON.
      const response = await send().set('Content-Type', 'application/json').serialize((raw: Buffer) => raw as unknown as string).send(bytes);
      expectProblem(response, 400, 'BAD_REQUEST');
      expect(response.body.detail).toBe('The body is not valid UTF-8.');
    });
  });

  it('answers 400 for an object that names a member twice, whichever value would win', async () => {
    const [first, ...rest] = Object.entries(body());
    const members = [first, [first[0], 'another value'], ...rest].map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
    await unchangedBy(async () => {
      const response = await send().set('Content-Type', 'application/json').send(`{${members.join(',')}}`);
      expectProblem(response, 400, 'BAD_REQUEST');
      expect(response.body.error.errors).toEqual([{ field: first[0], message: 'is named twice in one object' }]);
    });
  });

  it.each(['__proto__', 'constructor'])('answers 400 for a %s member, saying that the name is reserved', async (name) => {
    const text = JSON.stringify(body()).replace(/^\{/, `{${JSON.stringify(name)}:{"polluted":"yes"},`);
    await unchangedBy(async () => {
      const response = await send().set('Content-Type', 'application/json').send(text);
      expectProblem(response, 400, 'BAD_REQUEST');
      expect(response.body.detail).toBe(`The body uses a reserved member name: "${name}".`);
      expect(response.body.error.errors).toEqual([{ field: name, message: `"${name}" is a reserved member name and is refused` }]);
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 415 for a body without a Content-Type', async () => {
    await unchangedBy(() => send().send(Buffer.from(JSON.stringify(body()))).expect(415));
  });

  it('answers 413 for a body over 64 KiB', async () => {
    const oversized = { ...body(), padding: 'x'.repeat(70_000) };
    await unchangedBy(async () => expectProblem(await send().send(oversized), 413, 'PAYLOAD_TOO_LARGE'));
  });
}
