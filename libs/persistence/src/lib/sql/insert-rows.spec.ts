import type { NewDelivery } from '@curbside/domain';
import { testDatabases } from '@curbside/testing';
import { useDatabase } from '../../../test/support/database';
import { storeBundles } from '../../../test/support/stored-bundles';
import { emptyBundle } from '../../../test/support/fixtures';
import { inTransaction } from '../database/index';
import { DeliveryEntity, PreferenceCategoryEntity } from '../entities';
import { pendingDeliveryRows } from '../repositories/delivery.repository';
import { arrayParameter } from './array-parameter';
import { insertRows } from './insert-rows';
import { SQLITE_ROWS_PER_STATEMENT, sqliteStatementParts } from './sqlite-statement-parts';

/** Text an array literal must quote and escape (PostgreSQL writes rows as one array per column). */
const AWKWARD = ['', 'NULL', 'null', '"quoted", {braced}, back\\slash\\', 'two\nlines\ttab', 'Ünïcödé 🚛', ' padded ', '007'];

const delivery = (customerId: string, n: number, text: string): NewDelivery => ({
  eventId: 1000 + n,
  customerId,
  channel: 'Email',
  address: `c${n}@example.com`,
  selectionType: n % 2 === 0 ? 'SEMAIL' : null,
  webhookId: null,
  idempotencyKey: `curbside-rows-${n}`,
  subject: text,
  body: text,
  html: n % 3 === 0 ? null : `<p>${text}</p>`,
  listUnsubscribe: null,
});

/** The fields of a delivery row that `delivery` sets, and those a pending row starts with. */
const written = (row: Partial<DeliveryEntity>) => ({
  eventId: row.eventId,
  address: row.address,
  selectionType: row.selectionType,
  idempotencyKey: row.idempotencyKey,
  subject: row.subject,
  body: row.body,
  html: row.html,
  listUnsubscribe: row.listUnsubscribe,
  attempts: row.attempts,
  state: row.state,
});

describe('arrayParameter', () => {
  it('is the array literal PostgreSQL reads, or the values themselves where JSON would escape differently', () => {
    expect(arrayParameter(['', 'NULL', null, '"q" {b}, \\', '007'])).toBe('{"","NULL",null,"\\"q\\" {b}, \\\\","007"}');
    expect(arrayParameter([1, 0, -7, true, false, null])).toBe('{1,0,-7,true,false,null}');
    expect(arrayParameter([])).toBe('{}');
    for (const awkward of [['two\nlines'], ['tab\there'], ['truck 🚛'], ['lone \ud800'], [Number.NaN], [undefined], [{}]]) expect(arrayParameter(awkward)).toBe(awkward);
  });
});

describe('sqliteStatementParts', () => {
  it('cuts rows into full statements, then falling powers of two, in order, none lost', () => {
    const sizes = (count: number) => sqliteStatementParts(Array.from({ length: count }, (_, n) => n)).map((part) => part.length);
    expect(SQLITE_ROWS_PER_STATEMENT).toBe(512);
    expect(sizes(0)).toEqual([]);
    expect(sizes(1)).toEqual([1]);
    expect(sizes(700)).toEqual([512, 128, 32, 16, 8, 4]);
    expect(sizes(1_536)).toEqual([512, 512, 512]);
    expect(sizes(1_023)).toEqual([512, 256, 128, 64, 32, 16, 8, 4, 2, 1]);
    // Each count checked by hand and the counts that fail named at the end: Jest's deep equality on 3,001 arrays of up
    // to 3,000 rows took 19 s.
    const distinct = new Set<number>();
    const lostOrReordered: number[] = [];
    for (let count = 0; count <= 3_000; count++) {
      const joined = sqliteStatementParts(Array.from({ length: count }, (_, n) => n)).flatMap((part) => {
        distinct.add(part.length);
        return part;
      });
      if (joined.length !== count || joined.some((row, n) => row !== n)) lostOrReordered.push(count);
    }
    expect(lostOrReordered).toEqual([]);
    expect([...distinct].sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
  });
});

describe.each(testDatabases())('insertRows on $name', (db) => {
  const dataSource = useDatabase(db);

  it('writes every value as given: awkward text, empty strings, nulls, integers, booleans, in order', async () => {
    await storeBundles(dataSource(), emptyBundle('7100001'));
    const deliveries = AWKWARD.map((text, n) => delivery('7100001', n, text));
    await inTransaction(dataSource(), async (manager) => {
      await insertRows(manager, DeliveryEntity, pendingDeliveryRows(deliveries));
      await insertRows(manager, PreferenceCategoryEntity, [
        { customerId: '7100001', category: 'Service Notification', position: 0, enabled: true },
        { customerId: '7100001', category: 'Service Exception', position: 1, enabled: false },
      ]);
    });

    const rows = await dataSource().getRepository(DeliveryEntity).find({ where: { customerId: '7100001' }, order: { id: 'ASC' } });
    expect(rows.map(written)).toEqual(deliveries.map((one) => written({ ...one, attempts: 0, state: 'pending' })));
    const categories = await dataSource().getRepository(PreferenceCategoryEntity).find({ where: { customerId: '7100001' }, order: { position: 'ASC' } });
    expect(categories.map(({ category, enabled }) => [category, enabled])).toEqual([
      ['Service Notification', true],
      ['Service Exception', false],
    ]);
  });

  it('writes the same values whether an array goes as JSON-made text or through the driver', async () => {
    await storeBundles(dataSource(), emptyBundle('7100003'));
    // No control characters and no surrogates: every column of this batch is made by JSON.stringify.
    const plain = AWKWARD.filter((text) => typeof arrayParameter([text]) === 'string').map((text, n) => delivery('7100003', 200 + n, text));
    expect(plain.length).toBeGreaterThanOrEqual(6);
    await inTransaction(dataSource(), (manager) => insertRows(manager, DeliveryEntity, pendingDeliveryRows(plain)));
    const rows = await dataSource().getRepository(DeliveryEntity).find({ where: { customerId: '7100003' }, order: { id: 'ASC' } });
    expect(rows.map(written)).toEqual(plain.map((one) => written({ ...one, attempts: 0, state: 'pending' })));
  });

  it('writes a value every row shares as that value (sent once on PostgreSQL): the text NULL, empty text, null, a row alone', async () => {
    await storeBundles(dataSource(), emptyBundle('7100004'));
    const shared = (text: string | null, n: number): NewDelivery => ({ ...delivery('7100004', n, 'x'), subject: text, body: text ?? '', html: null });
    const batches = [[shared('NULL', 300), shared('NULL', 301)], [shared('', 302), shared('', 303)], [shared(null, 304), shared(null, 305)], [shared('🚛 "alone"', 306)]];
    await inTransaction(dataSource(), async (manager) => {
      for (const batch of batches) await insertRows(manager, DeliveryEntity, pendingDeliveryRows(batch));
    });
    const rows = await dataSource().getRepository(DeliveryEntity).find({ where: { customerId: '7100004' }, order: { id: 'ASC' } });
    expect(rows.map(written)).toEqual(batches.flat().map((one) => written({ ...one, attempts: 0, state: 'pending' })));
  });

  it('writes rows of many statements in the order given (1,337 rows: two full statements and a tail in five)', async () => {
    await storeBundles(dataSource(), emptyBundle('7100005'));
    const deliveries = Array.from({ length: 1_337 }, (_, n) => delivery('7100005', 400 + n, AWKWARD[n % AWKWARD.length]));
    await inTransaction(dataSource(), (manager) => insertRows(manager, DeliveryEntity, pendingDeliveryRows(deliveries)));
    const rows = await dataSource().getRepository(DeliveryEntity).find({ where: { customerId: '7100005' }, order: { id: 'ASC' } });
    expect(rows.map(written)).toEqual(deliveries.map((one) => written({ ...one, attempts: 0, state: 'pending' })));
  });

  it('writes nothing of a statement that fails (a duplicate key): the transaction rolls back whole', async () => {
    await storeBundles(dataSource(), emptyBundle('7100002'));
    const twice = [delivery('7100002', 100, 'one'), { ...delivery('7100002', 101, 'two'), idempotencyKey: 'curbside-rows-100' }];
    await expect(inTransaction(dataSource(), (manager) => insertRows(manager, DeliveryEntity, pendingDeliveryRows(twice)))).rejects.toThrow();
    expect(await dataSource().getRepository(DeliveryEntity).count({ where: { customerId: '7100002' } })).toBe(0);
  });
});
