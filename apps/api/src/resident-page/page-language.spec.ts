import { formatDay, matchLanguage, message, pageLanguage } from './page-language';
import ar from './messages/ar.json';
import en from './messages/en.json';
import es from './messages/es.json';
import ko from './messages/ko.json';
import tl from './messages/tl.json';
import vi from './messages/vi.json';
import zhHans from './messages/zh-Hans.json';
import zhHant from './messages/zh-Hant.json';

const OFFERED = ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar'];

describe("the page's language (CONTRACT §11's page rule)", () => {
  it.each([
    ['es-MX', 'es'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-CN', 'zh-Hans'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['fil-PH', 'tl'],
    ['AR-eg', 'ar'],
    ['fr', null],
  ])('matches %s to %s', (asked, offered) => {
    expect(matchLanguage(asked, OFFERED)).toBe(offered);
  });

  it('takes lang first, then the customer\'s, then Accept-Language by weight, then the default', () => {
    const headers = { acceptLanguage: 'fr;q=1, ko;q=0.8, es;q=0.9' };
    expect(pageLanguage(OFFERED, { query: 'ar', customer: 'vi', ...headers })).toEqual({ tag: 'ar', fromHeader: false });
    expect(pageLanguage(OFFERED, { query: 'xx', customer: 'vi', ...headers })).toEqual({ tag: 'vi', fromHeader: false });
    expect(pageLanguage(OFFERED, { customer: 'de', ...headers })).toEqual({ tag: 'es', fromHeader: true });
    expect(pageLanguage(['ko', 'en'], {})).toEqual({ tag: 'ko', fromHeader: false });
  });
});

describe('the page catalogs', () => {
  it.each(Object.entries({ es, 'zh-Hans': zhHans, 'zh-Hant': zhHant, vi, tl, ko, ar }))('%s has every key of en with the same placeholders', (_tag, catalog) => {
    const placeholders = (text: string) => [...text.matchAll(/\{([a-zA-Z]+)\}/g)].map((match) => match[1]).sort();
    expect(Object.keys(catalog)).toEqual(Object.keys(en));
    for (const [key, text] of Object.entries(en)) expect(placeholders((catalog as Record<string, string>)[key])).toEqual(placeholders(text));
  });

  it('escapes the words and isolates each value', () => {
    expect(message('en', 'done.missed', { ticket: '<5003>' })).toBe('Your missed pickup is reported. Your ticket number is <bdi>&lt;5003&gt;</bdi>.');
  });

  it('writes days as the language does, with Latin digits', () => {
    expect(formatDay('en', '2026-11-30')).toBe('Monday, November 30');
    expect(formatDay('es', '2026-11-30')).toBe('lunes, 30 de noviembre');
    expect(formatDay('ar', '2026-11-30')).toMatch(/30/);
  });
});
