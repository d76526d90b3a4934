import { parseSearchQuery } from './query-language.js';
import type { SearchQuery } from './query-language.js';
import { phrase, prefix, word } from './query-terms.case.js';
import { isPlainWords, queryHolds, termHolds } from './query-match.js';
import type { FieldWords } from './query-match.js';
import { wordsOf } from './text.js';

const FIELDS = ['title', 'body'];

/** An item's fields as their words, the way a search reads them. */
function item(texts: Record<string, string>): FieldWords {
  return Object.fromEntries(Object.entries(texts).map(([field, text]) => [field, wordsOf(text)]));
}

/** Whether the query `q` finds an item of these texts. */
function finds(q: string, texts: Record<string, string>): boolean {
  return queryHolds(parseSearchQuery(q, { fields: FIELDS }), item(texts));
}

describe('termHolds', () => {
  const post: FieldWords = { title: ['rust', 'async', 'book'], body: ['learn', 'async', 'rust', 'today'] };

  describe('a word', () => {
    it('holds when any field has it, whole', () => {
      expect(termHolds(word('book'), post)).toBe(true);
      expect(termHolds(word('today'), post)).toBe(true);
    });

    it('does not hold for a word no field has, nor for part of a word', () => {
      expect(termHolds(word('go'), post)).toBe(false);
      expect(termHolds(word('rus'), post)).toBe(false);
      expect(termHolds(word('books'), post)).toBe(false);
    });

    it('holds in its field only, when it names one', () => {
      expect(termHolds(word('book', 'title'), post)).toBe(true);
      expect(termHolds(word('book', 'body'), post)).toBe(false);
      expect(termHolds(word('today', 'title'), post)).toBe(false);
      expect(termHolds(word('today', 'body'), post)).toBe(true);
    });

    it('does not hold in a field the item lacks', () => {
      expect(termHolds(word('rust', 'author'), post)).toBe(false);
      expect(termHolds(word('rust', 'body'), { title: ['rust'] })).toBe(false);
    });

    it('does not hold in an item without words', () => {
      expect(termHolds(word('rust'), {})).toBe(false);
      expect(termHolds(word('rust'), { title: [], body: [] })).toBe(false);
    });
  });

  describe('a prefix', () => {
    it('holds when a word starts with it, or is it', () => {
      expect(termHolds(prefix('asy'), post)).toBe(true);
      expect(termHolds(prefix('async'), post)).toBe(true);
      expect(termHolds(prefix('tod'), post)).toBe(true);
    });

    it('does not hold when it is only inside or longer than a word', () => {
      expect(termHolds(prefix('sync'), post)).toBe(false);
      expect(termHolds(prefix('asyncio'), post)).toBe(false);
    });

    it('holds in its field only, when it names one', () => {
      expect(termHolds(prefix('boo', 'title'), post)).toBe(true);
      expect(termHolds(prefix('boo', 'body'), post)).toBe(false);
      expect(termHolds(prefix('lea', 'title'), post)).toBe(false);
    });
  });

  describe('a phrase', () => {
    it('holds for its words next to each other, in order', () => {
      expect(termHolds(phrase(['async', 'book']), post)).toBe(true);
      expect(termHolds(phrase(['learn', 'async', 'rust']), post)).toBe(true);
      expect(termHolds(phrase(['rust', 'async', 'book']), post)).toBe(true);
    });

    it('does not hold for its words in another order', () => {
      expect(termHolds(phrase(['book', 'async']), post)).toBe(false);
      expect(termHolds(phrase(['today', 'rust']), post)).toBe(false);
    });

    it('does not hold for its words apart', () => {
      expect(termHolds(phrase(['rust', 'book']), post)).toBe(false);
      expect(termHolds(phrase(['learn', 'rust']), post)).toBe(false);
    });

    it('does not hold across two fields, even when they run on', () => {
      // title ends in "book", body begins with "learn"
      expect(termHolds(phrase(['book', 'learn']), post)).toBe(false);
      expect(termHolds(phrase(['rust', 'lang']), { title: ['rust'], body: ['lang'] })).toBe(false);
    });

    it('holds in either field', () => {
      expect(termHolds(phrase(['rust', 'today']), post)).toBe(true);
      expect(termHolds(phrase(['rust', 'async']), post)).toBe(true);
    });

    it('finds a later start when the first one does not go on', () => {
      expect(termHolds(phrase(['a', 'b']), { body: ['a', 'x', 'a', 'c', 'a', 'b'] })).toBe(true);
      expect(termHolds(phrase(['a', 'b']), { body: ['a', 'x', 'a', 'c', 'a'] })).toBe(false);
    });

    it('does not hold when the field ends before the phrase does', () => {
      expect(termHolds(phrase(['async', 'book', 'club']), post)).toBe(false);
    });

    it('holds for a repeated word only when it repeats in a row', () => {
      expect(termHolds(phrase(['go', 'go']), { body: ['go', 'go'] })).toBe(true);
      expect(termHolds(phrase(['go', 'go']), { body: ['go', 'stop', 'go'] })).toBe(false);
    });

    it('holds in its field only, when it names one', () => {
      expect(termHolds(phrase(['async', 'book'], 'title'), post)).toBe(true);
      expect(termHolds(phrase(['async', 'book'], 'body'), post)).toBe(false);
      expect(termHolds(phrase(['async', 'rust'], 'body'), post)).toBe(true);
      expect(termHolds(phrase(['async', 'rust'], 'title'), post)).toBe(false);
    });
  });
});

describe('queryHolds', () => {
  describe('words', () => {
    it('needs every word, each in any field', () => {
      expect(finds('rust book', { title: 'The Rust book', body: '' })).toBe(true);
      expect(finds('rust today', { title: 'The Rust book', body: 'Read it today' })).toBe(true);
      expect(finds('rust go', { title: 'The Rust book', body: 'Read it today' })).toBe(false);
    });

    it('matches whole words regardless of case', () => {
      expect(finds('RUST', { title: 'rust', body: '' })).toBe(true);
      expect(finds('rust', { title: 'Rusty nails', body: '' })).toBe(false);
    });

    it('needs each word of a run joined by punctuation, not next to each other', () => {
      expect(finds('rust-lang', { title: 'lang of the year: rust', body: '' })).toBe(true);
      expect(finds('rust-lang', { title: 'rust', body: 'lang' })).toBe(true);
      expect(finds('rust-lang', { title: 'rust', body: '' })).toBe(false);
    });

    it('limits a field word to its field', () => {
      expect(finds('title:rust', { title: 'Rust news', body: '' })).toBe(true);
      expect(finds('title:rust', { title: 'News', body: 'about rust' })).toBe(false);
      expect(finds('body:rust', { title: 'Rust news', body: 'nothing' })).toBe(false);
    });
  });

  describe('phrases', () => {
    it('needs the quoted words in a row, in order', () => {
      expect(finds('"async rust"', { title: '', body: 'Learn async Rust today' })).toBe(true);
      expect(finds('"rust async"', { title: '', body: 'Learn async Rust today' })).toBe(false);
      expect(finds('"learn rust"', { title: '', body: 'Learn async Rust today' })).toBe(false);
    });

    it('ignores punctuation between the words of the text', () => {
      expect(finds('"rust lang"', { title: 'Rust-lang!', body: '' })).toBe(true);
    });

    it('needs the phrase within one field, not across title and body', () => {
      expect(finds('"book learn"', { title: 'Rust book', body: 'learn it' })).toBe(false);
      expect(finds('title:"rust book"', { title: 'Rust book', body: '' })).toBe(true);
      expect(finds('body:"rust book"', { title: 'Rust book', body: '' })).toBe(false);
    });

    it('reads a run under an operator as a phrase: rust-lang OR go needs rust and lang in a row', () => {
      expect(finds('rust-lang OR go', { title: 'rust lang', body: '' })).toBe(true);
      expect(finds('rust-lang OR go', { title: 'lang rust', body: '' })).toBe(false);
      expect(finds('rust-lang OR go', { title: 'go', body: '' })).toBe(true);
    });
  });

  describe('prefixes', () => {
    it('needs a word starting with the prefix', () => {
      expect(finds('asy*', { title: 'Asyncio tips', body: '' })).toBe(true);
      expect(finds('asy*', { title: 'Sync tips', body: '' })).toBe(false);
    });

    it('limits a field prefix to its field', () => {
      expect(finds('body:asy*', { title: 'Asyncio', body: 'tips' })).toBe(false);
      expect(finds('body:asy*', { title: 'tips', body: 'Asyncio' })).toBe(true);
    });
  });

  describe('exclusions', () => {
    it('refuses an item holding an excluded word', () => {
      expect(finds('rust -go', { title: 'Rust and Go', body: '' })).toBe(false);
      expect(finds('rust -go', { title: 'Rust', body: 'and go' })).toBe(false);
      expect(finds('rust -go', { title: 'Rust', body: 'and going' })).toBe(true);
    });

    it('refuses an item holding an excluded prefix', () => {
      expect(finds('rust -go*', { title: 'Rust', body: 'and going' })).toBe(false);
      expect(finds('rust -go*', { title: 'Rust', body: 'and ago' })).toBe(true);
    });

    it('refuses an item holding an excluded phrase, only with its words in a row', () => {
      expect(finds('rust -"go lang"', { title: 'Rust', body: 'not go lang' })).toBe(false);
      expect(finds('rust -"go lang"', { title: 'Rust', body: 'lang not go' })).toBe(true);
      expect(finds('rust -go-lang', { title: 'Rust', body: 'go-lang' })).toBe(false);
      expect(finds('rust -go-lang', { title: 'Rust go', body: 'lang' })).toBe(true);
    });

    it('refuses an item holding an excluded field term in that field only', () => {
      expect(finds('rust -title:go', { title: 'Rust go', body: '' })).toBe(false);
      expect(finds('rust -title:go', { title: 'Rust', body: 'go' })).toBe(true);
    });
  });

  describe('OR', () => {
    it('needs one of the alternatives', () => {
      expect(finds('a OR b OR c', { title: 'c', body: '' })).toBe(true);
      expect(finds('a OR b OR c', { title: 'b', body: 'a' })).toBe(true);
      expect(finds('a OR b OR c', { title: 'd', body: 'e' })).toBe(false);
    });

    it('needs the other clauses as well', () => {
      expect(finds('x a OR b', { title: 'x b', body: '' })).toBe(true);
      expect(finds('x a OR b', { title: 'b', body: '' })).toBe(false);
    });

    it('is still refused by an exclusion', () => {
      expect(finds('a OR b -c', { title: 'a c', body: '' })).toBe(false);
      expect(finds('a OR b -c', { title: 'a', body: '' })).toBe(true);
    });

    it('takes field terms as alternatives', () => {
      expect(finds('title:rust OR body:go', { title: 'go', body: 'rust' })).toBe(false);
      expect(finds('title:rust OR body:go', { title: 'rust', body: '' })).toBe(true);
      expect(finds('title:rust OR body:go', { title: '', body: 'go' })).toBe(true);
    });
  });

  describe('alternatives of several terms', () => {
    // the parser makes alternatives of one term; the tree allows several, all of which must hold
    const query: SearchQuery = {
      clauses: [[[word('a'), word('b')], [word('c')]]],
      excluded: [],
    };

    it('needs every term of an alternative', () => {
      expect(queryHolds(query, { body: ['a', 'b'] })).toBe(true);
      expect(queryHolds(query, { body: ['a'] })).toBe(false);
      expect(queryHolds(query, { body: ['c'] })).toBe(true);
    });
  });
});

describe('isPlainWords', () => {
  function plain(q: string): boolean {
    return isPlainWords(parseSearchQuery(q, { fields: FIELDS }));
  }

  it('is true for words only, punctuation runs and one-word quotes included', () => {
    expect(plain('rust')).toBe(true);
    expect(plain('Rust async book')).toBe(true);
    expect(plain('rust-lang 10:30 http:foo')).toBe(true);
    expect(plain('"rust" or')).toBe(true);
  });

  it.each([
    ['a phrase', '"async rust"'],
    ['a prefix', 'asy*'],
    ['a field word', 'title:rust'],
    ['a field phrase', 'body:"a b"'],
    ['an OR', 'a OR b'],
    ['an excluded word', 'rust -go'],
    ['an excluded field word', 'rust -title:go'],
    ['a word beside a prefix', 'rust asy*'],
  ])('is false for a query with %s (%j)', (_what, q) => {
    expect(plain(q)).toBe(false);
  });

  it('is false for a clause of one alternative of several terms', () => {
    expect(isPlainWords({ clauses: [[[word('a'), word('b')]]], excluded: [] })).toBe(false);
  });
});
