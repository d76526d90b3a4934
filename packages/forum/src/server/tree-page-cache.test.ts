import type { CommentTreeResponse } from '../schemas.js';
import type { TreePageQuery } from './comment-tree.js';
import { commentRecord } from './comment.case.js';
import { TreePageCache } from './tree-page-cache.js';

const query = (postId: string, seen = 0): TreePageQuery => ({
  postId,
  sort: 'best',
  root: { parentId: null, depth: 0, seen },
  levels: 10,
  limit: 100,
});

const page = (bodyLength: number): CommentTreeResponse => ({
  comments: [{ ...commentRecord({ id: 'c1', body: 'x'.repeat(bodyLength) }), moreReplies: { count: 2, cursor: 'k' } }],
  moreCount: 0,
  cursor: '',
});

describe('tree page cache', () => {
  it('gives a page only for the query and thread version it was made at', () => {
    const cache = new TreePageCache();
    const kept = page(10);
    cache.set(query('p'), 3, kept);
    expect(cache.get(query('p'), 3)).toBe(kept);
    expect(cache.get(query('q'), 3)).toBeUndefined();
    expect(cache.get(query('p', 1), 3)).toBeUndefined();
    expect(cache.get({ ...query('p'), sort: 'new' }, 3)).toBeUndefined();
    expect(cache.get({ ...query('p'), limit: 99 }, 3)).toBeUndefined();
    expect(cache.get(query('p'), 4)).toBeUndefined();
    // the page of the old version is gone: the thread will not be asked for at 3 again
    expect(cache.get(query('p'), 3)).toBeUndefined();
  });

  it('drops the least recently used pages past its byte bound', () => {
    // each page weighs ~2 × 1,000 characters + 600
    const cache = new TreePageCache(6_000);
    cache.set(query('a'), 0, page(1_000));
    cache.set(query('b'), 0, page(1_000));
    expect(cache.get(query('a'), 0)).toBeDefined();
    cache.set(query('c'), 0, page(1_000));
    expect(cache.get(query('b'), 0)).toBeUndefined();
    expect(cache.get(query('a'), 0)).toBeDefined();
    expect(cache.get(query('c'), 0)).toBeDefined();
    // a page heavier than the whole bound is not kept at all
    cache.set(query('d'), 0, page(10_000));
    expect(cache.get(query('d'), 0)).toBeUndefined();
  });
});
