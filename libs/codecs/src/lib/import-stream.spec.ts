import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImportPiece, importPieces, NotJson, NotScanned, scannedPieces } from './import-stream';

const LISTS = new Set(['tickets', 'contacts']);

type Outcome = { pieces: ImportPiece[] } | { error: string };

/** Every piece, or the class of the error the reading stopped with. */
async function outcome(pieces: AsyncIterable<ImportPiece>): Promise<Outcome> {
  const all: ImportPiece[] = [];
  try {
    for await (const piece of pieces) all.push(piece);
  } catch (error) {
    return { error: (error as Error).constructor.name };
  }
  return { pieces: all };
}

/** Records whose strings hold what a scan can trip on: quotes, backslashes, brackets, commas, non-ASCII. */
const ticket = (i: number) => ({
  id: String(1000 + i),
  comments: `a "quoted" \\ back\\\\slash\\ ] } , : [ { é ✓ 😀 \u2028 ${'x'.repeat(i % 700)}\\`,
  services_info: [{ code: 'MSW', quantity: '1' }, { nested: { deeper: [1, -2.5e3, true, false, null, {}, []] } }],
});

describe('scannedPieces', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'curbside-import-stream-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  let files = 0;
  const written = (text: string): string => {
    const file = path.join(directory, `import-${files++}.json`);
    writeFileSync(file, text);
    return file;
  };

  /** The scan gives exactly what stream-json gives. */
  async function expectSamePieces(text: string): Promise<ImportPiece[]> {
    const file = written(text);
    const streamed = await outcome(importPieces(file, LISTS));
    expect(streamed).toHaveProperty('pieces');
    expect(await outcome(scannedPieces(file, LISTS))).toEqual(streamed);
    return (streamed as { pieces: ImportPiece[] }).pieces;
  }

  /** Stream-json rejects the text as JSON, and the scan gives up rather than take it. */
  async function expectBothRefuse(text: string): Promise<void> {
    const file = written(text);
    expect(await outcome(importPieces(file, LISTS))).toEqual({ error: NotJson.name });
    expect(await outcome(scannedPieces(file, LISTS))).toEqual({ error: NotScanned.name });
  }

  it('gives the pieces importPieces gives, across read chunks (a file of several MiB, pretty printed with CR LF and tabs)', async () => {
    const customers = [
      { id: '1', currency: 'USD', tickets: Array.from({ length: 9_000 }, (_, i) => ticket(i)), note: { tickets: [1] } },
      { contacts: [], id: '2', tickets: [ticket(1)], ivr_fee: null, contacts_extra: ['}'], '': 'empty key', 'a"b\\': 1 },
      'not an object',
      ['nor', 'this'],
      { tickets: 'not a list', contacts: [1, 'two', null, [3]] },
    ];
    const text = JSON.stringify({ holidays: [{ date: '2026-12-25' }], customers, trailing: true }, null, '\t').replaceAll('\n', '\r\n');
    expect(text.length).toBeGreaterThan(4 * 2 ** 20);
    const pieces = await expectSamePieces(text);
    expect(pieces.filter((piece) => piece.type === 'record')).toHaveLength(9_005);
    await expectSamePieces(JSON.stringify({ customers }));
  });

  it('gives the pieces importPieces gives when record lists, whole or cut by a read chunk, follow one another (hundreds of customers)', async () => {
    const customers = Array.from({ length: 400 }, (_, i) => ({
      id: String(i).padStart(6, '0'),
      tickets: Array.from({ length: i % 23 }, (_, j) => ticket(i + j)),
      contacts: i % 3 === 0 ? [] : [{ name: `c${i}` }, null],
    }));
    const pieces = await expectSamePieces(JSON.stringify({ customers }));
    expect(pieces.filter((piece) => piece.type === 'record')).toHaveLength(customers.reduce((sum, c) => sum + c.tickets.length + c.contacts.length, 0));
  });

  it('gives the pieces importPieces gives for any shape of JSON', async () => {
    for (const text of [
      '[]',
      '"customers"',
      ' 12 ',
      'null\n',
      '{}',
      '{"customers":{}}',
      '{"customers":[]}',
      '{"customers":[{"tickets":[{"id":"1"}],"tickets":[{"id":"2"}]}],"customers":[{"id":"3"}]}',
      '{"customers":[{"id":"1","contacts":[]}],"holidays":[{"date":"2026-12-25"},{"date":"2026-12-25"}]}',
    ]) {
      await expectSamePieces(text);
    }
  });

  it('refuses every truncation of a file, as importPieces does', async () => {
    const text = JSON.stringify({ customers: [{ id: '1', ivr_fee: null, tickets: [ticket(1), { id: '2', n: -1.5e-3, t: true }] }], holidays: [] });
    for (let length = 0; length < text.length; length++) {
      if (/^\s*$/.test(text.slice(length))) continue;
      await expectBothRefuse(text.slice(0, length));
    }
  });

  it('refuses malformed JSON, as importPieces does', async () => {
    for (const text of [
      '{"customers":[{"id":"1"},]}',
      '{"customers":[{"id":"1"} {"id":"2"}]}',
      '{"customers" [{"id":"1"}]}',
      '{"customers":[{"id" "1"}]}',
      '{"customers":[{"id":"1",}]}',
      '{"customers":[{"tickets":[{"id":"1"},,{"id":"2"}]}]}',
      '{"customers":[{"tickets":[{"id":"1"]}]}]}',
      '{"customers":[{"tickets":[{"id":"1"}}]}]}',
      '{"customers":[{"tickets":[{id:"1"}]}]}',
      "{'customers':[]}",
      '{"customers":[{"tickets":[{"id":"a\\x"}]}]}',
      '{"customers":[{"tickets":[{"id":"a\tb"}]}]}',
      '{"customers":[{"tickets":[{"id":01}]}]}',
      '{"customers":[{"tickets":[tru]}]}',
      '{"customers":[{"tickets":[true false]}]}',
      '{"customers":[]}}',
      '{"customers":[]} {}',
      '{"customers":[]} x',
      '{"customers":[}',
      '{"customers":[{"id":"1"}]]',
      '',
    ]) {
      await expectBothRefuse(text);
    }
  });

  it('gives up on what stream-json takes but JSON does not (a BOM, other whitespace, a number at the very end): importPieces reads those', async () => {
    for (const text of ['\uFEFF{"customers":[]}', '{"customers":\u00a0[]}', '12']) {
      const file = written(text);
      expect(await outcome(importPieces(file, LISTS))).toHaveProperty('pieces');
      expect(await outcome(scannedPieces(file, LISTS))).toEqual({ error: NotScanned.name });
    }
  });
});
