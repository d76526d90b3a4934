import { inKeyOrder } from './key-order.js';

interface Posting {
  term: string;
  type: string;
  views: number;
}
const posting = (term: string, type: string, views: number): Posting => ({ term, type, views });
const byKey = (a: Posting, b: Posting) =>
  a.term < b.term ? -1 : a.term > b.term ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : a.views - b.views;

describe('inKeyOrder', () => {
  it('orders by the lead string, then by `then` among rows of one lead: the order a comparator over the whole key gives', () => {
    const rows = [
      posting('love', 'VIDEO', 30),
      posting('a', 'VIDEO', 5),
      posting('love', 'MOVIE', 99),
      posting('lovely', 'VIDEO', 1),
      posting('love', 'VIDEO', 2),
      posting('Zed', 'VIDEO', 7),
      posting('é', 'VIDEO', 3),
      posting('love', 'VIDEO', 10),
    ];
    const ordered = inKeyOrder(
      rows,
      (row) => `${row.term}\u0000${row.type}`,
      (a, b) => a.views - b.views,
    );
    expect(ordered).toEqual([...rows].sort(byKey));
    expect(ordered.map((row) => `${row.term}:${row.type}:${row.views}`)).toEqual([
      'Zed:VIDEO:7',
      'a:VIDEO:5',
      'love:MOVIE:99',
      'love:VIDEO:2',
      'love:VIDEO:10',
      'love:VIDEO:30',
      'lovely:VIDEO:1',
      'é:VIDEO:3',
    ]);
  });

  it('keeps every row (duplicates included) and leaves the input as it was', () => {
    const rows = [posting('b', 'VIDEO', 1), posting('a', 'VIDEO', 1), posting('b', 'VIDEO', 1)];
    const copy = [...rows];
    expect(inKeyOrder(rows, (row) => row.term)).toEqual([rows[1], rows[0], rows[2]]);
    expect(rows).toEqual(copy);
    expect(inKeyOrder([], (row: Posting) => row.term)).toEqual([]);
  });
});
