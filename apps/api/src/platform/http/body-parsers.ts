import { parse as parseForm } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { bounded, quoted } from '@curbside/contract';
import { ApiErrorCode, ApiException } from '../errors/api.exception';

/**
 * Member names no body of the interface has, which in JavaScript name an object's prototype: a body
 * carrying one is an attack on whatever merges it, so it is refused by name rather than read.
 */
const RESERVED_MEMBER_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The two body parsers (Nest's own are off: `bodyParser: false`). JSON is read only when its meaning
 * cannot depend on the reader: UTF-8 (a declared charset other than utf-8 is a 415), every byte valid
 * UTF-8, valid JSON, no object naming a member twice, no reserved member name (400s). Forms are read
 * for the doors outside /api that take them (the token endpoint, one-click unsubscribe, inbound texts;
 * JsonBodyGuard refuses them under /api); a repeated field reads as a list. A multipart body is taken by
 * the one-click unsubscribe alone (RFC 8058 §3.2 shows a mailbox provider posting one), and not read:
 * the link's token says everything; anywhere else it is a 415.
 */
export function registerBodyParsers(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    try {
      done(null, readJsonBody(body as Buffer, request.headers['content-type']));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, { ...parseForm(body as string) });
  });
  fastify.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit }, (request, _body, done) => {
    if (ONE_CLICK_UNSUBSCRIBE.test(request.url)) return done(null, {});
    done(new ApiException(ApiErrorCode.UNSUPPORTED_MEDIA_TYPE), undefined);
  });
}

/** The one-click unsubscribe's path (CONTRACT §10): `/unsubscribe/{token}`. */
const ONE_CLICK_UNSUBSCRIBE = /^\/unsubscribe\/[^/?]+(\?|$)/;

/** The JSON value of a body, or the ApiException that refuses it. */
export function readJsonBody(bytes: Buffer, contentType: string | undefined): unknown {
  const charset = charsetOf(contentType ?? '');
  if (charset !== null && charset !== 'utf-8') {
    throw new ApiException(ApiErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The request body must be application/json encoded as UTF-8 (charset=utf-8 or none).');
  }
  const text = decodeUtf8(bytes);
  if (text.trim() === '') throw new ApiException(ApiErrorCode.BAD_REQUEST, 'The body is empty; a JSON value was expected.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiException(ApiErrorCode.BAD_REQUEST, 'The body is not valid JSON.');
  }
  refuseAmbiguousMembers(text);
  return value;
}

/** The charset parameter of a Content-Type, lower-cased and unquoted; null when there is none. */
function charsetOf(contentType: string): string | null {
  const match = /;\s*charset\s*=\s*("([^"]*)"|[^;\s]*)/i.exec(contentType);
  if (match === null) return null;
  return (match[2] ?? match[1]).toLowerCase();
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new ApiException(ApiErrorCode.BAD_REQUEST, 'The body is not valid UTF-8.');
  }
}

/** An object or array being scanned, and where it is in the body (`contacts[0]`). */
interface Container {
  path: string;
  /** The names seen so far in an object; null for an array. */
  names: Set<string> | null;
  /** The member (object) or index (array) whose value comes next. */
  current: string;
  index: number;
}

/**
 * Walks text that JSON.parse accepted, refusing a member named twice in one object (JSON.parse keeps
 * the last; another parser may keep the first) and a reserved member name. Iterative: any depth is safe.
 */
function refuseAmbiguousMembers(text: string): void {
  const stack: Container[] = [];
  let expectingName = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (expectingName && top?.names) {
        checkMemberName(top, JSON.parse(text.slice(i, end + 1)) as string);
        expectingName = false;
      }
      i = end;
    } else if (char === '{' || char === '[') {
      stack.push({ path: valuePath(stack), names: char === '{' ? new Set() : null, current: '', index: 0 });
      expectingName = char === '{';
    } else if (char === '}' || char === ']') {
      stack.pop();
      expectingName = false;
    } else if (char === ',') {
      const top = stack[stack.length - 1];
      if (top.names === null) top.index++;
      else expectingName = true;
    }
  }
}

function checkMemberName(object: Container, name: string): void {
  const field = object.path === '' ? bounded(name) : `${object.path}.${bounded(name)}`;
  if (RESERVED_MEMBER_NAMES.has(name)) {
    const message = `${quoted(name)} is a reserved member name and is refused`;
    throw new ApiException(ApiErrorCode.BAD_REQUEST, `The body uses a reserved member name: ${quoted(name)}.`, [{ field, message }]);
  }
  if (object.names?.has(name)) {
    const message = 'is named twice in one object';
    throw new ApiException(ApiErrorCode.BAD_REQUEST, `The body names the member ${quoted(field)} twice in one object.`, [{ field, message }]);
  }
  object.names?.add(name);
  object.current = name;
}

/** The path of the value that starts now, inside the innermost container. */
function valuePath(stack: Container[]): string {
  const top = stack[stack.length - 1];
  if (top === undefined) return '';
  if (top.names === null) return `${top.path}[${top.index}]`;
  return top.path === '' ? bounded(top.current) : `${top.path}.${bounded(top.current)}`;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i;
}
