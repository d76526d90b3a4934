/**
 * Rows sorted by a key that starts with a string (`lead`: a posting's term, with any string column
 * that follows it in the key) and goes on in `then`'s order: the order a posting table's primary key
 * keeps, so that its B-tree takes a batch's inserts along a few paths rather than at random.
 *
 * The rows are grouped by their lead and the distinct leads sorted by the built-in comparison (UTF-16
 * code units, as `<` compares strings); only rows that share a lead meet `then`. A batch's postings
 * share few distinct terms, so this makes a fraction of the calls a comparator over every row would:
 * sorting the postings was a tenth of a video or track import's time that way.
 */
export function inKeyOrder<T>(rows: readonly T[], lead: (row: T) => string, then?: (a: T, b: T) => number): T[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = lead(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const ordered: T[] = [];
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key)!;
    if (then && group.length > 1) group.sort(then);
    for (const row of group) ordered.push(row);
  }
  return ordered;
}
