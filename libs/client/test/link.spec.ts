import { nextLink } from '../src/lib/link';

describe('nextLink', () => {
  const base = 'http://127.0.0.1:3000/api/v1/customers/1000001/tickets?limit=2';

  it('finds rel="next" among other links, resolved against the request', () => {
    const header = '</api/v2/customers/1000001/invoices>; rel="successor-version", </api/v1/customers/1000001/invoices?limit=2&cursor=abc>; rel="next"';
    expect(nextLink(header, base)?.href).toBe('http://127.0.0.1:3000/api/v1/customers/1000001/invoices?limit=2&cursor=abc');
  });

  it('is null on the last page', () => {
    expect(nextLink(null, base)).toBeNull();
    expect(nextLink('</api/v2/customers/1000001/invoices>; rel="successor-version"', base)).toBeNull();
  });
});
