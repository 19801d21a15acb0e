import { negotiateFormat, negotiateProblemFormat } from './negotiation';

describe('negotiateFormat', () => {
  it.each([
    [undefined, 'json'],
    ['*/*', 'json'],
    ['application/*', 'json'],
    ['application/json', 'json'],
    ['application/xml', 'xml'],
    ['text/html, application/xml;q=0.9, */*;q=0.8', 'xml'],
    ['application/xml;q=0.5, application/json;q=0.9', 'json'],
    ['application/json;q=0.1, application/xml', 'xml'],
    ['*/*, application/json;q=0', 'xml'],
  ])('Accept %s -> %s', (accept, format) => {
    expect(negotiateFormat(accept)).toBe(format);
  });

  it.each(['text/html', 'text/plain', 'application/json;q=0, application/xml;q=0', 'image/*'])(
    'Accept %s allows no format',
    (accept) => {
      expect(negotiateFormat(accept)).toBeNull();
    },
  );
});

describe('negotiateFormat on a route that also answers iCalendar', () => {
  const formats = ['json', 'xml', 'calendar'] as const;

  it.each([
    [undefined, 'json'],
    ['*/*', 'json'],
    ['text/calendar', 'calendar'],
    ['text/*', 'calendar'],
    ['text/calendar;q=0.5, application/xml', 'xml'],
  ])('Accept %s -> %s', (accept, format) => {
    expect(negotiateFormat(accept, formats)).toBe(format);
  });

  it('is not offered where the route does not declare it', () => {
    expect(negotiateFormat('text/calendar')).toBeNull();
  });
});

describe('negotiateProblemFormat', () => {
  it('honours problem media types and falls back to JSON', () => {
    expect(negotiateProblemFormat('application/problem+xml')).toBe('xml');
    expect(negotiateProblemFormat('application/xml')).toBe('xml');
    expect(negotiateProblemFormat('application/problem+json')).toBe('json');
    expect(negotiateProblemFormat('text/html')).toBe('json');
    expect(negotiateProblemFormat(undefined)).toBe('json');
  });
});
