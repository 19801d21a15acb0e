import type { DateShape } from './dates';

/** A value on the wire: every leaf is a string. */
export type WireValue = string | WireObject | WireValue[];
export interface WireObject {
  [member: string]: WireValue;
}

// ---- encoding ------------------------------------------------------------------------------

/** Absent values are written as the string "null". */
export const NULL = 'null';

export const orNull = (value: string | null): string => value ?? NULL;

/** `Y`/`N` flags. */
export const yesNo = (value: boolean | null): string => (value === null ? NULL : value ? 'Y' : 'N');

/** `true`/`false` flags. */
export const trueFalse = (value: boolean | null): string => (value === null ? NULL : String(value));

export const dateOrNull = <T extends string>(shape: DateShape<T>, value: T | null): string =>
  value === null ? NULL : shape.format(value);

/** The members `names` of `record`, in that order: a view of a record that shows part of it. */
export const inOrder = <R extends WireObject, K extends keyof R & string>(record: R, names: readonly K[]): Pick<R, K> =>
  Object.fromEntries(names.map((name) => [name, record[name]])) as Pick<R, K>;
