/**
 * A batch lookup's answer: the records found, in the order of the requested ids (which are
 * distinct already, see `idsParam`), and the ids with no record, in the same order. `keyOf`
 * gives a record's lookup key and `keyOfId` the same key of a requested id (both default to the
 * value itself; case-insensitive lookups lower-case both).
 */
export function inRequestOrder<T>(
  ids: readonly string[],
  found: readonly T[],
  keyOf: (record: T) => string,
  keyOfId: (id: string) => string = (id) => id,
): { records: T[]; notFound: string[] } {
  const byKey = new Map(found.map((record) => [keyOf(record), record]));
  return {
    records: ids.flatMap((id) => byKey.get(keyOfId(id)) ?? []),
    notFound: ids.filter((id) => !byKey.has(keyOfId(id))),
  };
}
