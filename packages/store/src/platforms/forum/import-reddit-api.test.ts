import { readFile } from 'node:fs/promises';
import { importFixture } from '../../testing.js';
import { isEscaped, mapRedditResponse, thingsOf } from './import-reddit-api.js';

async function fixture(name: string): Promise<unknown> {
  return JSON.parse(await readFile(importFixture('reddit-api', name), 'utf8'));
}

const post = (data: Record<string, unknown>) => ({ kind: 't3', data });

describe('reddit-api: Reddit API responses', () => {
  it('maps a listing fetched as the API escapes by default: text decoded once, counts and times as sent', async () => {
    const items = [...mapRedditResponse(await fixture('new.json'), 'new.json response 1')];
    expect(items.map((item) => item.location)).toEqual([
      'new.json response 1 item 1',
      'new.json response 1 item 2',
      'new.json response 1 item 3',
    ]);
    const [first, second, third] = items.map((item) => ('rows' in item ? item.rows[0]?.values : item.error));
    expect(first).toMatchObject({
      id: '1gq2b3a',
      community: 'programming',
      author: 'ada_l',
      title: 'Q&A: comparisons >_<',
      content: 'Is `a < b && c > d` faster than the other way? I wrote &lt;3 on purpose.',
      score: 41,
      comment_count: 7,
      created_at: 1_731_500_000_000,
      url: 'https://www.reddit.com/r/programming/comments/1gq2b3a/qa_comparisons/',
    });
    expect(second).toMatchObject({
      id: '1gq2b3b',
      title: 'Rust & WebAssembly in 2024',
      comment_count: 12,
      created_at: 1_731_400_000_500,
    });
    expect(third).toBe('id: expected a non-empty string');
  });

  it('keeps the text of a raw_json=1 response as typed; reports comments (t1), passes over "more" stubs', async () => {
    const items = [...mapRedditResponse(await fixture('comments-raw.json'), 'c.json response 1')];
    expect(items).toHaveLength(2);
    const [postItem, comment] = items;
    expect(postItem && 'rows' in postItem && postItem.rows[0]?.values).toMatchObject({
      id: '1gq9z9z',
      title: 'Tom &amp; Jerry <3',
      content: 'Typed literally: &amp; stays, <b> stays.',
    });
    expect(comment).toEqual({
      location: 'c.json response 1 item 2',
      error: 'a comment (t1): the forum store holds posts; only posts (t3) are imported',
    });
  });

  it('reads a single thing, a listing, or an array of listings; anything else is not a response', () => {
    const thing = post({ id: 'a' });
    expect(thingsOf(thing)).toEqual([thing]);
    expect(thingsOf([{ kind: 'Listing', data: { children: [thing, 'junk'] } }])).toEqual([thing]);
    for (const other of [{ items: [] }, [thing, { data: {} }], { kind: 'Listing', data: {} }, 'text'])
      expect(thingsOf(other)).toBeUndefined();
    expect([...mapRedditResponse({ items: [] }, 'x.json response 1')]).toEqual([
      {
        location: 'x.json response 1',
        error: 'not a Reddit API response (no Listing, or thing with kind and data)',
      },
    ]);
  });

  it('tells a raw_json response from an escaped one by its HTML, then by a link with a query string; default escaped', () => {
    expect(isEscaped([post({ selftext_html: '&lt;!-- SC_OFF --&gt;' })])).toBe(true);
    expect(isEscaped([post({ selftext_html: '<!-- SC_OFF -->' })])).toBe(false);
    expect(isEscaped([{ kind: 't1', data: { body_html: '<div class="md">' } }])).toBe(false);
    expect(isEscaped([post({ selftext_html: null, url: 'https://x.org/?a=1&b=2' })])).toBe(false);
    expect(isEscaped([post({ selftext_html: null, url: 'https://x.org/?a=1&amp;b=2' })])).toBe(true);
    expect(isEscaped([post({ url: 'https://x.org/' })])).toBe(true);
  });
});
