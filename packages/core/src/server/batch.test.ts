import { inRequestOrder } from './batch.js';

describe('inRequestOrder', () => {
  const rows = [{ id: 'b' }, { id: 'a' }, { id: 'C' }];
  it('orders the records as the ids were given and lists the missing ids in the same order', () => {
    expect(inRequestOrder(['a', 'x', 'b', 'y'], rows, (r) => r.id)).toEqual({
      records: [{ id: 'a' }, { id: 'b' }],
      notFound: ['x', 'y'],
    });
  });
  it('matches through a key of both sides (case-insensitive lookups)', () => {
    const lower = (s: string) => s.toLowerCase();
    expect(inRequestOrder(['c', 'A'], rows, (r) => lower(r.id), lower)).toEqual({
      records: [{ id: 'C' }, { id: 'a' }],
      notFound: [],
    });
    expect(inRequestOrder(['c'], rows, (r) => r.id).notFound).toEqual(['c']);
  });
});
