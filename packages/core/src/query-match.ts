import type { QueryTerm, SearchQuery } from './query-language.js';

/** An item's searchable text, per field, as its words (`wordsOf`), in order. */
export type FieldWords = Readonly<Record<string, readonly string[]>>;

/** Whether `term` holds in one of the fields (only its own, when it names one). */
export function termHolds(term: QueryTerm, fields: FieldWords): boolean {
  const searched = term.field === undefined ? Object.values(fields) : [fields[term.field] ?? []];
  return searched.some((words) => holdsIn(term, words));
}

function holdsIn(term: QueryTerm, words: readonly string[]): boolean {
  switch (term.kind) {
    case 'word':
      return words.includes(term.word);
    case 'prefix':
      return words.some((word) => word.startsWith(term.prefix));
    case 'phrase': {
      const [first, ...rest] = term.words;
      for (let at = words.indexOf(first!); at >= 0; at = words.indexOf(first!, at + 1))
        if (rest.every((word, i) => words[at + 1 + i] === word)) return true;
      return false;
    }
  }
}

/** Whether an item with these fields is a match: every clause holds (one of its alternatives, whole), no excluded term does. */
export function queryHolds(query: SearchQuery, fields: FieldWords): boolean {
  return (
    query.clauses.every((clause) =>
      clause.some((alternative) => alternative.every((term) => termHolds(term, fields))),
    ) && !query.excluded.some((term) => termHolds(term, fields))
  );
}

/**
 * Whether a query is only words, each required (no phrase, prefix, field, OR or exclusion): what a
 * search index of words answers without reading the items' text.
 */
export function isPlainWords(query: SearchQuery): boolean {
  return (
    query.excluded.length === 0 &&
    query.clauses.every(
      (clause) =>
        clause.length === 1 &&
        clause[0]!.length === 1 &&
        clause[0]![0]!.kind === 'word' &&
        clause[0]![0]!.field === undefined,
    )
  );
}
