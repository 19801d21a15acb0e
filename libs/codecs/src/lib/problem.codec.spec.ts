import { encodeProblem, negotiateProblemFormat, problemOf } from './problem.codec';

describe('problems (CONTRACT §4)', () => {
  const problem = problemOf({ status: 403, code: 'CUSTOMER_NOT_GRANTED', message: 'The client may not access this customer.' }, '/api/v1/customers/1000002/profiles?x=1', 'rt-1');

  it('names the status, the code and the request, without the query', () => {
    expect(problem).toEqual({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: 'The client may not access this customer.',
      instance: '/api/v1/customers/1000002/profiles',
      request_tracking_id: 'rt-1',
      error: { code: 'CUSTOMER_NOT_GRANTED', message: 'The client may not access this customer.', errors: [] },
    });
  });

  it('is written in the format Accept prefers, JSON when it allows neither', () => {
    expect(['application/problem+xml', 'application/xml;q=0.9, application/json;q=0.5', 'text/html', undefined].map(negotiateProblemFormat)).toEqual(['xml', 'xml', 'json', 'json']);
    expect(encodeProblem(problem, undefined)).toEqual({ contentType: 'application/problem+json; charset=utf-8', body: JSON.stringify(problem) });
    const xml = encodeProblem(problem, 'application/xml');
    expect(xml.contentType).toBe('application/problem+xml; charset=utf-8');
    expect(xml.body).toMatch(/<problem>[\s\S]*<code>CUSTOMER_NOT_GRANTED<\/code>[\s\S]*<\/problem>/);
  });
});
