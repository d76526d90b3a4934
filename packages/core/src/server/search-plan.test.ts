import { parseSearchQuery } from '../query-language.js';
import { parseQueryParam, planSearch } from './search-plan.js';

const parse = (q: string) => parseSearchQuery(q, { fields: ['title', 'body'] });
/** A store whose words are these: a prefix stands for those starting with it, in code-point order. */
const wordsOf =
  (...words: string[]) =>
  async (prefix: string, limit: number) =>
    words
      .filter((word) => word.startsWith(prefix))
      .sort()
      .slice(0, limit);

describe('planSearch: the word sets a query stands for', () => {
  it('is one set of the words of a query of words, unchecked', async () => {
    expect(await planSearch(parse('Rust async rust'), wordsOf())).toEqual({
      branches: [['rust', 'async']],
      checked: false,
    });
  });

  it('multiplies the sides of ORs, takes a phrase by its words, and checks phrases, fields and exclusions', async () => {
    expect(await planSearch(parse('a OR b "c d" OR e'), wordsOf())).toEqual({
      branches: [
        ['a', 'c', 'd'],
        ['a', 'e'],
        ['b', 'c', 'd'],
        ['b', 'e'],
      ],
      checked: true,
    });
    expect((await planSearch(parse('a -b'), wordsOf())).checked).toBe(true);
    expect((await planSearch(parse('title:a'), wordsOf())).checked).toBe(true);
    expect((await planSearch(parse('a OR b'), wordsOf())).checked).toBe(false);
  });

  it('stands a prefix for each stored word it starts, none when no word does', async () => {
    expect(await planSearch(parse('ru* async'), wordsOf('rust', 'rusty', 'go'))).toEqual({
      branches: [
        ['rust', 'async'],
        ['rusty', 'async'],
      ],
      checked: false,
    });
    expect(await planSearch(parse('zz* async'), wordsOf('rust'))).toEqual({ branches: [], checked: false });
    expect((await planSearch(parse('zz* OR async'), wordsOf('rust'))).branches).toEqual([['async']]);
  });

  it('leaves out a set holding another: whatever it finds, the other finds', async () => {
    expect((await planSearch(parse('a a OR b'), wordsOf())).branches).toEqual([['a']]);
  });

  it('refuses a prefix standing for more than 50 words and more than 64 combinations, naming the parameter', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `pre${i}`);
    await expect(planSearch(parse('pre*'), wordsOf(...many), 'keyword')).rejects.toMatchObject({
      code: 'invalid_parameter',
      message: 'keyword is not a valid query: pre* stands for more than 50 words: make it longer',
      details: { issues: [{ path: 'keyword' }] },
    });
    await expect(planSearch(parse('pre*'), wordsOf(...many.slice(0, 50)))).resolves.toMatchObject({
      checked: false,
    });
    const four = 'a OR b OR c OR d';
    await expect(planSearch(parse(`${four} ${four} ${four}`), wordsOf())).resolves.toMatchObject({
      checked: false,
    });
    await expect(planSearch(parse(`${four} ${four} ${four} e OR f`), wordsOf())).rejects.toMatchObject({
      message:
        'q is not a valid query: it stands for 128 combinations of words, more than 64: use fewer ORs or longer prefixes',
    });
  });
});

describe('parseQueryParam', () => {
  it('parses, or refuses a malformed query with a 400 on the parameter', () => {
    expect(parseQueryParam('q', 'a OR b', { fields: [] }).clauses).toHaveLength(1);
    expect(() => parseQueryParam('keyword', 'a "b', { fields: [] })).toThrow(
      expect.objectContaining({
        code: 'invalid_parameter',
        message: 'keyword is not a valid query: this quote is not closed (at character 3)',
      }),
    );
  });
});
