import { z } from 'zod';
import { searchQueryParam } from './params.js';
import { parseSearchQuery, QuerySyntaxError } from './query-language.js';
import type { QueryTerm, SearchQuery } from './query-language.js';
import { phrase, prefix, word } from './query-terms.case.js';

const FIELDS = ['title', 'body'] as const;

function parse(q: string): SearchQuery {
  return parseSearchQuery(q, { fields: FIELDS });
}

/** A clause of one alternative of one term: a term that must hold. */
function required(term: QueryTerm): QueryTerm[][] {
  return [[term]];
}

/** A query of required words, each its own clause, as a query without operators always was. */
function plainWords(...words: string[]): SearchQuery {
  return { clauses: words.map((text) => required(word(text))), excluded: [] };
}

/** The QuerySyntaxError parsing `q` throws, or a failure of the test when it parses. */
function syntaxErrorOf(q: string, fields: readonly string[] = FIELDS): QuerySyntaxError {
  let parsed: SearchQuery;
  try {
    parsed = parseSearchQuery(q, { fields });
  } catch (error) {
    if (error instanceof QuerySyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(q)} to be refused, got ${JSON.stringify(parsed)}`);
}

describe('parseSearchQuery', () => {
  describe('plain words', () => {
    it('makes a single word one clause of one alternative, in any field', () => {
      expect(parse('rust')).toEqual({ clauses: [[[{ kind: 'word', word: 'rust', field: undefined }]]], excluded: [] });
    });

    it('gives every word its own clause, in order', () => {
      expect(parse('rust async runtime')).toEqual(plainWords('rust', 'async', 'runtime'));
    });

    it('folds case', () => {
      expect(parse('Rust ASYNC École')).toEqual(plainWords('rust', 'async', 'école'));
    });

    it('ignores white space of any kind around and between words', () => {
      expect(parse('  rust\t\nasync  ')).toEqual(plainWords('rust', 'async'));
    });

    it('keeps a repeated word as written', () => {
      expect(parse('go go')).toEqual(plainWords('go', 'go'));
    });

    it('reads a run joined by punctuation as its words, each required', () => {
      expect(parse('rust-lang')).toEqual(plainWords('rust', 'lang'));
      expect(parse('10:30')).toEqual(plainWords('10', '30'));
      expect(parse('a.b,c/d')).toEqual(plainWords('a', 'b', 'c', 'd'));
    });

    it('keeps letters and digits of any script', () => {
      expect(parse('naïve 東京 42')).toEqual(plainWords('naïve', '東京', '42'));
    });

    it('takes a lower-case or as a word, not an operator', () => {
      expect(parse('cats or dogs')).toEqual(plainWords('cats', 'or', 'dogs'));
      expect(parse('cats Or dogs')).toEqual(plainWords('cats', 'or', 'dogs'));
    });

    it('ignores punctuation that holds no word: a lone -, a lone *, a run of symbols', () => {
      expect(parse('rust - go')).toEqual(plainWords('rust', 'go'));
      expect(parse('rust * go')).toEqual(plainWords('rust', 'go'));
      expect(parse('- rust ... * !!')).toEqual(plainWords('rust'));
    });

    it('reads a * that does not end a run as punctuation', () => {
      expect(parse('*rust')).toEqual(plainWords('rust'));
      expect(parse('foo*bar')).toEqual(plainWords('foo', 'bar'));
    });
  });

  describe('quoted phrases', () => {
    it('reads the quoted words as a phrase, lower-cased', () => {
      expect(parse('"Hello World"')).toEqual({
        clauses: [[[{ kind: 'phrase', words: ['hello', 'world'], field: undefined }]]],
        excluded: [],
      });
    });

    it('reads a phrase beside plain words as one clause among them', () => {
      expect(parse('rust "async runtime" tokio')).toEqual({
        clauses: [required(word('rust')), required(phrase(['async', 'runtime'])), required(word('tokio'))],
        excluded: [],
      });
    });

    it('splits the quoted text into words as plain words are split', () => {
      expect(parse('"rust-lang 1.0, stable!"')).toEqual({
        clauses: [required(phrase(['rust', 'lang', '1', '0', 'stable']))],
        excluded: [],
      });
    });

    it('takes operators inside quotes as words', () => {
      expect(parse('"cats OR dogs"')).toEqual({ clauses: [required(phrase(['cats', 'or', 'dogs']))], excluded: [] });
      expect(parse('"pre* -not title:x"')).toEqual({
        clauses: [required(phrase(['pre', 'not', 'title', 'x']))],
        excluded: [],
      });
    });

    it('reads a quote of one word as that word', () => {
      expect(parse('"Rust"')).toEqual(plainWords('rust'));
      expect(parse('"  rust! "')).toEqual(plainWords('rust'));
    });

    it('ignores an empty quote, and one of punctuation only', () => {
      expect(parse('rust ""')).toEqual(plainWords('rust'));
      expect(parse('"" rust "!?" go')).toEqual(plainWords('rust', 'go'));
    });

    it('ends a bare run at a quote, and starts one right after it', () => {
      expect(parse('a"b c"d')).toEqual({
        clauses: [required(word('a')), required(phrase(['b', 'c'])), required(word('d'))],
        excluded: [],
      });
    });
  });

  describe('prefixes', () => {
    it('reads a word ending in * as a prefix', () => {
      expect(parse('pre*')).toEqual({
        clauses: [[[{ kind: 'prefix', prefix: 'pre', field: undefined }]]],
        excluded: [],
      });
    });

    it('folds the case of a prefix', () => {
      expect(parse('PRE*')).toEqual({ clauses: [required(prefix('pre'))], excluded: [] });
    });

    it('takes a prefix of one character, and of digits', () => {
      expect(parse('a* 20*')).toEqual({ clauses: [required(prefix('a')), required(prefix('20'))], excluded: [] });
    });

    it('reads a prefix beside words as one clause among them', () => {
      expect(parse('rust asy*')).toEqual({ clauses: [required(word('rust')), required(prefix('asy'))], excluded: [] });
    });

    it('reads a * inside quotes as punctuation, not a prefix', () => {
      expect(parse('"pre*"')).toEqual(plainWords('pre'));
    });
  });

  describe('exclusions', () => {
    it('excludes a word written after -', () => {
      expect(parse('rust -go')).toEqual({ clauses: [required(word('rust'))], excluded: [word('go')] });
    });

    it('folds the case of an excluded word', () => {
      expect(parse('rust -GO')).toEqual({ clauses: [required(word('rust'))], excluded: [word('go')] });
    });

    it('excludes a prefix', () => {
      expect(parse('rust -pre*')).toEqual({ clauses: [required(word('rust'))], excluded: [prefix('pre')] });
    });

    it('excludes a quoted phrase', () => {
      expect(parse('rust -"a phrase"')).toEqual({
        clauses: [required(word('rust'))],
        excluded: [phrase(['a', 'phrase'])],
      });
    });

    it('reads a run of several words under - as an excluded phrase', () => {
      expect(parse('rust -rust-lang')).toEqual({
        clauses: [required(word('rust'))],
        excluded: [phrase(['rust', 'lang'])],
      });
    });

    it('keeps several exclusions in order, wherever they are written', () => {
      expect(parse('-a rust -b go -c*')).toEqual({
        clauses: [required(word('rust')), required(word('go'))],
        excluded: [word('a'), word('b'), prefix('c')],
      });
    });

    it('reads a - inside a run as punctuation, not an exclusion', () => {
      expect(parse('rust-go')).toEqual(plainWords('rust', 'go'));
    });
  });

  describe('OR', () => {
    it('makes a OR b one clause of two alternatives', () => {
      expect(parse('a OR b')).toEqual({ clauses: [[[word('a')], [word('b')]]], excluded: [] });
    });

    it('makes a OR b OR c one clause of three alternatives', () => {
      expect(parse('a OR b OR c')).toEqual({
        clauses: [[[{ kind: 'word', word: 'a', field: undefined }], [word('b')], [word('c')]]],
        excluded: [],
      });
    });

    it('binds tighter than the space: x a OR b y is three clauses', () => {
      expect(parse('x a OR b y')).toEqual({
        clauses: [required(word('x')), [[word('a')], [word('b')]], required(word('y'))],
        excluded: [],
      });
    });

    it('makes two ORs with a plain word between them two clauses', () => {
      expect(parse('a OR b c OR d')).toEqual({
        clauses: [
          [[word('a')], [word('b')]],
          [[word('c')], [word('d')]],
        ],
        excluded: [],
      });
    });

    it('reads a run of several words beside OR as a phrase alternative', () => {
      expect(parse('rust-lang OR go')).toEqual({
        clauses: [[[phrase(['rust', 'lang'])], [word('go')]]],
        excluded: [],
      });
      expect(parse('go OR rust-lang')).toEqual({
        clauses: [[[word('go')], [phrase(['rust', 'lang'])]]],
        excluded: [],
      });
    });

    it('takes quoted phrases, prefixes and field terms as alternatives', () => {
      expect(parse('"a b" OR pre* OR title:c')).toEqual({
        clauses: [[[phrase(['a', 'b'])], [prefix('pre')], [word('c', 'title')]]],
        excluded: [],
      });
    });

    it('keeps exclusions beside an OR clause apart from it', () => {
      expect(parse('a OR b -c')).toEqual({ clauses: [[[word('a')], [word('b')]]], excluded: [word('c')] });
    });
  });

  describe('fields', () => {
    it('limits a word to the field it names', () => {
      expect(parse('title:rust')).toEqual({
        clauses: [[[{ kind: 'word', word: 'rust', field: 'title' }]]],
        excluded: [],
      });
    });

    it('folds the case of the field name and of the word', () => {
      expect(parse('Title:Rust')).toEqual({ clauses: [required(word('rust', 'title'))], excluded: [] });
      expect(parse('BODY:go')).toEqual({ clauses: [required(word('go', 'body'))], excluded: [] });
    });

    it('limits a quoted phrase to the field', () => {
      expect(parse('title:"A Phrase"')).toEqual({
        clauses: [required(phrase(['a', 'phrase'], 'title'))],
        excluded: [],
      });
    });

    it('reads a quote of one word after a field as that word in the field', () => {
      expect(parse('title:"rust"')).toEqual({ clauses: [required(word('rust', 'title'))], excluded: [] });
    });

    it('limits a prefix to the field', () => {
      expect(parse('body:pre*')).toEqual({ clauses: [required(prefix('pre', 'body'))], excluded: [] });
    });

    it('reads a run of several words after a field as a phrase in it', () => {
      expect(parse('title:rust-lang')).toEqual({
        clauses: [required(phrase(['rust', 'lang'], 'title'))],
        excluded: [],
      });
    });

    it('excludes a term of a field', () => {
      expect(parse('rust -title:x')).toEqual({ clauses: [required(word('rust'))], excluded: [word('x', 'title')] });
      expect(parse('rust -body:"a b"')).toEqual({
        clauses: [required(word('rust'))],
        excluded: [phrase(['a', 'b'], 'body')],
      });
      expect(parse('rust -Title:pre*')).toEqual({
        clauses: [required(word('rust'))],
        excluded: [prefix('pre', 'title')],
      });
    });

    it('reads a colon after a name that is not a field as punctuation', () => {
      expect(parse('http:foo')).toEqual(plainWords('http', 'foo'));
      expect(parse('author:x title:y')).toEqual({
        clauses: [required(word('author')), required(word('x')), required(word('y', 'title'))],
        excluded: [],
      });
    });

    it('reads a leading colon as punctuation', () => {
      expect(parse(':title')).toEqual(plainWords('title'));
    });

    it('takes only the fields it is given', () => {
      expect(parseSearchQuery('title:rust', { fields: [] })).toEqual(plainWords('title', 'rust'));
      expect(parseSearchQuery('title:rust body:go', { fields: ['body'] })).toEqual({
        clauses: [required(word('title')), required(word('rust')), required(word('go', 'body'))],
        excluded: [],
      });
    });

    it('reads a run after a field up to white space, later colons included', () => {
      expect(parse('title:10:30')).toEqual({ clauses: [required(phrase(['10', '30'], 'title'))], excluded: [] });
    });
  });

  describe('malformed queries', () => {
    it('is a QuerySyntaxError: an Error naming its reason and 1-based character', () => {
      const error = syntaxErrorOf('"abc');
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe('QuerySyntaxError');
      expect(error.reason).toBe('this quote is not closed');
      expect(error.position).toBe(1);
      expect(error.message).toBe('this quote is not closed (at character 1)');
    });

    it.each([
      // [query, position, words of the reason]
      ['"abc', 1, 'quote is not closed'],
      ['rust "abc', 6, 'quote is not closed'],
      ['  "a" "b', 7, 'quote is not closed'],
      ['OR a', 1, 'OR needs a word or a phrase before it'],
      ['a OR', 3, 'OR needs a word or a phrase after it'],
      ['a OR b OR', 8, 'OR needs a word or a phrase after it'],
      ['a OR OR b', 3, 'OR needs a word or a phrase after it'],
      ['a b OR', 5, 'OR needs a word or a phrase after it'],
      ['a OR -b', 6, 'excluded term (-) cannot be one side of an OR'],
      ['-a OR b', 1, 'excluded term (-) cannot be one side of an OR'],
      ['x -a OR b', 3, 'excluded term (-) cannot be one side of an OR'],
      ['a OR -"b c"', 6, 'excluded term (-) cannot be one side of an OR'],
      ['title: rust', 1, 'title: needs a word or a quoted phrase right after it'],
      ['rust Body: x', 6, 'body: needs a word or a quoted phrase right after it'],
      ['rust title:', 6, 'title: needs a word or a quoted phrase right after it'],
      ['-title: x', 1, 'title: needs a word or a quoted phrase right after it'],
      ['title:"abc', 7, 'quote is not closed'],
      ['x title:"abc', 9, 'quote is not closed'],
      ['title:""', 7, 'title: needs a word in its quotes'],
      ['title:!!', 1, 'title: needs a word after it'],
      ['title:*', 1, 'title: needs a word after it'],
      ['ab**', 1, 'a prefix (*) must end a single word'],
      ['foo-ba*', 1, 'a prefix (*) must end a single word'],
      ['rust foo-ba*', 6, 'a prefix (*) must end a single word'],
      ['ab-*', 1, 'a prefix (*) must end a single word'],
      ['-foo-ba*', 1, 'a prefix (*) must end a single word'],
      ['title:ab**', 1, 'a prefix (*) must end a single word'],
      ['-a -b', 1, 'needs a word to find'],
      ['-a -"b c" -d*', 1, 'needs a word to find'],
      ['!!!', 1, 'needs a word to find'],
      ['', 1, 'needs a word to find'],
      ['  - * ""', 1, 'needs a word to find'],
    ])('refuses %j at character %d: %s', (q, position, reason) => {
      const error = syntaxErrorOf(q);
      expect(error.position).toBe(position);
      expect(error.reason).toContain(reason);
    });

    it('takes title: as plain punctuation, not a fault, when title is not a field', () => {
      expect(parseSearchQuery('title: rust', { fields: ['body'] })).toEqual(plainWords('title', 'rust'));
      expect(syntaxErrorOf('title: rust', ['title']).position).toBe(1);
    });
  });
});

describe('searchQueryParam', () => {
  const schema = searchQueryParam({ fields: FIELDS, maxLength: 20 });

  /** The messages of a failed parse, or a failure of the test when the parse succeeded. */
  function messagesOf(input: unknown, param: z.ZodType = schema): string[] {
    const result = param.safeParse(input);
    if (result.success)
      throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${JSON.stringify(result.data)}`);
    return result.error.issues.map((issue) => issue.message);
  }

  it('passes a well-formed query through as written', () => {
    expect(schema.parse('Rust OR "Go lang"')).toBe('Rust OR "Go lang"');
    expect(schema.parse('title:x -body:pre*')).toBe('title:x -body:pre*');
  });

  it('refuses a malformed query, naming the fault and its character', () => {
    expect(messagesOf('rust "abc')).toEqual(['is not a valid query: this quote is not closed (at character 6)']);
  });

  it('refuses a query with no letter or digit as holding no word', () => {
    expect(messagesOf('!!!')).toEqual(['must hold a word (letters or digits)']);
  });

  it.each(['a OR', '-a -b', 'title: x', 'foo-ba*'])('refuses %j as not a valid query', (q) => {
    const messages = messagesOf(q);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^is not a valid query: .+ \(at character \d+\)$/);
  });

  it('parses with the fields it is given', () => {
    const noFields = searchQueryParam({ fields: [], maxLength: 20 });
    expect(noFields.parse('title: x')).toBe('title: x');
    expect(messagesOf('title: x')).toEqual([
      'is not a valid query: title: needs a word or a quoted phrase right after it (at character 1)',
    ]);
  });

  it('refuses an empty, a missing and a non-string query as a required string does', () => {
    expect(messagesOf('')).toContain('must not be empty');
    expect(messagesOf(undefined)).toEqual(['is required']);
    expect(messagesOf(42)).toEqual(['must be a string']);
  });

  it('refuses a query longer than maxLength', () => {
    expect(schema.parse('a'.repeat(20))).toBe('a'.repeat(20));
    expect(messagesOf('a'.repeat(21))).toContain('must be at most 20 characters');
  });

  it('works inside an object schema', () => {
    const params = z.object({ q: schema });
    expect(params.parse({ q: 'rust' })).toEqual({ q: 'rust' });
    expect(params.safeParse({ q: '"' }).success).toBe(false);
  });
});

describe('searchQueryParam options', () => {
  const messages = (schema: ReturnType<typeof searchQueryParam>, q: string) =>
    schema.safeParse(q).error?.issues.map((issue) => issue.message) ?? [];

  it('refuses a malformed query with or without a refuse rule, and applies the rule to a well-formed one', () => {
    const plain = searchQueryParam({ fields: [], maxLength: 50 });
    expect(messages(plain, '"a')).toEqual(['is not a valid query: this quote is not closed (at character 1)']);
    const noPhrases = searchQueryParam({
      fields: [],
      maxLength: 50,
      refuse: (query) => (query.clauses.flat(2).some((term) => term.kind === 'phrase') ? 'no phrases' : undefined),
    });
    expect(messages(noPhrases, '"a')).toEqual(['is not a valid query: this quote is not closed (at character 1)']);
    expect(messages(noPhrases, '"a b"')).toEqual(['is not a valid query here: no phrases']);
    expect(messages(noPhrases, 'a b')).toEqual([]);
  });

  it('takes a value with no word when told to (a search that finds nothing), and refuses it by default', () => {
    expect(messages(searchQueryParam({ fields: [], maxLength: 50, wordless: 'accept' }), '?!')).toEqual([]);
    expect(messages(searchQueryParam({ fields: [], maxLength: 50 }), '?!')).toEqual([
      'must hold a word (letters or digits)',
    ]);
  });
});
