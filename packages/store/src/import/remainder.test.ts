import { remainderOf, taken } from './remainder.js';

describe('remainderOf', () => {
  const fields = taken('id', 'snippet.title', 'snippet.thumbnails', 'statistics.viewCount');

  it('keeps every other field in the source’s order, nesting and types', () => {
    const record = {
      kind: 'youtube#video',
      id: 'v1',
      snippet: { publishedAt: '2026-01-01T00:00:00Z', title: 'T', tags: ['a', 'b'], thumbnails: {} },
      statistics: { viewCount: '12', likeCount: '3' },
      etag: null,
    };
    expect(remainderOf(record, fields)).toBe(
      '{"kind":"youtube#video","snippet":{"publishedAt":"2026-01-01T00:00:00Z","tags":["a","b"]},' +
        '"statistics":{"likeCount":"3"},"etag":null}',
    );
  });

  it('leaves out an object the removal empties, keeps one the source sent empty', () => {
    expect(JSON.parse(remainderOf({ id: 'v', snippet: { title: 'T' }, statistics: {} }, fields))).toEqual({
      statistics: {},
    });
    expect(remainderOf({ id: 'v' }, fields)).toBe('{}');
  });

  it('a taken path through a value that is not an object takes nothing', () => {
    expect(JSON.parse(remainderOf({ snippet: 'text', statistics: [1] }, fields))).toEqual({
      snippet: 'text',
      statistics: [1],
    });
  });

  it('leaves the record as it was, and keeps a field named like a prototype key', () => {
    const record = JSON.parse('{"id":"v","__proto__":{"x":1},"constructor":2,"snippet":{"title":"T","a":1}}');
    expect(JSON.parse(remainderOf(record, fields))).toEqual(
      JSON.parse('{"__proto__":{"x":1},"constructor":2,"snippet":{"a":1}}'),
    );
    expect(record).toEqual(JSON.parse('{"id":"v","__proto__":{"x":1},"constructor":2,"snippet":{"title":"T","a":1}}'));
  });
});
