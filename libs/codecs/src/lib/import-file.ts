import { canonicalLanguage, FALLBACK_LANGUAGE, ID_PATTERN } from '@curbside/domain';
import type { BundleResource, CustomerBundle, ImportFile, LanguageTag } from '@curbside/domain';
import { findDuplicates } from './duplicates';
import { ImportFileError, type ImportIssue } from './errors';
import { holidayCodec, readHoliday } from './holiday.codec';
import { Invalid, type ObjectReader, type Report, decimal, id, readObject } from './reader';
import { type ResourceCodec, resourceCodecs } from './resources';
import { type WireObject, orNull } from './wire';

/*
 * The import/export file (CONTRACT §3 and §6): {"customers": [{id, currency, ivr_fee, language, contacts: [...], ...}],
 * "holidays": [...]}, every record in the wire shape of the API's responses. The record lists
 * of a customer are the rows of RESOURCE_CODECS.
 */

const currency = (value: string): string | Invalid =>
  /^[A-Z]{3}$/.test(value) ? value : new Invalid('expected a three-letter currency code such as USD');

/** How a file is read: which languages a customer's `language` may name. */
export interface ImportFileOptions {
  /** The hauler's languages (`LANGUAGES`, canonical); default `en` alone, as `LANGUAGES` is. */
  languages?: readonly LanguageTag[];
}

/** A tag among `offered`, in its canonical form (CONTRACT §11): `ES` is `es`, `fil` is `tl`. */
const offeredLanguage =
  (offered: readonly LanguageTag[]) =>
  (value: string): LanguageTag | Invalid =>
    canonicalLanguage(value, offered) ?? new Invalid(`expected a language the hauler offers (LANGUAGES): ${offered.join(', ')}`);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The string a raw record has at `path` (dotted), when it has a usable one. */
function rawValue(record: unknown, path: string): string | null {
  let value: unknown = record;
  if (!path.includes('.')) value = isPlainObject(value) ? value[path] : undefined;
  else for (const member of path.split('.')) value = isPlainObject(value) ? value[member] : undefined;
  return typeof value === 'string' && value !== 'null' ? value : null;
}

/**
 * What identifies a raw record: the values of its key members; null when the first (always
 * required) one is unusable, which is reported on its own.
 */
function rawKey(record: unknown, key: readonly string[]): string | null {
  const values = key.map((path) => rawValue(record, path));
  return values[0] === null ? null : JSON.stringify(values);
}

/** A record key as kept for the whole file: a number when it is one plain id (`["5001"]`), far smaller than its text. */
type RecordKey = string | number;

const PLAIN_ID_KEY = /^\["([1-9]\d{0,14})"\]$/;

function compactKey(key: string | null): RecordKey | null {
  const plainId = key === null ? null : PLAIN_ID_KEY.exec(key);
  return plainId === null ? key : Number(plainId[1]);
}

/** `id 5001` or `id 10001, planned_date 11/10/2026, ticket_number 790678`: the present key members. */
function describeKey(record: unknown, members: readonly string[]): string {
  return members
    .map((path) => [path, rawValue(record, path)])
    .filter(([, value]) => value !== null)
    .map(([path, value]) => `${path} ${value}`)
    .join(', ');
}

/** Names a record for people: `tickets[3] (id 5001)`. */
function recordLabel(list: string, index: number, record: unknown, members: readonly string[]): string {
  const key = describeKey(record, members);
  return key === '' ? `${list}[${index}]` : `${list}[${index}] (${key})`;
}

/** Collects every problem of a file, each tagged with its customer and record. */
class ImportIssues {
  readonly all: ImportIssue[] = [];

  reporter(customerId: string | null, record: string): Report {
    return (field, message) => this.all.push({ customerId, record, field, message });
  }
}

/** Reads one record list of `owner` (a customer, or the file); its key must be unique within the list. */
function readRecords<T>(
  owner: ObjectReader,
  issues: ImportIssues,
  customerId: string | null,
  { list, key, label = key, read }: Pick<ResourceCodec<T>, 'list' | 'key' | 'label' | 'read'>,
): T[] {
  const items = owner.array(list);
  const path = owner.fieldPath(list);
  const reporters = items.map((item, index) => issues.reporter(customerId, recordLabel(list, index, item, label)));
  const records = items.map((item, index) => readObject(item, `${path}[${index}]`, reporters[index], read));
  findDuplicates(
    items,
    (item) => rawKey(item, key),
    (index, firstIndex) =>
      reporters[index](
        `${path}[${index}].${key[0]}`,
        `duplicate ${describeKey(items[index], key)} (also ${list}[${firstIndex}])`,
      ),
  );
  return records;
}

function readCustomer(value: unknown, path: string, issues: ImportIssues, record: string, languages: readonly LanguageTag[]): CustomerBundle {
  const rawId = rawValue(value, 'id');
  const customerId = rawId !== null && ID_PATTERN.test(rawId) ? rawId : null;
  return readObject(value, path, issues.reporter(customerId, record), (c) => {
    const bundle: Record<string, unknown> = {
      customer: {
        id: c.required('id', id),
        currency: c.required('currency', currency),
        ivrFee: c.optional('ivr_fee', decimal),
        // Absent: the stored language stays (a billing system's file knows none); "null" clears it.
        ...(c.has('language') ? { language: c.optional('language', offeredLanguage(languages)) } : {}),
      },
    };
    for (const [kind, codec] of resourceCodecs()) bundle[kind] = readRecords(c, issues, customerId, codec);
    return bundle as unknown as CustomerBundle;
  });
}

/**
 * Strictly reads an import file into one bundle per customer and the holiday calendar. Every
 * problem in the whole file is collected, then one ImportFileError lists them all, each naming
 * customer, record and field path.
 */
export function decodeImportFile(json: unknown, { languages = [FALLBACK_LANGUAGE] }: ImportFileOptions = {}): ImportFile {
  const issues = new ImportIssues();
  const file = readObject(json, '', issues.reporter(null, 'file'), (f): ImportFile => {
    if (!f.has('customers')) f.report('customers', 'is required');
    const customers = f.array('customers');
    const labels = customers.map((customer, index) => recordLabel('customers', index, customer, ['id']));
    findDuplicates(
      customers,
      (customer) => rawValue(customer, 'id'),
      (index, firstIndex, key) =>
        issues.reporter(key, labels[index])(`customers[${index}].id`, `duplicate customer id ${key} (also customers[${firstIndex}])`),
    );
    return {
      customers: customers.map((customer, index) => readCustomer(customer, `customers[${index}]`, issues, labels[index], languages)),
      holidays: readRecords(f, issues, null, { list: 'holidays', key: ['date'], read: readHoliday }),
    };
  });
  if (issues.all.length > 0) throw new ImportFileError(issues.all);
  return file;
}

function encodeCustomer(bundle: CustomerBundle): WireObject {
  const customer: WireObject = {
    id: bundle.customer.id,
    currency: bundle.customer.currency,
    ivr_fee: orNull(bundle.customer.ivrFee),
    // Written when set: a file without it imports as no language, as "null" does.
    ...(bundle.customer.language ? { language: bundle.customer.language } : {}),
  };
  for (const [kind, codec] of resourceCodecs()) customer[codec.list] = bundle[kind].map((record) => codec.encode(record));
  return customer;
}

/** Writes an import file: `decodeImportFile(encodeImportFile(file))` gives it back. */
export function encodeImportFile(file: ImportFile): WireObject {
  return { customers: file.customers.map(encodeCustomer), holidays: file.holidays.map(holidayCodec.encode) };
}

/** The customer members that hold record lists (`tickets`, `disposal_tickets`, …): what a streaming reader hands over record by record. */
export const importRecordLists = (): Map<string, BundleResource> => new Map(resourceCodecs().map(([kind, codec]) => [codec.list, kind]));

/**
 * The customer ids an ImportFileReader has seen, to find one given twice. One entry per customer of
 * the file: a file of millions of customers keeps them off the heap.
 */
export interface SeenCustomerIds {
  /** The index of the first customer with `id`; undefined when `id` is new, and it is then kept with `index`. */
  firstIndex(id: string, index: number): number | undefined;
}

function seenInMap(): SeenCustomerIds {
  const firstById = new Map<string, number>();
  return {
    firstIndex: (id, index) => {
      const first = firstById.get(id);
      if (first === undefined) firstById.set(id, index);
      return first;
    },
  };
}

/**
 * Reads an import file piece by piece, for files too large to hold at once: each record of a
 * customer's lists as it comes (`record`), then the customer's other members (`customer`, its
 * lists given as `[]`), and the file's own members (`file`, its customers given as `[]`). The
 * checks and messages are decodeImportFile's; `finish` throws one ImportFileError listing every
 * problem. It keeps one key per record of the customer being read (to find duplicates within its
 * lists) and nothing else of the records.
 */
export class ImportFileReader {
  private readonly issues = new ImportIssues();
  private readonly codecs = new Map(resourceCodecs().map(([, codec]) => [codec.list, codec]));
  /** The record keys of the customers being read, by customer (its index) and list. */
  private readonly firstRecordByKey = new Map<number, Map<string, Map<RecordKey, number>>>();
  /** The problems of a customer's records, named with its id once the customer's other members are read. */
  private readonly unnamed: ImportIssue[] = [];

  private readonly languages: readonly LanguageTag[];

  /** `customerIds`: where the ids of the customers read so far are kept (a Map unless the caller keeps them elsewhere). */
  constructor(
    private readonly customerIds: SeenCustomerIds = seenInMap(),
    { languages = [FALLBACK_LANGUAGE] }: ImportFileOptions = {},
  ) {
    this.languages = languages;
  }

  /** One record of `customers[customer].<list>`; undefined when it has problems (they are kept for `finish`). */
  record(customer: number, list: string, index: number, raw: unknown): unknown {
    const codec = this.codecs.get(list);
    if (codec === undefined) throw new Error(`${list} is not a record list`);
    const path = `customers[${customer}].${list}`;
    const before = this.unnamed.length;
    // Labelled only when there is a problem: most records have none.
    const label = () => recordLabel(list, index, raw, codec.label ?? codec.key);
    const report: Report = (field, message) => this.unnamed.push({ customerId: null, record: label(), field, message });
    const record = readObject(raw, `${path}[${index}]`, report, codec.read);
    const key = compactKey(rawKey(raw, codec.key));
    if (key !== null) {
      const lists = this.firstRecordByKey.get(customer) ?? new Map<string, Map<RecordKey, number>>();
      this.firstRecordByKey.set(customer, lists);
      const firstByKey = lists.get(list) ?? new Map<RecordKey, number>();
      lists.set(list, firstByKey);
      const first = firstByKey.get(key);
      if (first === undefined) firstByKey.set(key, index);
      else report(`${path}[${index}].${codec.key[0]}`, `duplicate ${describeKey(raw, codec.key)} (also ${list}[${first}])`);
    }
    return this.unnamed.length === before ? record : undefined;
  }

  /** One record of a list of a file already read through `record` without problems: decoded only, nothing kept. */
  checkedRecord(list: string, raw: unknown): unknown {
    const codec = this.codecs.get(list);
    if (codec === undefined) throw new Error(`${list} is not a record list`);
    const unexpected: Report = (field, message) => {
      throw new Error(`${field}: ${message} in a checked file`);
    };
    return readObject(raw, list, unexpected, codec.read);
  }

  /** The customer at `index`, its record lists left out (`[]`): its header, which its records' problems are now named with. */
  customer(index: number, shell: unknown): CustomerBundle['customer'] {
    const label = recordLabel('customers', index, shell, ['id']);
    const rawId = rawValue(shell, 'id');
    if (rawId !== null) {
      const first = this.customerIds.firstIndex(rawId, index);
      if (first !== undefined) this.issues.reporter(rawId, label)(`customers[${index}].id`, `duplicate customer id ${rawId} (also customers[${first}])`);
    }
    const { customer } = readCustomer(shell, `customers[${index}]`, this.issues, label, this.languages);
    // Its records are all read: their keys (kept to find duplicates within each of its lists) are not needed any more.
    this.firstRecordByKey.delete(index);
    const customerId = rawId !== null && ID_PATTERN.test(rawId) ? rawId : null;
    this.issues.all.push(...this.unnamed.splice(0).map((issue) => ({ ...issue, customerId })));
    return customer;
  }

  /** The file's own members, its customers left out (`[]`): the holiday calendar. */
  file(shell: unknown): ImportFile['holidays'] {
    return readObject(shell, '', this.issues.reporter(null, 'file'), (f) => {
      if (!f.has('customers')) f.report('customers', 'is required');
      f.array('customers');
      return readRecords(f, this.issues, null, { list: 'holidays', key: ['date'], read: readHoliday });
    });
  }

  /** Throws ImportFileError when anything read so far has a problem. */
  finish(): void {
    if (this.issues.all.length > 0) throw new ImportFileError(this.issues.all);
  }
}
