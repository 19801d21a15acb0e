import { entityTag, ifMatch, jsonEntityTag, noneMatch, serialize } from './entity-tag';

describe('serialize', () => {
  it.each([
    { request_tracking_id: 'trk "1" <&>', tickets: [{ id: '1' }], metadata: [{ totalCount: '1' }] },
    { request_tracking_id: 'trk' },
    { currency: 'USD', invoices: [] },
    { tickets: [], request_tracking_id: 'not first' },
  ])('writes exactly the JSON of %j, and the JSON without its tracking id', (body) => {
    const { json, untracked } = serialize(body);
    expect(JSON.parse(json)).toEqual(body);
    const { request_tracking_id: _tracking, ...rest } = body as Record<string, unknown>;
    expect(untracked).toBe(JSON.stringify(rest));
  });

  it('keeps the member order of bodies that start with the tracking id', () => {
    const body = { request_tracking_id: 't', preferences: [], status: 'Success' };
    expect(serialize(body).json).toBe(JSON.stringify(body));
  });
});

describe('entity tags', () => {
  it('are strong, the same whatever the tracking id, and differ by format and by content', () => {
    const tag = jsonEntityTag({ request_tracking_id: 'a', cases: [{ case_id: '1' }] });
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(jsonEntityTag({ request_tracking_id: 'b', cases: [{ case_id: '1' }] })).toBe(tag);
    expect(entityTag(serialize({ cases: [{ case_id: '1' }] }).untracked, 'xml')).not.toBe(tag);
    expect(jsonEntityTag({ request_tracking_id: 'a', cases: [{ case_id: '2' }] })).not.toBe(tag);
  });

  it('match If-None-Match weakly: one tag, a list, a weak tag, *', () => {
    expect(noneMatch('"x"', '"x"')).toBe(false);
    expect(noneMatch('"a", "x"', '"x"')).toBe(false);
    expect(noneMatch('W/"x"', '"x"')).toBe(false);
    expect(noneMatch('*', '"x"')).toBe(false);
    expect(noneMatch('"y"', '"x"')).toBe(true);
    expect(noneMatch('x', '"x"')).toBe(true);
  });

  it('match If-Match strongly: absent and * match, a weak tag never does', () => {
    expect(ifMatch(undefined, '"x"')).toBe(true);
    expect(ifMatch('*', '"x"')).toBe(true);
    expect(ifMatch('"a", "x"', '"x"')).toBe(true);
    expect(ifMatch('W/"x"', '"x"')).toBe(false);
    expect(ifMatch('"y"', '"x"')).toBe(false);
    expect(ifMatch('', '"x"')).toBe(false);
  });
});
