import { wordsOf } from './text.js';

/**
 * The search query language (docs/query-language.md), parsed once into a typed tree:
 *
 *   word        the word, whole (words are core's `wordsOf`: lower-cased runs of letters and digits)
 *   "a phrase"  those words in a row
 *   pre*        any word starting with `pre`
 *   -term       no result holds it (a word, a phrase or a prefix)
 *   a OR b      either (upper-case OR, between two terms; binds tighter than the space)
 *   field:term  the term in that field only (`title:`, `body:`: the fields a search names)
 *
 * Terms separated by spaces must all hold. A run of several words without an operator
 * (`rust-lang`, `10:30`) is its words, each required, as a query without operators always was; under an
 * operator (`-rust-lang`, `title:rust-lang`, `rust-lang OR go`) it is a phrase. A written form that is
 * none of these (a lone `-`, `*`, a colon after something that is not a field) is punctuation, which
 * separates words. A malformed query throws QuerySyntaxError, whose position points at the fault.
 */

/** The most stored words a prefix (`pre*`) may stand for: a longer prefix narrows it. */
export const QUERY_PREFIX_WORDS_MAX = 50;
/** The most combinations of words one query may stand for (the product of its clauses' sides). */
export const QUERY_COMBINATIONS_MAX = 64;
/**
 * The most results a search page checks against the query's text (phrases, fields, exclusions)
 * before it answers those that held, fewer than its size, with a token reading on from where it stopped.
 */
export const QUERY_CHECKED_PER_PAGE_MAX = 1_000;

/** One thing a query looks for, in any field (`field` undefined) or in one. */
export type QueryTerm =
  | { kind: 'word'; word: string; field: string | undefined }
  /** Two or more words, in this order, next to each other. */
  | { kind: 'phrase'; words: string[]; field: string | undefined }
  /** Any word that starts with `prefix` (itself a word: letters and digits, lower-cased). */
  | { kind: 'prefix'; prefix: string; field: string | undefined };

/** Terms that must all hold. */
export type QueryAlternative = QueryTerm[];

export interface SearchQuery {
  /** Every clause must hold; a clause holds when one of its alternatives does (`a OR b` is one clause of two). */
  clauses: QueryAlternative[][];
  /** No result may hold one of these (`-word`, `-"a phrase"`, `-pre*`). */
  excluded: QueryTerm[];
}

export interface QueryLanguageOptions {
  /** The field names `field:` may take (lower-case), e.g. `['title', 'body']`. */
  fields: readonly string[];
}

/** A malformed query: `position` is the 1-based character of `q` the fault is at. */
export class QuerySyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly position: number,
  ) {
    super(`${reason} (at character ${position})`);
    this.name = 'QuerySyntaxError';
  }
}

/** A term as written, before its neighbours decide what a run of several words is. */
interface Unit {
  /** 1-based position of its first character (of the `-`, when excluded). */
  position: number;
  excluded: boolean;
  field: string | undefined;
  /** Quoted: always a phrase (or a word, when it holds one). */
  quoted: boolean;
  prefix: boolean;
  words: string[];
}

type Token = { type: 'unit'; unit: Unit } | { type: 'or'; position: number };

export function parseSearchQuery(q: string, options: QueryLanguageOptions): SearchQuery {
  const tokens = tokenize(q, options);
  const clauses: QueryAlternative[][] = [];
  const excluded: QueryTerm[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'or') throw new QuerySyntaxError('OR needs a word or a phrase before it', token.position);
    const { unit } = token;
    if (unit.excluded) {
      if (tokens[i + 1]?.type === 'or')
        throw new QuerySyntaxError('an excluded term (-) cannot be one side of an OR', unit.position);
      excluded.push(termOf(unit));
      continue;
    }
    const alternatives: QueryAlternative[] = [];
    let current = unit;
    for (;;) {
      const next = tokens[i + 1];
      if (next?.type !== 'or') break;
      const after = tokens[i + 2];
      if (after?.type !== 'unit') throw new QuerySyntaxError('OR needs a word or a phrase after it', next.position);
      if (after.unit.excluded)
        throw new QuerySyntaxError('an excluded term (-) cannot be one side of an OR', after.unit.position);
      alternatives.push([termOf(current)]);
      current = after.unit;
      i += 2;
    }
    if (alternatives.length > 0) clauses.push([...alternatives, [termOf(current)]]);
    // a run of words without an operator: each word its own clause, as before the language
    else if (!current.quoted && !current.prefix && current.field === undefined)
      for (const word of current.words) clauses.push([[{ kind: 'word', word, field: undefined }]]);
    else clauses.push([[termOf(current)]]);
  }
  if (clauses.length === 0)
    throw new QuerySyntaxError('the query needs a word to find (excluded terms alone find nothing)', 1);
  return { clauses, excluded };
}

function termOf(unit: Unit): QueryTerm {
  const { field, words } = unit;
  if (unit.prefix) return { kind: 'prefix', prefix: words[0]!, field };
  if (words.length === 1) return { kind: 'word', word: words[0]!, field };
  return { kind: 'phrase', words, field };
}

function tokenize(q: string, { fields }: QueryLanguageOptions): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < q.length) {
    const char = q[at]!;
    if (/\s/u.test(char)) {
      at++;
      continue;
    }
    if (char === '"') {
      const { words, end } = quoted(q, at);
      if (words.length > 0) tokens.push(phrase(at + 1, false, undefined, words));
      at = end;
      continue;
    }
    // a bare run: up to white space or a quote
    let end = at;
    while (end < q.length && q[end] !== '"' && !/\s/u.test(q[end]!)) end++;
    const run = q.slice(at, end);
    const position = at + 1;
    at = end;
    if (run === 'OR') {
      tokens.push({ type: 'or', position });
      continue;
    }
    if (run === '-' && q[at] === '"') {
      // `-"a phrase"`: the quoted words right after the minus, excluded
      const { words, end: after } = quoted(q, at);
      if (words.length > 0) tokens.push(phrase(position, true, undefined, words));
      at = after;
      continue;
    }
    let rest = run;
    const excluded = rest.length > 1 && rest.startsWith('-');
    if (excluded) rest = rest.slice(1);
    const colon = rest.indexOf(':');
    const named = colon > 0 ? rest.slice(0, colon).toLowerCase() : undefined;
    const field = named !== undefined && fields.includes(named) ? named : undefined;
    if (field !== undefined) rest = rest.slice(colon + 1);
    if (field !== undefined && rest === '') {
      // `title:"a phrase"`: the quoted words right after the colon
      if (q[at] !== '"')
        throw new QuerySyntaxError(`${field}: needs a word or a quoted phrase right after it`, position);
      const { words, end: after } = quoted(q, at);
      if (words.length === 0) throw new QuerySyntaxError(`${field}: needs a word in its quotes`, at + 1);
      tokens.push(phrase(position, excluded, field, words));
      at = after;
      continue;
    }
    const prefix = rest.length > 1 && rest.endsWith('*');
    const words = wordsOf(prefix ? rest.slice(0, -1) : rest);
    if (words.length === 0) {
      // punctuation (as before the language), unless an operator asked for a word
      if (field !== undefined) throw new QuerySyntaxError(`${field}: needs a word after it`, position);
      continue;
    }
    if (prefix && (words.length > 1 || !/[\p{L}\p{N}]$/u.test(rest.slice(0, -1))))
      throw new QuerySyntaxError('a prefix (*) must end a single word: letters and digits, then *', position);
    tokens.push({ type: 'unit', unit: { position, excluded, field, quoted: false, prefix, words } });
  }
  const last = tokens.at(-1);
  if (last?.type === 'or') throw new QuerySyntaxError('OR needs a word or a phrase after it', last.position);
  return tokens;
}

/** The words between the quote at `open` and the next one, and the index after that one. */
function quoted(q: string, open: number): { words: string[]; end: number } {
  const close = q.indexOf('"', open + 1);
  if (close < 0) throw new QuerySyntaxError('this quote is not closed', open + 1);
  return { words: wordsOf(q.slice(open + 1, close)), end: close + 1 };
}

const phrase = (position: number, excluded: boolean, field: string | undefined, words: string[]): Token => ({
  type: 'unit',
  unit: { position, excluded, field, quoted: true, prefix: false, words },
});
