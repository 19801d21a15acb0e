import { CREDENTIAL_LIMITS } from '@curbside/contract';
import { OAuthException } from './oauth.exception';

/** A client credentials grant request (RFC 6749 §4.4), whichever way the client sent it. */
export interface TokenRequest {
  clientId: string;
  clientSecret: string;
  usedBasic: boolean;
}

/**
 * Reads a token request from a form or JSON body and an optional HTTP Basic header.
 * Throws OAuthException (invalid_request, unsupported_grant_type) for malformed ones.
 */
export function readTokenRequest(body: unknown, authorization: string | undefined): TokenRequest {
  const params = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const grantType = param(params, 'grant_type');
  if (grantType === null) throw new OAuthException('invalid_request', 'grant_type is required.');
  if (grantType !== 'client_credentials') {
    throw new OAuthException('unsupported_grant_type', 'Only the client_credentials grant is supported.');
  }

  return clientCredentials(params, authorization);
}

/** An introspection request (RFC 7662 §2.1): the token, and the asking client's credentials as for a token request. */
export interface IntrospectionRequest extends TokenRequest {
  token: string;
}

/** Reads an introspection request; throws OAuthException (invalid_request) for malformed ones. */
export function readIntrospectionRequest(body: unknown, authorization: string | undefined): IntrospectionRequest {
  const params = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const token = boundedParam(params, 'token');
  if (token === null) throw new OAuthException('invalid_request', 'token is required.');
  return { ...clientCredentials(params, authorization), token };
}

/** The client's credentials, in the body or as HTTP Basic (RFC 6749 §2.3.1), never both. */
function clientCredentials(params: Record<string, unknown>, authorization: string | undefined): TokenRequest {
  const basic = basicCredentials(authorization);
  const clientId = boundedParam(params, 'client_id');
  const clientSecret = boundedParam(params, 'client_secret');
  if (basic !== null) {
    if (clientSecret !== null || (clientId !== null && clientId !== basic.clientId)) {
      throw new OAuthException('invalid_request', 'Use one client authentication method: HTTP Basic or the request body.');
    }
    return { ...basic, usedBasic: true };
  }
  if (clientId === null || clientSecret === null) {
    throw new OAuthException('invalid_request', 'client_id and client_secret are required (in the body or as HTTP Basic).');
  }
  return { clientId, clientSecret, usedBasic: false };
}

/** Refuses a member longer than CONTRACT §2 allows: nothing that long is counted, hashed or kept. */
function withinLimit(name: keyof typeof CREDENTIAL_LIMITS, value: string, usedBasic = false): string {
  const limit = CREDENTIAL_LIMITS[name];
  if (value.length > limit) throw new OAuthException('invalid_request', `${name} is longer than ${limit} characters.`, usedBasic);
  return value;
}

/** A credential member, as `param` reads it, within its limit. */
function boundedParam(params: Record<string, unknown>, name: keyof typeof CREDENTIAL_LIMITS): string | null {
  const value = param(params, name);
  return value === null ? null : withinLimit(name, value);
}

/** A parameter sent once as a non-empty string; null when absent. Repeated parameters are refused (§3.2). */
function param(params: Record<string, unknown>, name: string): string | null {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new OAuthException('invalid_request', `${name} must be given once, as a string.`);
  return value;
}

/** `Authorization: Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 §2.3.1); null for other schemes. */
function basicCredentials(authorization: string | undefined): { clientId: string; clientSecret: string } | null {
  const encoded = /^Basic +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (encoded === undefined) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const clientId = formDecode(decoded.slice(0, colon));
  const clientSecret = formDecode(decoded.slice(colon + 1));
  if (colon < 0 || clientId === null || clientSecret === null || clientId === '' || clientSecret === '') {
    throw new OAuthException('invalid_request', 'The HTTP Basic credentials are malformed.', true);
  }
  return { clientId: withinLimit('client_id', clientId, true), clientSecret: withinLimit('client_secret', clientSecret, true) };
}

function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
