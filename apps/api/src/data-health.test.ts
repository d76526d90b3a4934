import { createDataHealth } from './data-health.js';

describe('createDataHealth', () => {
  it('fails from a failure until a success or the end of the window, whichever comes first', () => {
    let now = 0;
    const health = createDataHealth({ now: () => now, windowMs: 10_000 });
    expect(health.failing()).toBe(false);
    health.succeeded();
    now = 5;
    health.failed();
    expect(health.failing()).toBe(true);
    now = 10_004;
    expect(health.failing()).toBe(true);
    now = 10_005;
    expect(health.failing()).toBe(false);
    now = 20_000;
    health.failed();
    now = 20_001;
    health.succeeded();
    expect(health.failing()).toBe(false);
  });

  it('counts as answered lately from a success until the fresh window ends or a failure comes', () => {
    let now = 0;
    const health = createDataHealth({ now: () => now, windowMs: 10_000, freshMs: 1_000 });
    expect(health.answeredLately()).toBe(false);
    health.succeeded();
    now = 999;
    expect(health.answeredLately()).toBe(true);
    now = 1_000;
    expect(health.answeredLately()).toBe(false);
    health.succeeded();
    now = 1_001;
    health.failed();
    expect(health.answeredLately()).toBe(false);
    expect(health.failing()).toBe(true);
  });
});
