/** The records sorted newest first by `sortKeyOf`, a text that sorts in time order (see the converters below). */
export const newestFirst = <T>(records: readonly T[], sortKeyOf: (record: T) => string): T[] =>
  [...records].sort((a, b) => sortKeyOf(b).localeCompare(sortKeyOf(a)));

/** `MM/dd/yy HH:mm:ss` -> `yy-MM-dd HH:mm:ss`, which sorts in time order (every fixture year is 20xx). */
export const sortableUsDateTime = (wire: string): string => `${wire.slice(6, 8)}-${wire.slice(0, 5).replace('/', '-')} ${wire.slice(9)}`;

/** `yyyy-MM-dd HH:mm:ss.S` (1 to 3 fraction digits) -> the fraction padded to 3 digits, which sorts in time order. */
export const sortableTimestamp = (wire: string): string => {
  const [seconds, fraction] = wire.split('.');
  return `${seconds}.${fraction.padEnd(3, '0')}`;
};
