import type { DateRange, Id, LocalDate, LocalDateTime } from './values';

/**
 * Where a page of a list ends: the (date, id) of its last record. Lists are ordered newest
 * first by their date (records without one last), then by id, largest first.
 */
export interface ListPosition {
  date: LocalDate | LocalDateTime | null;
  id: Id;
}

/** What one request asks of a list: its date window, at most `limit` records, after `after`. */
export interface ListQuery {
  range: DateRange;
  limit: number;
  /** Null for the first page. */
  after: ListPosition | null;
}

/** One page of a list, and the size of the whole filtered list. */
export interface Page<T> extends UncountedPage<T> {
  /** The number of records in the whole filtered list, not only on this page. */
  totalCount: number;
}

/** One page of a list whose answer says nothing of the whole list's size (op 1), so it is not counted. */
export interface UncountedPage<T> {
  items: T[];
  /** Where the next page starts; null on the last page. */
  next: ListPosition | null;
}

/** The whole list within `range`, in one page (scripts and tests; the API always pages). */
export const wholeList = (range: DateRange = { from: null, to: null }): ListQuery => ({
  range,
  limit: Number.MAX_SAFE_INTEGER - 1,
  after: null,
});
