import {
  parseSearchQuery,
  QUERY_COMBINATIONS_MAX,
  QUERY_PREFIX_WORDS_MAX,
  type QueryLanguageOptions,
  QuerySyntaxError,
  type QueryTerm,
  type SearchQuery,
} from '../query-language.js';
import { ServiceError } from './service-error.js';

/**
 * How a query in the query language (core's query-language.ts) is answered by a source that finds
 * items holding a set of words (its `terms`): as the union of one such search per combination of
 * the query's alternatives (`a OR b`; a prefix stands for each stored word it starts), each search
 * asked for the words that combination needs (a phrase's words among them). What words alone do
 * not decide (a phrase's order, a field, an exclusion) is checked on each result's text.
 */
export interface SearchPlan {
  /** The word sets searched, each distinct words; none when the query cannot match (a prefix no word has). */
  branches: string[][];
  /** Whether results must be checked against the query on their text (phrases, fields, exclusions). */
  checked: boolean;
}

/** The words of a term a search by words must find; a prefix's, each word it stands for. */
function wordSets(term: QueryTerm, prefixWords: ReadonlyMap<string, readonly string[]>): string[][] {
  if (term.kind === 'word') return [[term.word]];
  if (term.kind === 'phrase') return [term.words];
  return (prefixWords.get(term.prefix) ?? []).map((word) => [word]);
}

/** `parameter`: the query's parameter (`q`, `keyword`), which a 400 names. */
export async function planSearch(
  query: SearchQuery,
  wordsWithPrefix: (prefix: string, limit: number) => Promise<string[]>,
  parameter = 'q',
): Promise<SearchPlan> {
  const prefixes = [...new Set(query.clauses.flat(2).flatMap((term) => (term.kind === 'prefix' ? [term.prefix] : [])))];
  const prefixWords = new Map<string, string[]>();
  for (const prefix of prefixes) {
    const words = await wordsWithPrefix(prefix, QUERY_PREFIX_WORDS_MAX + 1);
    if (words.length > QUERY_PREFIX_WORDS_MAX)
      throw invalidQuery(parameter, `${prefix}* stands for more than ${QUERY_PREFIX_WORDS_MAX} words: make it longer`);
    prefixWords.set(prefix, words);
  }
  // an alternative is the product of its terms' word sets; a clause, the union of its alternatives'
  const options = query.clauses.map((clause) =>
    clause.flatMap((alternative) =>
      alternative.reduce<string[][]>(
        (sets, term) => sets.flatMap((set) => wordSets(term, prefixWords).map((words) => [...set, ...words])),
        [[]],
      ),
    ),
  );
  const combinations = options.reduce((product, option) => product * option.length, 1);
  if (combinations > QUERY_COMBINATIONS_MAX)
    throw invalidQuery(
      parameter,
      `it stands for ${combinations} combinations of words, more than ${QUERY_COMBINATIONS_MAX}: use fewer ORs or longer prefixes`,
    );
  const branches = options.reduce<string[][]>(
    (sets, option) => sets.flatMap((set) => option.map((words) => [...set, ...words])),
    [[]],
  );
  const checked =
    query.excluded.length > 0 ||
    query.clauses.flat(2).some((term) => term.field !== undefined || term.kind === 'phrase');
  return { branches: combinations === 0 ? [] : withoutSupersets(branches.map((set) => [...new Set(set)])), checked };
}

/** The word sets with no other set inside them (an item holding a superset holds the subset: found by it). */
function withoutSupersets(sets: readonly string[][]): string[][] {
  const unique = [...new Map(sets.map((set) => [[...set].sort().join(' '), set])).values()];
  return unique.filter(
    (set) => !unique.some((other) => other !== set && other.length < set.length && other.every((w) => set.includes(w))),
  );
}

const invalidQuery = (parameter: string, reason: string) =>
  new ServiceError('invalid_parameter', `${parameter} is not a valid query: ${reason}`, {
    issues: [{ path: parameter, message: `is not a valid query: ${reason}` }],
  });

/**
 * A parameter's query, parsed; malformed → 400 on that parameter. The operation's schema refuses a
 * malformed query first (core's `searchQueryParam`): this keeps a handler from ever answering 500 for one.
 */
export function parseQueryParam(parameter: string, q: string, options: QueryLanguageOptions): SearchQuery {
  try {
    return parseSearchQuery(q, options);
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    throw invalidQuery(parameter, error.message);
  }
}
