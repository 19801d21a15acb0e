import { MAX_QUOTED_CHARACTERS } from '@curbside/contract';
import type { FuzzRequest } from './arbitraries';
import type { RawResponse } from './http';

/** A customer's record values of the import file: every string leaf and id, by customer. */
export type CustomerValues = Map<string, string[]>;

/**
 * Each customer's marker values: texts of its imported data that no other customer's data
 * contains (not even as part of a longer text) and that the public OpenAPI document does not
 * mention (its examples are public). A response that contains one of them shows that
 * customer's data. Short texts are left out: they could occur by chance.
 */
export function customerMarkers(values: CustomerValues, publicText: string): Map<string, string[]> {
  const markers = new Map<string, string[]>();
  for (const [customerId, own] of values) {
    const others = [...values].filter(([id]) => id !== customerId).flatMap(([, texts]) => texts);
    const unique = own.filter((text) => text.length >= 6 && !publicText.includes(text) && !others.some((other) => other.includes(text)));
    markers.set(customerId, [...new Set(unique)]);
  }
  return markers;
}

/** Every string leaf of an import-file customer. */
export function leaves(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return value === null || value === undefined ? [] : [String(value)];
}

/** Markers as one pattern (one scan of a body finds them all), and whether bodies must be decoded to find them. */
export interface MarkerSet {
  pattern: RegExp | null;
  /** Some marker has a character JSON or XML escapes: bodies are searched decoded too. */
  decode: boolean;
}

export function markerSet(markers: string[]): MarkerSet {
  const escaped = [...markers].sort((a, b) => b.length - a.length).map((marker) => marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return { pattern: markers.length === 0 ? null : new RegExp(escaped.join('|'), 'g'), decode: markers.some((marker) => /["\\&<>']/.test(marker)) };
}

export interface CheckRules {
  /** Markers of the customers each caller is not granted, by caller name. */
  forbiddenMarkers: Map<string, MarkerSet>;
  /** Paths that answer errors in the RFC 6749 §5.2 shape rather than as problems. */
  tokenUrls: string[];
}

const PROBLEM_TYPES = /^application\/problem\+(json|xml)(;|$)/;
const PROBLEM_MEMBERS = ['type', 'title', 'status', 'detail', 'instance', 'request_tracking_id'];

/** Texts that must never reach a client: stack frames, SQL, driver errors, internal file paths. */
const INTERNALS: Array<[string, RegExp]> = [
  ['a stack frame', /\bat [\w.<>$]+ \(|\n\s+at \S+|\.(?:ts|js):\d+:\d+/],
  ['SQL', /\bSELECT\b[\s\S]{0,200}\bFROM\b|\bINSERT INTO\b|\bUPDATE \S+ SET\b|\bDELETE FROM\b|SQLITE_|QueryFailedError|syntax error at or near|\brelation "/],
  ['a file path', /(?:^|[\s"'(=])\/(?:srv|home|usr|work|tmp|var|opt|app|root)\/|node_modules|[A-Z]:\\\\/],
];

/** What is wrong with `response` to `request`: [] when it keeps every promise of the edge. */
export function violations(request: FuzzRequest, response: RawResponse, rules: CheckRules): string[] {
  const found: string[] = [];
  if (response.status >= 500) found.push(`status ${response.status}`);
  const trackingHeader = response.headers['request-tracking-id'];
  if (typeof trackingHeader !== 'string' || trackingHeader === '') found.push('no Request-Tracking-Id header');
  else if (request.trackingId !== null && trackingHeader !== request.trackingId) found.push(`Request-Tracking-Id header ${trackingHeader} is not the one sent`);
  if (response.status >= 400) found.push(...errorBodyViolations(request, response, rules));
  const body = withoutEchoes(request, response);
  const ownText = withoutBodyEchoes(request, body);
  for (const [what, pattern] of INTERNALS) if (pattern.test(ownText)) found.push(`the body shows ${what}`);
  const forbidden = rules.forbiddenMarkers.get(request.caller.name);
  if (forbidden !== undefined) found.push(...leaks(request, body, forbidden));
  return found;
}

function errorBodyViolations(request: FuzzRequest, response: RawResponse, rules: CheckRules): string[] {
  const contentType = String(response.headers['content-type'] ?? '');
  const path = request.raw.path.split('?')[0];
  if (rules.tokenUrls.includes(path) && isOAuthError(contentType, response.text)) return [];
  if (!PROBLEM_TYPES.test(contentType)) return [`an error with content type "${contentType}", not a problem`];
  const problem = contentType.includes('+xml') ? readXmlProblem(response.text) : readJsonProblem(response.text);
  if (problem === null) return ['a problem body that does not parse'];
  const found = PROBLEM_MEMBERS.filter((member) => typeof problem[member] !== 'string' || problem[member] === '').map((member) => `a problem without ${member}`);
  if (problem['status'] !== String(response.status)) found.push(`a problem whose status ${problem['status']} is not ${response.status}`);
  if (typeof problem['error.code'] !== 'string' || problem['error.code'] === '') found.push('a problem without error.code');
  if (problem['request_tracking_id'] !== response.headers['request-tracking-id']) found.push('a problem whose request_tracking_id is not the header\u2019s');
  found.push(...reflections(request, response, contentType));
  return found;
}

/**
 * A problem shows a request's value only cut to MAX_QUOTED_CHARACTERS: no run of more characters
 * of anything the request carried appears in any member of its body (`detail`, `instance`, each
 * `errors[].field` and `message`...) nor in any of its headers. The one echo CONTRACT §4 asks
 * for, the request's tracking id (at most 200 characters, or refused), is left out.
 */
function reflections(request: FuzzRequest, response: RawResponse, contentType: string): string[] {
  const longest = MAX_QUOTED_CHARACTERS + 1;
  const inputs = requestValues(request).filter((input) => input.length >= longest);
  if (inputs.length === 0) return [];
  const shown = [...problemTexts(contentType, response.text), ...headerTexts(response)].join('\n');
  for (const input of inputs) {
    const run = commonRun(input, shown, longest);
    if (run !== null) return [`a problem that reflects more than ${MAX_QUOTED_CHARACTERS} characters of the request: "${run}"`];
  }
  return [];
}

/**
 * A run of `length` characters found in both texts, or null. Each run of the shorter text is searched for in the
 * longer one: a 20,000-character input against a short problem is a few hundred searches, not 20,000.
 */
function commonRun(one: string, other: string, length: number): string | null {
  const [shorter, longer] = one.length <= other.length ? [one, other] : [other, one];
  for (let start = 0; start + length <= shorter.length; start++) {
    const run = shorter.slice(start, start + length);
    if (longer.includes(run)) return run;
  }
  return null;
}

/** Every member name and text of a problem body but its tracking id: JSON strings, or XML element names and text, decoded. */
function problemTexts(contentType: string, text: string): string[] {
  if (contentType.includes('+xml')) {
    const elements = text.replace(/<request_tracking_id>[^<]*<\/request_tracking_id>/g, '');
    return elements.split(/[<>]/).map(decodeXmlText);
  }
  const body = parseJson(text);
  if (body === null || typeof body !== 'object') return [text];
  return stringsOf({ ...(body as Record<string, unknown>), request_tracking_id: null });
}

function headerTexts(response: RawResponse): string[] {
  return Object.entries(response.headers)
    .filter(([name]) => name !== 'request-tracking-id')
    .flatMap(([name, value]) => [name, ...(Array.isArray(value) ? value : [String(value ?? '')])]);
}

/** RFC 6749 §5.2: `{"error": "...", "error_description"?: "..."}` as JSON. */
function isOAuthError(contentType: string, text: string): boolean {
  if (!contentType.startsWith('application/json')) return false;
  const body = parseJson(text);
  return body !== null && typeof body === 'object' && typeof (body as Record<string, unknown>)['error'] === 'string';
}

/** The problem's members as text: `status`, `error.code`... */
function readJsonProblem(text: string): Record<string, string> | null {
  const body = parseJson(text) as Record<string, unknown> | null;
  if (body === null || typeof body !== 'object') return null;
  const error = (body['error'] ?? {}) as Record<string, unknown>;
  const members = Object.fromEntries(PROBLEM_MEMBERS.map((member) => [member, body[member]]));
  const asText = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
  return {
    ...Object.fromEntries(Object.entries(members).map(([name, value]) => [name, asText(value) as string])),
    'error.code': asText(error['code']) as string,
    'error.message': asText(error['message']) as string,
  };
}

/** The same members from `<problem>...</problem>`, entities decoded. */
function readXmlProblem(text: string): Record<string, string> | null {
  const root = /<problem>([\s\S]*)<\/problem>/.exec(text)?.[1];
  if (root === undefined) return null;
  const element = (name: string, within: string): string | undefined => {
    const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(within);
    return match === null ? undefined : decodeXmlText(match[1]);
  };
  const error = /<error>([\s\S]*)<\/error>/.exec(root)?.[1] ?? '';
  const outside = root.replace(/<error>[\s\S]*<\/error>/, '');
  return {
    ...Object.fromEntries(PROBLEM_MEMBERS.map((member) => [member, element(member, outside) as string])),
    'error.code': element('code', error) as string,
    'error.message': element('message', error) as string,
  };
}

const decodeXmlText = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (entity[0] !== '#') return named[entity.toLowerCase()];
    return String.fromCodePoint(entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
  });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The body without what it may echo of the request: the tracking id (sent, or a generated
 * UUID that may hold any digits) and the path (a problem's `instance`), as text, JSON and XML.
 */
function withoutEchoes(request: FuzzRequest, response: RawResponse): string {
  const echoes = [String(response.headers['request-tracking-id'] ?? ''), request.raw.path.split('?')[0]].filter((echo) => echo !== '');
  const forms = echoes.flatMap((echo) => [echo, JSON.stringify(echo).slice(1, -1), echo.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')]);
  return forms.sort((a, b) => b.length - a.length).reduce((body, form) => body.split(form).join(' '), response.text);
}

/**
 * The body without the request body's own member names and strings that a problem names (an unknown member, cut to
 * MAX_QUOTED_CHARACTERS), raw or JSON-escaped: a generated name such as `W:\` is the caller's text, not a path of ours.
 */
function withoutBodyEchoes(request: FuzzRequest, body: string): string {
  const parsed = parseJson(request.raw.body ?? '');
  if (parsed === null) return body;
  const texts = stringsOf(parsed).filter((text) => text.length >= 2);
  const cut = texts.map((text) => text.slice(0, MAX_QUOTED_CHARACTERS));
  const forms = [...texts, ...cut].flatMap((text) => [text, JSON.stringify(text).slice(1, -1)]);
  return forms.sort((a, b) => b.length - a.length).reduce((shown, form) => shown.split(form).join(' '), body);
}

/**
 * Markers of customers the caller is not granted found in the body (raw, JSON-decoded and
 * XML-decoded). A marker the request itself carries (an id it asked for, echoed in an error
 * detail) is not a leak.
 */
function leaks(request: FuzzRequest, body: string, forbidden: MarkerSet): string[] {
  if (forbidden.pattern === null) return [];
  const searched = forbidden.decode ? `${body}\n${jsonText(body)}\n${decodeXmlText(body)}` : body;
  const found = new Set([...searched.matchAll(forbidden.pattern)].map((match) => match[0]));
  if (found.size === 0) return [];
  const sent = requestText(request);
  return [...found].filter((marker) => !sent.includes(marker)).map((marker) => `another customer's data: "${marker}"`);
}

function requestText({ raw }: FuzzRequest): string {
  const target = raw.path;
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A malformed encoding is sent as is; the raw target is all the server can echo.
  }
  return [target, decoded, Buffer.from(target, 'latin1').toString('utf8'), ...Object.values(raw.headers), raw.body ?? ''].join('\n');
}

/** What a request carried, value by value: its target (raw and decoded), its header values, its body's strings (or text). */
function requestValues(request: FuzzRequest): string[] {
  const body = request.raw.body ?? '';
  const parsed = parseJson(body);
  const [target, decoded, asUtf8, ...headers] = requestText({ ...request, raw: { ...request.raw, body: '' } }).split('\n');
  return [target, decoded, asUtf8, ...headers, ...(parsed === null ? [body] : stringsOf(parsed))];
}

/** Every member name and string of a JSON value; iterative, as a generated body may nest thousands deep. */
function stringsOf(value: unknown): string[] {
  const found: string[] = [];
  const pending = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') found.push(current);
    else if (current !== null && typeof current === 'object') {
      if (!Array.isArray(current)) found.push(...Object.keys(current));
      pending.push(...Object.values(current));
    }
  }
  return found;
}

/** Every string of a JSON body, decoded, so escaped text is compared as text. */
function jsonText(text: string): string {
  return leaves(parseJson(text)).join('\n');
}
