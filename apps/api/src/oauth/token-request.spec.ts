import { OAuthException } from './oauth.exception';
import { readTokenRequest } from './token-request';

const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function refusal(body: unknown, authorization?: string): Pick<OAuthException, 'error' | 'status'> {
  try {
    readTokenRequest(body, authorization);
  } catch (error) {
    if (error instanceof OAuthException) return { error: error.error, status: error.status };
    throw error;
  }
  throw new Error('expected an OAuthException');
}

describe('readTokenRequest', () => {
  it('reads credentials from the body', () => {
    expect(readTokenRequest({ grant_type: 'client_credentials', client_id: 'cs_a', client_secret: 's' }, undefined)).toEqual({
      clientId: 'cs_a',
      clientSecret: 's',
      usedBasic: false,
    });
  });

  it('reads HTTP Basic credentials, form-decoded', () => {
    expect(readTokenRequest({ grant_type: 'client_credentials' }, basic('cs_a', 'p%3Aq+r'))).toEqual({
      clientId: 'cs_a',
      clientSecret: 'p:q r',
      usedBasic: true,
    });
  });

  it('ignores authorization schemes other than Basic', () => {
    expect(
      readTokenRequest({ grant_type: 'client_credentials', client_id: 'cs_a', client_secret: 's' }, 'Bearer x').usedBasic,
    ).toBe(false);
  });

  it.each([
    ['no body at all', undefined, undefined],
    ['no grant_type', { client_id: 'cs_a', client_secret: 's' }, undefined],
    ['no client_secret', { grant_type: 'client_credentials', client_id: 'cs_a' }, undefined],
    ['no credentials', { grant_type: 'client_credentials' }, undefined],
    ['a repeated parameter', { grant_type: 'client_credentials', client_id: ['a', 'b'], client_secret: 's' }, undefined],
    ['two authentication methods', { grant_type: 'client_credentials', client_secret: 's' }, basic('cs_a', 's')],
    ['malformed Basic credentials', { grant_type: 'client_credentials' }, 'Basic bm8tY29sb24'],
  ])('refuses %s as invalid_request', (_case, body, authorization) => {
    expect(refusal(body, authorization)).toEqual({ error: 'invalid_request', status: 400 });
  });

  it('refuses other grants as unsupported_grant_type', () => {
    expect(refusal({ grant_type: 'password', client_id: 'a', client_secret: 'b' })).toEqual({
      error: 'unsupported_grant_type',
      status: 400,
    });
  });
});
