import { copyText } from './copy-text.js';

describe('copyText: rows in COPY text format', () => {
  it('separates columns by tabs and rows by newlines, in the columns given', () => {
    expect(
      copyText(
        [
          { a: 'x', b: 1 },
          { b: 2, a: 'y' },
        ],
        ['a', 'b'],
      ),
    ).toBe('x\t1\ny\t2\n');
    expect(copyText([], ['a'])).toBe('');
  });

  it('escapes backslash, tab, newline and carriage return; null and missing are \\N', () => {
    const row = { text: 'a\\b\tc\nd\re', literal: '\\N', none: null };
    expect(copyText([row], ['text', 'literal', 'none', 'missing'])).toBe('a\\\\b\\tc\\nd\\re\t\\\\N\t\\N\t\\N\n');
  });

  it('writes numbers as the shortest text that reads back the same, booleans as t / f', () => {
    expect(
      copyText([{ n: 0.1 + 0.2, big: 2 ** 53 - 1, neg: -5, yes: true, no: false }], ['n', 'big', 'neg', 'yes', 'no']),
    ).toBe('0.30000000000000004\t9007199254740991\t-5\tt\tf\n');
  });

  it('refuses what it cannot write', () => {
    expect(() => copyText([{ o: { nested: true } }], ['o'])).toThrow(/object cannot be written through COPY/);
  });
});
