import { escapeText, parseXml, toXml } from './xml';
import { XML_UNSAFE_CHAR } from './xml-chars';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

describe('toXml', () => {
  it('writes the declaration, one root, a child element per member and a repeated element per array item', () => {
    const xml = toXml({ id: '1', tickets: [{ code: 'A' }, { code: 'B' }], none: [], nested: { deep: { leaf: 'x' } } });
    expect(xml).toBe(
      `${DECLARATION}<response><id>1</id><tickets><code>A</code></tickets><tickets><code>B</code></tickets>` +
        '<nested><deep><leaf>x</leaf></deep></nested></response>',
    );
  });

  it('takes another root name', () => {
    expect(toXml({ status: '400' }, 'problem')).toBe(`${DECLARATION}<problem><status>400</status></problem>`);
  });

  it('escapes &, < and > and leaves quotes as they are', () => {
    expect(toXml({ a: `Tom & Jerry <b>"bold"</b> it's ]]> done` })).toBe(
      `${DECLARATION}<response><a>Tom &amp; Jerry &lt;b&gt;"bold"&lt;/b&gt; it's ]]&gt; done</a></response>`,
    );
  });

  it('does not double-escape text that looks escaped already', () => {
    expect(toXml({ a: '&amp; &#x41;' })).toBe(`${DECLARATION}<response><a>&amp;amp; &amp;#x41;</a></response>`);
  });

  it('writes non-ASCII text and emoji as themselves', () => {
    expect(toXml({ a: 'é 中文 😀 🗑️' })).toBe(`${DECLARATION}<response><a>é 中文 😀 🗑️</a></response>`);
  });

  it('keeps CR by writing it as a character reference (readers turn a literal CR into LF)', () => {
    expect(toXml({ a: 'x\r\ny\tz' })).toBe(`${DECLARATION}<response><a>x&#xD;\ny\tz</a></response>`);
  });

  it('replaces characters XML cannot carry with U+FFFD so the document stays well-formed', () => {
    expect(toXml({ a: 'a\u0000b\u001Bc\uD83Dd\uDE00e\uFFFF' })).toBe(`${DECLARATION}<response><a>a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFD</a></response>`);
  });

  it('escapes every UTF-16 code unit, alone and beside text, as the full pattern does (the quick check skips none)', () => {
    const fullPattern = new RegExp(`[&<>\\r]|${XML_UNSAFE_CHAR.source}`, 'g');
    const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
    for (let code = 0; code <= 0xffff; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      expect(escapeText(text)).toBe(text.replace(fullPattern, (char) => escapes[char] ?? '\uFFFD'));
    }
  });

  it('writes null as an empty element and leaves undefined out, like JSON.stringify', () => {
    expect(toXml({ a: null, b: undefined, c: 3, d: true })).toBe(`${DECLARATION}<response><a></a><c>3</c><d>true</d></response>`);
  });

  it('writes every element name the same however many names it has seen (its tags are kept for the first thousand)', () => {
    const names = Array.from({ length: 1_500 }, (_, i) => `member_${i}`);
    const expected = names.map((name) => `<${name}>${name}</${name}>`).join('');
    for (let round = 0; round < 2; round++) {
      expect(toXml(Object.fromEntries(names.map((name) => [name, name])))).toBe(`${DECLARATION}<response>${expected}</response>`);
    }
  });
});

describe('parseXml', () => {
  it('reads the root content with every value wrapped in an array', async () => {
    await expect(parseXml(toXml({ id: '1', tickets: [{ code: 'A' }, { code: 'B' }], meta: { n: '2' } }))).resolves.toEqual({
      id: ['1'],
      tickets: [{ code: ['A'] }, { code: ['B'] }],
      meta: [{ n: ['2'] }],
    });
  });

  it('gives every kind of text back exactly', async () => {
    const text = '  Tom & Jerry <b>"x"</b> é 中文 😀\r\n\ttabbed  ';
    await expect(parseXml(toXml({ a: text, empty: '', spaces: '   ' }))).resolves.toEqual({ a: [text], empty: [''], spaces: ['   '] });
  });

  it('reads bytes that went over the wire as UTF-8', async () => {
    const bytes = Buffer.from(toXml({ a: 'é 中文 😀' }), 'utf8');
    await expect(parseXml(bytes.toString('utf8'))).resolves.toEqual({ a: ['é 中文 😀'] });
  });

  it('reads an empty root as an empty object', async () => {
    await expect(parseXml(toXml({ activities: [] }))).resolves.toEqual({});
  });

  it('rejects malformed XML', async () => {
    await expect(parseXml('<response><a>x</b></response>')).rejects.toThrow();
    await expect(parseXml('<response><a>x & y</a></response>')).rejects.toThrow();
  });
});
