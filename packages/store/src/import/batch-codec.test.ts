import { BatchDecoder, BatchEncoder } from './batch-codec.js';
import type { ImportItem } from './types.js';

describe('import batch codec (reader thread → writer)', () => {
  it('items come out as they went in: rows of several shapes, errors, prunes, nulls, non-ASCII text and large numbers', () => {
    const items: ImportItem[] = [
      { location: 'line 1', rows: [{ table: 'forum_posts', values: { id: 'a1', title: 'Ünïcödé ✓ "quoted"\n', score: -3, hot: 1.5e9 + 0.25, url: '' } as never }] },
      { location: 'line 2', error: 'not JSON (Unexpected token)' },
      {
        location: 'x.json response 1',
        rows: [
          { table: 'music_artists', values: { id: 'ar', name: 'A', followers: 2 ** 53 - 1, genres: null } as never, update: ['name'] },
          { table: 'music_album_artists', values: { id: 'al:0', position: 0, extra: { nested: [1, 'two'] } } as never },
          { table: 'music_artists', values: { id: 'ar2', name: '', followers: 0, genres: null } as never, update: ['name', 'followers'] },
        ],
        prune: [{ table: 'music_album_artists', column: 'album_id', owner: 'al', from: 1 }],
      },
      { location: 'line 4', rows: [{ table: 'forum_posts', values: { id: 'a2', title: '', score: 0, hot: 0, url: 'https://x' } as never }] },
    ];
    const encoder = new BatchEncoder();
    const decoder = new BatchDecoder();
    const out: ImportItem[] = [];
    // two batches: the second reuses shapes the first introduced
    for (const item of items.slice(0, 2)) encoder.add(item);
    out.push(...decoder.decode(structuredClone(encoder.take())));
    for (const item of items.slice(2)) encoder.add(item);
    const second = encoder.take();
    expect(second.shapes.map((s) => s.table)).toEqual(['music_artists', 'music_album_artists', 'music_artists']);
    out.push(...decoder.decode(structuredClone(second)));
    expect(out).toEqual(items);
  });
});
