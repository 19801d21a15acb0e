import { CREDENTIAL_LIMITS } from '@curbside/contract';
import { OAuthException } from './oauth.exception';
import { readIntrospectionRequest, readTokenRequest } from './token-request';

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
    ['an over-long client_id', { grant_type: 'client_credentials', client_id: 'c'.repeat(CREDENTIAL_LIMITS.client_id + 1), client_secret: 's' }, undefined],
    ['an over-long client_secret', { grant_type: 'client_credentials', client_id: 'cs_a', client_secret: 's'.repeat(CREDENTIAL_LIMITS.client_secret + 1) }, undefined],
    ['an over-long Basic client id', { grant_type: 'client_credentials' }, basic('c'.repeat(CREDENTIAL_LIMITS.client_id + 1), 's')],
    ['an over-long Basic secret', { grant_type: 'client_credentials' }, basic('cs_a', 's'.repeat(CREDENTIAL_LIMITS.client_secret + 1))],
  ])('refuses %s as invalid_request', (_case, body, authorization) => {
    expect(refusal(body, authorization)).toEqual({ error: 'invalid_request', status: 400 });
  });

  it('refuses other grants as unsupported_grant_type', () => {
    expect(refusal({ grant_type: 'password', client_id: 'a', client_secret: 'b' })).toEqual({
      error: 'unsupported_grant_type',
      status: 400,
    });
  });

  it('takes credentials of exactly the longest length', () => {
    const clientId = 'c'.repeat(CREDENTIAL_LIMITS.client_id);
    const clientSecret = 's'.repeat(CREDENTIAL_LIMITS.client_secret);
    expect(readTokenRequest({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }, undefined).clientId).toBe(clientId);
  });
});

describe('readIntrospectionRequest', () => {
  it('refuses an over-long token as invalid_request, before the credentials are read', () => {
    const body = { token: 't'.repeat(CREDENTIAL_LIMITS.token + 1), client_id: 'cs_a', client_secret: 's' };
    expect(() => readIntrospectionRequest(body, undefined)).toThrow(expect.objectContaining({ error: 'invalid_request', status: 400 }));
    expect(readIntrospectionRequest({ ...body, token: 't'.repeat(CREDENTIAL_LIMITS.token) }, undefined).token).toHaveLength(CREDENTIAL_LIMITS.token);
  });
});
