import { importFixture } from '../../testing.js';
import type { ImportItem } from '../../import/types.js';
import { mapExportPost, postIdOf, tiktokExport } from './import-tiktok-export.js';
import { tiktokResearch } from './import-tiktok.js';

async function itemsOf(file: string, importer = tiktokExport): Promise<ImportItem[]> {
  const items: ImportItem[] = [];
  for await (const read of importer.read(importFixture('tiktok-export', file), { bytesRead: 0, totalBytes: 0 }))
    items.push(...(Array.isArray(read) ? read : [read]));
  return items;
}

const values = (item: ImportItem | undefined) => (item && 'rows' in item ? item.rows[0]?.values : item);

describe('tiktok-export: the "Download your data" file', () => {
  it('current layout: the posts of Post › Posts › VideoList by the profile named after them', async () => {
    const [first, second, photo, ...rest] = await itemsOf('user_data_tiktok.json');
    expect(rest).toEqual([]);
    expect(values(first)).toEqual({
      id: '7341234567890123456',
      author: 'maya.rides',
      author_key: 'maya.rides',
      description: 'Rainy Utrecht & coffee ☕ #morning',
      like_count: 1203,
      comment_count: 0,
      share_count: 0,
      view_count: 0,
      duration: 0,
      created_at: Date.UTC(2024, 1, 29, 23, 59, 58),
      video_url: 'https://www.tiktok.com/@maya.rides/video/7341234567890123456',
      music_title: 'original sound - maya.rides',
      music_author: '',
      extra: '',
      export_extra: expect.stringMatching(/^\{"Location":"Utrecht",/),
    });
    expect(values(second)).toMatchObject({ id: '7318000000000000000', like_count: 7, description: '' });
    expect(photo).toEqual({
      location: 'user_data_tiktok.json post 3',
      error: expect.stringMatching(/^Link: no post id in "https:\/\/p16-sign-va/),
    });
  });

  it('older layout: Video › Videos › VideoList and Profile › Profile Information; other lists are not posts', async () => {
    const [post, badDate, ...rest] = await itemsOf('user_data.json');
    expect(rest).toEqual([]);
    expect(values(post)).toMatchObject({
      id: '6955555555555555555',
      author: 'old.timer',
      like_count: 12,
      created_at: Date.UTC(2021, 3, 30, 21, 30),
    });
    expect(badDate).toEqual({
      location: 'user_data.json post 2',
      error: 'Date: expected a date like 2024-01-02 03:04:05, got "30/04/2021"',
    });
  });

  it('a stored post keeps what the export does not carry (counts from the Research API)', () => {
    const row = mapExportPost(
      { Date: '2024-01-01 00:00:00', link: 'https://www.tiktok.com/@a/video/1', likes: '5' },
      'a',
    );
    expect(row.update).toEqual([
      'author',
      'author_key',
      'description',
      'like_count',
      'created_at',
      'video_url',
      'music_title',
      'export_extra',
    ]);
    expect(row.values).toMatchObject({ id: '1', like_count: 5 });
    expect(() => mapExportPost({ Date: '2024-01-01 00:00:00', Link: 'https://x/video/2', Likes: 'many' }, 'a')).toThrow(
      'Likes: expected a count, got "many"',
    );
    expect(() => mapExportPost({ Date: '2024-02-30 00:00:00', Link: 'https://x/video/2' }, 'a')).toThrow(/not a date/);
  });

  it('finds the id in every link form, none in a link without one', () => {
    expect(postIdOf('https://www.tiktokv.com/share/video/7341234567890123456/')).toBe('7341234567890123456');
    expect(postIdOf('https://www.tiktok.com/@maya.rides/video/7318000000000000000?lang=en')).toBe(
      '7318000000000000000',
    );
    expect(postIdOf('https://www.tiktok.com/@maya.rides/photo/7318000000000000001')).toBe('7318000000000000001');
    expect(postIdOf('https://www.tiktok.com/@maya.rides')).toBeUndefined();
  });

  it('the Research API format names the right format for an export, and this one refuses other JSON', async () => {
    const [refused] = await itemsOf('user_data_tiktok.json', tiktokResearch);
    expect(refused).toMatchObject({ error: expect.stringMatching(/import it as shortvideo tiktok-export$/) });
    const items: ImportItem[] = [];
    for await (const read of tiktokExport.read(importFixture('tiktok', 'videos.json'), { bytesRead: 0, totalBytes: 0 }))
      items.push(...(Array.isArray(read) ? read : [read]));
    expect(items).toEqual([{ location: 'videos.json', error: expect.stringMatching(/^not a TikTok data export/) }]);
  });
});
