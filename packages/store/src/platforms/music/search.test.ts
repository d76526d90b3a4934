import { KeptPositions, POSITION_TTL_MS, POSITIONS_KEPT } from './search.js';

const at = (num: number) => ({ tier: 1, popularity: 100 - num, num });

describe('KeptPositions (where recent music search walks ended)', () => {
  const realNow = Date.now;
  afterEach(() => {
    Date.now = realNow;
  });

  it('gives a kept position back once, and nothing for a key never kept', () => {
    const kept = new KeptPositions();
    kept.keep('walk\u000020', at(1));
    expect(kept.take('walk\u000040')).toBeUndefined();
    expect(kept.take('walk\u000020')).toMatchObject(at(1));
    expect(kept.take('walk\u000020')).toBeUndefined();
  });

  it('keeps the newest position of a key', () => {
    const kept = new KeptPositions();
    kept.keep('k', at(1));
    kept.keep('k', at(2));
    expect(kept.take('k')).toMatchObject(at(2));
  });

  it('keeps a position a minute', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    Date.now = () => now;
    const kept = new KeptPositions();
    kept.keep('fresh', at(1));
    kept.keep('stale', at(2));
    now += POSITION_TTL_MS;
    expect(kept.take('fresh')).toMatchObject(at(1));
    now += 1;
    expect(kept.take('stale')).toBeUndefined();
  });

  it('keeps the most recently kept POSITIONS_KEPT, a key kept again counting as recent', () => {
    const kept = new KeptPositions();
    for (let i = 0; i < POSITIONS_KEPT; i++) kept.keep(`k${i}`, at(i));
    kept.keep('k0', at(0)); // k0 is now the most recent, k1 the oldest
    kept.keep('one more', at(-1));
    expect(kept.take('k1')).toBeUndefined();
    expect(kept.take('k0')).toMatchObject(at(0));
    expect(kept.take('k2')).toMatchObject(at(2));
    expect(kept.take(`k${POSITIONS_KEPT - 1}`)).toMatchObject(at(POSITIONS_KEPT - 1));
    expect(kept.take('one more')).toMatchObject(at(-1));
  });
});
