import request, { type Response } from 'supertest';

/** A `Set-Cookie` as its value and attributes. */
export interface SetCookie {
  value: string;
  attributes: string[];
}

/** A resident's browser, as far as the page's HTTP rules go: one address, the session cookie, form posts. */
export interface PageClient {
  get(path: string): Promise<Response>;
  post(path: string, form: Record<string, string | undefined>): Promise<Response>;
  /** Opens a page link and keeps its session cookie. */
  open(token: string): Promise<void>;
  /** The session cookie a response set (and keeps it). */
  setCookie(response: Response): SetCookie;
  withCookie(cookie: string): PageClient;
  withHeader(name: string, value: string): PageClient;
}

/** A page client at `address` (sent as X-Forwarded-For: the test app trusts its loopback proxy). */
export function pageClient(url: string, address: string, headers: Record<string, string> = {}): PageClient {
  const state = { cookie: headers['Cookie'] ?? null };
  const send = (test: request.Test): request.Test => {
    void test.set('X-Forwarded-For', address);
    for (const [name, value] of Object.entries(headers)) if (name !== 'Cookie') void test.set(name, value);
    if (state.cookie !== null) void test.set('Cookie', state.cookie);
    return test.redirects(0);
  };
  const client: PageClient = {
    get: async (path) => send(request(url).get(path)),
    post: async (path, form) =>
      send(request(url).post(path))
        .type('form')
        .send(Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined))),
    open: async (token) => {
      const opened = await client.get(`/my/${token}`);
      if (opened.status !== 303) throw new Error(`the link did not open a session: ${opened.status}`);
      client.setCookie(opened);
    },
    setCookie: (response) => {
      const [header] = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
      if (header === undefined) throw new Error('no Set-Cookie');
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      state.cookie = pair;
      return { value: pair.slice(pair.indexOf('=') + 1), attributes };
    },
    withCookie: (cookie) => pageClient(url, address, { ...headers, Cookie: cookie }),
    withHeader: (name, value) => {
      const other = pageClient(url, address, { ...headers, [name]: value, ...(state.cookie === null ? {} : { Cookie: state.cookie }) });
      return other;
    },
  };
  return client;
}

/** The HTML of the first form posting to `action` (with or without a query). */
export function firstForm(html: string, action: string): string {
  const start = html.search(new RegExp(`<form [^>]*action="${action.replace(/[/.]/g, '\\$&')}(\\?[^"]*)?"`));
  if (start < 0) throw new Error(`no form posting to ${action}`);
  return html.slice(start, html.indexOf('</form>', start));
}

/** What a browser would send of a form as shown: hidden inputs, checked radios, selected options, textareas. */
export function fieldsOf(form: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [input] of form.matchAll(/<input [^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? '';
    if (name === undefined) continue;
    if (/type="radio"/.test(input) && !/ checked/.test(input)) continue;
    fields[name] = value.replace(/&amp;/g, '&');
  }
  for (const [, name, text] of form.matchAll(/<textarea [^>]*name="([^"]*)"[^>]*>([^<]*)<\/textarea>/g)) fields[name] = text;
  return fields;
}
