import { type MergedSearch, readMergedPage } from './merged-search.js';

interface Item {
  id: number;
  score: number;
  words: ReadonlySet<string>;
  title: ReadonlySet<string>;
}
interface Place {
  tier: number;
  score: number;
  id: number;
}

const order = (a: Place, b: Place) => b.tier - a.tier || b.score - a.score || b.id - a.id;

/** Items of few words and few scores (ties everywhere), a deterministic mix. */
const items: Item[] = Array.from({ length: 400 }, (_, id) => {
  const pick = (n: number, k: number) => ['a', 'b', 'c', 'd', 'e'].filter((_, i) => (id * 7 + i * n) % k === 0);
  return { id, score: (id * 13) % 5, words: new Set(pick(3, 2)), title: new Set(pick(5, 3)) };
});

/** An index of words: the items holding every word of the set, in the set's order (tier by its title), after a place. */
function searchOf(wordSets: string[][], check?: (item: Item) => boolean) {
  const reads: { words: readonly string[]; limit: number }[] = [];
  const placeIn = (item: Item, sets: readonly (readonly string[])[]): Place => ({
    tier: sets.some((set) => set.every((w) => item.title.has(w))) ? 1 : 0,
    score: item.score,
    id: item.id,
  });
  const search: MergedSearch<Item, Place> = {
    wordSets,
    async read(words, after, limit) {
      reads.push({ words, limit });
      return items
        .filter((item) => words.every((w) => item.words.has(w) || item.title.has(w)))
        .map((item) => ({ item, position: placeIn(item, [words]) }))
        .filter(({ position }) => !after || order(position, after) > 0)
        .sort((x, y) => order(x.position, y.position))
        .slice(0, limit);
    },
    placeOf: (item) => placeIn(item, wordSets),
    order,
    idOf: (item) => String(item.id),
    check,
  };
  const expected = items
    .filter((item) => wordSets.some((set) => set.every((w) => item.words.has(w) || item.title.has(w))))
    .filter((item) => !check || check(item))
    .sort((x, y) => order(placeIn(x, wordSets), placeIn(y, wordSets)))
    .map((item) => item.id);
  return { search, reads, expected };
}

async function allPages(
  search: MergedSearch<Item, Place>,
  limit: number,
  bounds?: { checkedMax: number; batchMax: number },
) {
  const ids: number[] = [];
  const sizes: number[] = [];
  let after: Place | undefined;
  do {
    const page = await readMergedPage(search, after, limit, bounds);
    ids.push(...page.found.map((f) => f.item.id));
    sizes.push(page.found.length);
    after = page.next;
  } while (after && sizes.length < 10_000);
  return { ids, sizes };
}

describe('readMergedPage', () => {
  it.each([
    [[['a']], 'one set'],
    [[['a'], ['b']], 'two overlapping sets'],
    [[['a', 'b'], ['c'], ['d', 'e']], 'three sets'],
  ])('%j (%s): every match once, in order, on pages of any size', async (wordSets) => {
    const { search, expected } = searchOf(wordSets);
    expect(expected.length).toBeGreaterThan(20);
    for (const limit of [1, 4, 30]) {
      const { ids, sizes } = await allPages(search, limit);
      expect(ids).toEqual(expected);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(limit);
    }
  });

  it('reads each set once a page, limit + 1 of it, when nothing is checked', async () => {
    const { search, reads } = searchOf([['a'], ['b']]);
    await readMergedPage(search, undefined, 10);
    expect(reads).toEqual([
      { words: ['a'], limit: 11 },
      { words: ['b'], limit: 11 },
    ]);
  });

  it('keeps the results that pass the check, reading on in growing batches', async () => {
    const check = (item: Item) => item.id % 3 === 0;
    const { search, expected, reads } = searchOf([['a'], ['c']], check);
    const { ids } = await allPages(search, 5);
    expect(ids).toEqual(expected);
    expect(Math.max(...reads.map((read) => read.limit))).toBeGreaterThan(6);
  });

  it('answers a short page with a place to read on when it has checked its most', async () => {
    const { search, expected } = searchOf([['a']], (item) => item.id < 5);
    const first = await readMergedPage(search, undefined, 10, { checkedMax: 20, batchMax: 10 });
    expect(first.found).toEqual([]);
    expect(first.next).toBeDefined();
    const { ids } = await allPages(search, 10, { checkedMax: 20, batchMax: 10 });
    expect(ids).toEqual(expected);
  });
});
