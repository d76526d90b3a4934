import { paginate } from './paginate.js';

describe('paginate', () => {
  it('follows tokens until an empty one, passing each back', async () => {
    const pages: Record<string, { items: number[]; next: string }> = {
      start: { items: [1, 2], next: 'a' },
      a: { items: [3], next: 'b' },
      b: { items: [4, 5], next: '' },
    };
    const asked: (string | undefined)[] = [];
    const seen: number[] = [];
    for await (const page of paginate(
      async (token) => (asked.push(token), pages[token ?? 'start']!),
      (page) => page.next,
    )) {
      seen.push(...page.items);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, 'a', 'b']);
  });

  it('stops after one page when the first token is empty, and propagates errors', async () => {
    let calls = 0;
    for await (const _ of paginate(
      async () => (calls++, { next: '' }),
      (p) => p.next,
    )) {
      // read to the end
    }
    expect(calls).toBe(1);
    const failing = paginate(
      async () => Promise.reject(new Error('boom')),
      () => '',
    );
    await expect(failing.next()).rejects.toThrow('boom');
  });
});
