import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_IN_LANGUAGES } from './catalog-files';
import { checkCatalogs, languageCoverage, unknownLanguages } from './check';
import { Localized } from './isolation';
import { loadMessages, type Messages } from './messages';
import { fitText, textShape } from './texts';

const ALL = ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar'];

describe('Messages (CONTRACT §11)', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'messages-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('formats a message in the language asked for, with CLDR plurals', async () => {
    const messages = await loadMessages({ languages: ALL });
    expect(messages.format('es', 'event.case.opened', { caseId: 'C-7' })).toEqual({ text: 'Se abrió el caso C-7', language: 'es' });
    expect(messages.format('en', 'notice.reminder.intro', { count: 1 }).text).toBe('This service is picked up:');
    expect(messages.format('en', 'notice.reminder.intro', { count: 3 }).text).toBe('These 3 services are picked up:');
    expect(messages.format('ar', 'notice.reminder.intro', { count: 2 }).text).toBe('ستُجمع هاتان الخدمتان:');
    expect(messages.format('ar', 'notice.reminder.intro', { count: 5 }).text).toBe('ستُجمع 5 خدمات:');
  });

  it('isolates never-translated values in Arabic, as text and as HTML, and writes dates with Latin digits', async () => {
    const messages = await loadMessages({ languages: ALL });
    expect(messages.format('ar', 'event.case.opened', { caseId: 'C-7' }).text).toBe('فُتح الملف \u2068C-7\u2069');
    expect(messages.formatHtml('ar', 'event.case.opened', { caseId: '<C>' }).text).toBe('فُتح الملف <bdi>&lt;C&gt;</bdi>');
    expect(messages.formatHtml('en', 'event.case.opened', { caseId: '<C>' }).text).toBe('Case &lt;C&gt; was opened');
    expect(messages.date('ar', '2026-11-26').text).toBe('الخميس، 26 نوفمبر');
    expect(messages.date('en', '2026-11-26').text).toBe('Thursday, November 26');
    expect(messages.date('vi', '2026-11-26').text).toBe('Thứ Năm, 26 tháng 11');
    expect(messages.format('ar', 'event.pickup.reminder', { date: messages.date('ar', '2026-11-26') }).text).not.toContain('\u2068');
    expect(messages.dir('ar')).toBe('rtl');
    expect(messages.stopWords()).toEqual(expect.arrayContaining(['PARAR', 'CANCELAR', 'ALTO']));
    expect(messages.dir('zh-Hant')).toBe('ltr');
    expect(messages.list('en', ['A', 'B', 'C'])).toEqual(new Localized('A, B, and C'));
  });

  it('overrides key by key from MESSAGES_DIR, adds a language, and falls back whole messages to the default, then en', async () => {
    writeFileSync(join(folder, 'es.json'), JSON.stringify({ 'event.case.opened': 'Caso {caseId} abierto' }));
    writeFileSync(join(folder, 'fr.json'), JSON.stringify({ 'event.case.opened': 'Dossier {caseId} ouvert' }));
    const messages = await loadMessages({ languages: ['es', 'fr'], messagesDir: folder });
    expect(messages.format('es', 'event.case.opened', { caseId: '1' }).text).toBe('Caso 1 abierto');
    expect(messages.format('es', 'event.case.closed', { caseId: '1' }).text).toBe('Se cerró el caso 1');
    expect(messages.format('fr', 'event.case.opened', { caseId: '1' })).toEqual({ text: 'Dossier 1 ouvert', language: 'fr' });
    expect(messages.format('fr', 'event.case.closed', { caseId: '1' })).toEqual({ text: 'Se cerró el caso 1', language: 'es' });
    expect(messages.languageFor('fr', ['event.case.opened', 'event.case.closed'])).toBe('es');
    const coverage = languageCoverage(messages).find((entry) => entry.language === 'fr');
    expect(coverage).toMatchObject({ messages: 1, of: messages.keys.length });
    expect(coverage?.fallback).toContain('event.case.closed');
    expect(unknownLanguages(['es', 'FR', 'de'], folder)).toEqual(['de']);
    expect(unknownLanguages(BUILT_IN_LANGUAGES, null)).toEqual([]);
  });

  it('picks a page language by lang, then the customer, then Accept-Language with likely subtags, then the default', async () => {
    const messages = await loadMessages({ languages: ALL });
    const page = (request: Parameters<Messages['pageLanguage']>[0]) => messages.pageLanguage(request);
    expect(page({ query: 'ar', customerLanguage: 'vi', acceptLanguage: 'es' })).toEqual({ language: 'ar', fromAcceptLanguage: false });
    expect(page({ query: 'de', customerLanguage: 'vi', acceptLanguage: 'es' })).toEqual({ language: 'vi', fromAcceptLanguage: false });
    expect(page({ acceptLanguage: 'es-MX,es;q=0.9,en;q=0.5' })).toEqual({ language: 'es', fromAcceptLanguage: true });
    expect(page({ acceptLanguage: 'zh-TW' }).language).toBe('zh-Hant');
    expect(page({ acceptLanguage: 'zh-HK' }).language).toBe('zh-Hant');
    expect(page({ acceptLanguage: 'zh-CN' }).language).toBe('zh-Hans');
    expect(page({ acceptLanguage: 'fil-PH' }).language).toBe('tl');
    expect(page({ acceptLanguage: 'fr-FR, ko;q=0.4' }).language).toBe('ko');
    expect(page({ acceptLanguage: 'fr-FR' })).toEqual({ language: 'en', fromAcceptLanguage: true });
    expect(page({ acceptLanguage: 'not a tag;;' }).language).toBe('en');
    expect((await loadMessages({ languages: ['ko', 'vi'] })).pageLanguage({ acceptLanguage: 'es-MX' }).language).toBe('ko');
  });

  it('fits a text in its segments: English one GSM-7 segment, others two, shortened with ... before the ending', async () => {
    const english = fitText('en', `Curbside: ${'x'.repeat(200)}`, null, ' Reply STOP to opt out.');
    expect(english).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(english.text).toMatch(/x\.\.\. Reply STOP to opt out\.$/);
    expect(fitText('en', 'Curbside: Don’t forget — it’s “today”…', null, ' Reply STOP to opt out.').text).toBe(
      'Curbside: Don\'t forget - it\'s "today"... Reply STOP to opt out.',
    );
    expect(fitText('en', 'Curbside: Zoë’s 日本 pickup', null, ' Reply STOP.').encoding).toBe('GSM-7');
    const vietnamese = fitText('vi', `Curbside: ${'Nhắc lịch thu gom rác '.repeat(12)}`, null, ' Trả lời STOP để hủy.');
    expect(vietnamese).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(vietnamese.text.endsWith('... Trả lời STOP để hủy.')).toBe(true);
    expect(textShape('a'.repeat(306))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(textShape('{'.repeat(154))).toEqual({ encoding: 'GSM-7', segments: 3 });
  });

  it('messages check passes on the built-in catalogs', async () => {
    expect((await checkCatalogs(null, 'Curbside'))).toEqual([]);
  });

  it('messages check names the file, the key and the problem of a broken catalog', async () => {
    const file = join(folder, 'es.json');
    writeFileSync(
      file,
      JSON.stringify({
        'event.case.opened': 'Caso {caseId abierto',
        'event.case.closed': 'Caso {id} cerrado',
        'notice.reminder.intro': '{count, plural, other {# servicios}}',
        'event.pickup.reminder': `Recordatorio ${'muy largo '.repeat(40)} {date}`,
        'no.such.key': 'x',
      }),
    );
    const problems = await checkCatalogs(folder, 'Curbside');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file, key: 'event.case.opened', problem: expect.stringContaining('not ICU MessageFormat') }),
        expect.objectContaining({ file, key: 'event.case.closed', problem: 'lacks the placeholder {caseId} of en' }),
        expect.objectContaining({ file, key: 'event.case.closed', problem: 'has the placeholder {id}, which en does not' }),
        expect.objectContaining({ file, key: 'notice.reminder.intro', problem: 'the plural of {count} lacks the categories one, many of es' }),
        expect.objectContaining({ file, key: 'no.such.key' }),
      ]),
    );
    writeFileSync(file, JSON.stringify({ 'event.pickup.reminder': `Recordatorio ${'muy largo '.repeat(40)} {date}` }));
    expect(await checkCatalogs(folder, 'Curbside')).toEqual([
      expect.objectContaining({ file, key: 'event.pickup.reminder', problem: expect.stringContaining('segments with the longest values') }),
    ]);
  });
});
