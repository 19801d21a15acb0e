import { canonicalLanguage, canonicalTag } from './languages';

describe('canonicalTag (CONTRACT §11)', () => {
  it.each([
    ['ES', 'es'],
    ['zh-hant', 'zh-Hant'],
    ['ZH-HANS', 'zh-Hans'],
    ['fil', 'tl'],
    ['tl', 'tl'],
    ['fil-ph', 'tl-PH'],
    [' vi ', 'vi'],
  ])('%s is written %s', (tag, canonical) => {
    expect(canonicalTag(tag)).toBe(canonical);
  });

  it.each(['', 'x', 'zh_Hant', 'e$', 'english!'])('%j is no tag', (tag) => {
    expect(canonicalTag(tag)).toBeUndefined();
  });
});

describe('canonicalLanguage (CONTRACT §11)', () => {
  const offered = ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar'];

  it.each([
    ['ES', 'es'],
    ['zh-hant', 'zh-Hant'],
    ['fil', 'tl'],
    ['TL', 'tl'],
    ['ar', 'ar'],
  ])('%s is the offered %s', (tag, language) => {
    expect(canonicalLanguage(tag, offered)).toBe(language);
  });

  it.each(['fr', 'zh', 'es-MX', 'not a tag', ''])('%j is not offered', (tag) => {
    expect(canonicalLanguage(tag, offered)).toBeUndefined();
  });

  it('offers nothing more than the list names', () => {
    expect(canonicalLanguage('es', ['en'])).toBeUndefined();
  });
});
