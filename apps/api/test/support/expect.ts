import type { Response } from 'supertest';
import type { TestApp } from './test-app';
import { parseXmlBody, wrapLikeXml } from './xml';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Asserts a JSON body that echoes `trackingId` in the `Request-Tracking-Id` header. */
export function expectJson(response: Response, trackingId: string): void {
  expect(response.headers['content-type']).toBe(JSON_CONTENT_TYPE);
  expect(response.headers['request-tracking-id']).toBe(trackingId);
}

/** Asserts a JSON problem with `status` and `error.code`, and, when given, an error naming `field`. */
export function expectProblem(response: Response, status: number, code: string, field?: string): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe(PROBLEM_CONTENT_TYPE);
  expect(response.body).toMatchObject({ status, error: { code } });
  if (field !== undefined) expect(response.body.error.errors.map((error: { field: string }) => error.field)).toContain(field);
}

/**
 * GETs `path` as JSON and as XML (both with `Request-Tracking-Id: same`), asserts that the XML parses back to the
 * JSON body (CONTRACT §4), and returns the XML response for further assertions.
 */
export async function expectXmlMirrorsJson(t: TestApp, path: string, accept = 'application/xml'): Promise<Response> {
  const json = await t.api.get(path).set('Request-Tracking-Id', 'same').expect(200);
  const xml = await t.api.get(path).set('Request-Tracking-Id', 'same').set('Accept', accept).expect(200);
  expect(xml.headers['content-type']).toBe(XML_CONTENT_TYPE);
  expect(await parseXmlBody(xml.text)).toEqual(wrapLikeXml(json.body));
  return xml;
}
