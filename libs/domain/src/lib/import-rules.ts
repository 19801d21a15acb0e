import type { BundleResource, CustomerBundle } from './bundle';
import type { Id } from './values';
import type { NewEvent } from './events';
import { caseEvents, disposalTicketEvents, invoiceEvents, pickupEvents, preferencesChanged, ticketEvents } from './write-rules';

/*
 * What importing a customer's record list means (CONTRACT §3, §5): which stored records go (those
 * the file names again; the others stay, and a list replaced whole goes whole), how many records
 * are created and replaced, and which events a known customer's changes write. The import loads
 * the stored records the file names, asks here, and saves what this says.
 */

export interface ImportCount {
  created: number;
  replaced: number;
}

/** What one list of an import means for a customer. */
export interface ListChange {
  /** The keys of the stored records that go (the imported ones take their place). */
  goes: string[];
  count: ImportCount;
  /** None for a customer the import creates: a first load of history is not news. */
  events: NewEvent[];
}

/** A record of one of a customer bundle's lists (`tickets`, `invoices`, ...). */
export type RecordOf<K extends BundleResource> = CustomerBundle[K][number];

/** The lists replaced as a whole by an import that has any (CONTRACT §3: balances are a snapshot). */
export const WHOLE_LISTS: ReadonlySet<BundleResource> = new Set<BundleResource>(['balances']);

/**
 * What importing `records` of `kind` means, given the customer's `stored` records of that kind
 * (those with the imported records' keys; for a whole list, all of them) and `key`, what
 * identifies a record within its customer.
 */
export function importListChange<K extends BundleResource>(
  kind: K,
  customerId: Id,
  records: readonly RecordOf<K>[],
  stored: readonly RecordOf<K>[],
  key: (record: RecordOf<K>) => string,
  customerKnown: boolean,
): ListChange {
  if (WHOLE_LISTS.has(kind) && records.length === 0) return { goes: [], count: { created: 0, replaced: 0 }, events: [] };
  const previous = new Map(stored.map((record) => [key(record), record]));
  const replaced = WHOLE_LISTS.has(kind) ? records.filter((record) => previous.has(key(record))).length : previous.size;
  const events = IMPORT_EVENTS[kind];
  return {
    goes: [...previous.keys()],
    count: { created: records.length - replaced, replaced },
    events: customerKnown && events !== undefined ? events(customerId, records, previous, key) : [],
  };
}

type ListEvents<R> = (customerId: Id, records: readonly R[], previous: ReadonlyMap<string, R>, key: (record: R) => string) => NewEvent[];

/** Lifts a per-record event rule to a list. */
const eachRecord =
  <R>(rule: (customerId: Id, before: R | undefined, after: R) => NewEvent[]): ListEvents<R> =>
  (customerId, records, previous, key) =>
    records.flatMap((record) => rule(customerId, previous.get(key(record)), record));

/** The events an import of a known customer's list writes (CONTRACT §5); lists without a rule write none. */
const IMPORT_EVENTS: { [K in BundleResource]?: ListEvents<RecordOf<K>> } = {
  tickets: eachRecord(ticketEvents),
  cases: eachRecord(caseEvents),
  invoices: eachRecord(invoiceEvents),
  preferences: (customerId, records, previous, key) =>
    records.some((preference) => !sameData(previous.get(key(preference)), preference)) ? [preferencesChanged(customerId, null)] : [],
  disposalTickets: eachRecord(disposalTicketEvents),
  pickups: eachRecord(pickupEvents),
};

/** Whether two plain data values (JSON-like: objects, arrays, strings, numbers, booleans, null, undefined) are equal, member order aside. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((member) => Object.hasOwn(bRecord, member) && sameData((a as Record<string, unknown>)[member], bRecord[member]));
}
