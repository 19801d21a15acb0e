import { tampered } from './tampering';

describe('tampered', () => {
  const part = (text: string) => Buffer.from(text).toString('base64url');
  const token = [part('header'), part('payload'), part('signature')].join('.');

  it('alters only the part it is asked to, to another value every time', () => {
    const [header, payload, signature] = tampered(token).split('.');
    expect([header, payload]).toEqual(token.split('.').slice(0, 2));
    expect(Buffer.from(signature, 'base64url').toString()).toBe('rignature');
    expect(tampered(token, 0).split('.').slice(1)).toEqual(token.split('.').slice(1));
    expect(Buffer.from(tampered(token, 0).split('.')[0], 'base64url').toString()).toBe('ieader');
  });

  it('alters a signature that already ends as a lenient hand edit would make it', () => {
    const ending = `${part('payload')}.${'A'.repeat(43)}`;
    expect(tampered(`h.${ending}`)).not.toBe(`h.${ending}`);
  });

  it('refuses a part the token does not have', () => {
    expect(() => tampered(token, 3)).toThrow('no part 3');
    expect(() => tampered('a.b.', -1)).toThrow('no part -1');
  });
});
