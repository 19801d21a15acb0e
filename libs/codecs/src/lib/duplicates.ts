/**
 * Calls `report` for every item whose key an earlier item already has. Items without a key
 * (unreadable, already reported) are skipped.
 */
export function findDuplicates<T>(
  items: readonly T[],
  keyOf: (item: T) => string | null | undefined,
  report: (index: number, firstIndex: number, key: string) => void,
): void {
  const firstIndexByKey = new Map<string, number>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (key === null || key === undefined) return;
    const firstIndex = firstIndexByKey.get(key);
    if (firstIndex === undefined) firstIndexByKey.set(key, index);
    else report(index, firstIndex, key);
  });
}
