import { RankedWalks } from './ranked-walks.js';

const ranking = (n: number) => ({ ids: [`v${n}`], total: n });

describe('RankedWalks', () => {
  it('keeps the most recently used walks, up to its size', () => {
    const walks = new RankedWalks(2, 1_000);
    walks.set('a', ranking(1), 0);
    walks.set('b', ranking(2), 0);
    expect(walks.get('a', 0)).toMatchObject(ranking(1)); // a is now the most recent
    walks.set('c', ranking(3), 0); // b goes
    expect(walks.get('b', 0)).toBeUndefined();
    expect(walks.get('a', 0)).toMatchObject(ranking(1));
    expect(walks.get('c', 0)).toMatchObject(ranking(3));
  });

  it('forgets a walk older than its time to live, and a walk set again is renewed', () => {
    const walks = new RankedWalks(2, 1_000);
    walks.set('a', ranking(1), 0);
    expect(walks.get('a', 1_000)).toMatchObject(ranking(1));
    expect(walks.get('a', 1_001)).toBeUndefined();
    walks.set('a', ranking(4), 1_001);
    expect(walks.get('a', 2_001)).toMatchObject(ranking(4));
  });
});
