import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCursorCodec } from '@socialquery/core/server';
import { createShortVideoHandlers } from '@socialquery/shortvideo/server';
import type { Store } from '../../store.js';
import { importData } from '../../import/index.js';
import { openTestStore } from '../../testing.js';
import { mapExportPost } from './import-tiktok-export.js';
import { mapTiktokVideo } from './import-tiktok.js';
import { shortVideoDemoVideos } from './demo.js';
import { toShortVideoRow, upsertShortVideoRows } from './rows.js';
import { createSqlShortVideoSource } from './source.js';

const VIDEO_ID = '7341234567890123456';

/**
 * A Research API video query response as the API writes it (every field of the video object asked
 * for; ids, music and playlist ids as JSON numbers past 2^53), written as text so that the import
 * reads the numbers the way it reads a saved response.
 */
const researchResponse = `{
  "data": {
    "videos": [
      {
        "id": ${VIDEO_ID},
        "create_time": 1709251198,
        "username": "maya.rides",
        "region_code": "NL",
        "video_description": "Rainy Utrecht & coffee ☕ #morning",
        "music_id": 7341234500000000001,
        "like_count": 1250,
        "comment_count": 48,
        "share_count": 17,
        "view_count": 20544,
        "effect_ids": ["0"],
        "hashtag_names": ["morning"],
        "playlist_id": 7301234567890123456,
        "voice_to_text": "good morning from Utrecht",
        "video_duration": 23,
        "is_stem_verified": false,
        "video_mention_list": ["coffee.corner"],
        "video_label": { "content": "" },
        "favorites_count": 4,
        "hashtag_info_list": [{ "hashtag_id": 1606290, "hashtag_name": "morning", "hashtag_description": "" }],
        "sticker_info_list": [{ "sticker_id": "7341234500000000077", "sticker_name": "coffee time" }],
        "effect_info_list": [{ "effect_id": "0", "effect_name": "" }]
      }
    ],
    "cursor": 1,
    "has_more": false,
    "search_id": "7341234599999999999"
  },
  "error": { "code": "ok", "message": "", "log_id": "20240301000000" }
}
{
  "data": {
    "comments": [
      { "id": 7341240000000000001, "video_id": ${VIDEO_ID}, "text": "which café is this?", "like_count": 12, "reply_count": 1, "parent_comment_id": ${VIDEO_ID}, "create_time": 1709252000 },
      { "id": 7341240000000000002, "video_id": ${VIDEO_ID}, "text": "the one by the canal", "like_count": 3, "reply_count": 0, "parent_comment_id": 7341240000000000001, "create_time": 1709252600 }
    ],
    "cursor": 2,
    "has_more": false
  },
  "error": { "code": "ok", "message": "", "log_id": "20240301000001" }
}
`;

/** What the Research API item carries that no column holds, as the import keeps it (long ids as their text). */
const researchExtra = {
  region_code: 'NL',
  music_id: '7341234500000000001',
  effect_ids: ['0'],
  hashtag_names: ['morning'],
  playlist_id: '7301234567890123456',
  voice_to_text: 'good morning from Utrecht',
  is_stem_verified: false,
  video_mention_list: ['coffee.corner'],
  video_label: { content: '' },
  favorites_count: 4,
  hashtag_info_list: [{ hashtag_id: 1606290, hashtag_name: 'morning', hashtag_description: '' }],
  sticker_info_list: [{ sticker_id: '7341234500000000077', sticker_name: 'coffee time' }],
  effect_info_list: [{ effect_id: '0', effect_name: '' }],
};

/** The same video's entry in the current layout of a "Download your data" file, as the app writes it. */
const exportPost = {
  Date: '2024-02-29 23:59:58',
  Link: `https://www.tiktokv.com/share/video/${VIDEO_ID}/`,
  Likes: '1203',
  Title: 'Rainy Utrecht & coffee ☕ #morning',
  Sound: 'original sound - maya.rides',
  Location: 'Utrecht',
  CoverImage: 'https://p16-sign-va.tiktokcdn.com/obj/cover-1.jpeg',
  WhoCanView: 'Everyone',
  AllowComments: 'Yes',
  AllowStitches: 'Yes',
  AllowDuets: 'No',
  AllowStickers: 'Yes',
  AllowSharingToStory: 'Yes',
  ContentDisclosure: '',
  AIGeneratedContent: 'No',
  AlternateText: '',
  AddYoursText: '',
  NumberOfCollections: '4',
};
const { Date: _date, Link: _link, Likes: _likes, Title: _title, Sound: _sound, ...exportExtra } = exportPost;

const exportFile = {
  'Activity Summary': { ActivitySummaryMap: { videosWatchedToTheEndSinceAccountRegistration: 1450 } },
  Post: { Posts: { VideoList: [exportPost] } },
  'Profile And Settings': {
    'Profile Info': { App: 1, ProfileMap: { userName: 'maya.rides', displayName: 'Maya', bioDescription: '' } },
  },
};

const NOW = new Date('2024-03-02T00:00:00Z');

describe('tiktok and tiktok-export imports keep every field of a video the columns do not hold', () => {
  let store: Store;
  let dir: string;
  const research = () => importData(store.db, 'shortvideo', 'tiktok', join(dir, 'research.json'));
  const exported = () => importData(store.db, 'shortvideo', 'tiktok-export', join(dir, 'user_data_tiktok.json'));
  const stored = () =>
    store.db
      .selectFrom('shortvideo_videos')
      .select(['extra', 'export_extra'])
      .where('id', '=', VIDEO_ID)
      .executeTakeFirstOrThrow();
  const ctx = (extra: boolean) => ({ now: NOW, cursors: createCursorCodec('k'.repeat(32)), requestId: 'test', extra });
  const handlers = () => createShortVideoHandlers(createSqlShortVideoSource(store.db));

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sq-tiktok-sources-'));
    writeFileSync(join(dir, 'research.json'), researchResponse);
    writeFileSync(join(dir, 'user_data_tiktok.json'), JSON.stringify(exportFile));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    store = await openTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  it('a Research API video: the columns as before, every other field in extra (long ids exact)', async () => {
    expect(await research()).toMatchObject({ imported: 3, skipped: 0 });
    const row = await store.db
      .selectFrom('shortvideo_videos')
      .selectAll()
      .where('id', '=', VIDEO_ID)
      .executeTakeFirstOrThrow();
    expect({ ...row, extra: JSON.parse(row.extra) as unknown }).toEqual({
      id: VIDEO_ID,
      author: 'maya.rides',
      author_key: 'maya.rides',
      description: 'Rainy Utrecht & coffee ☕ #morning',
      like_count: 1250,
      comment_count: 48,
      share_count: 17,
      view_count: expect.anything(),
      duration: 23,
      created_at: expect.anything(),
      video_url: `https://www.tiktok.com/@maya.rides/video/${VIDEO_ID}`,
      music_title: '',
      music_author: '',
      extra: researchExtra,
      export_extra: '',
    });
    expect([Number(row.view_count), Number(row.created_at)]).toEqual([20544, 1709251198000]);
  });

  it('a Research API comment: every field has its column, and the comments keep what they kept', async () => {
    await research();
    const comments = await store.db.selectFrom('shortvideo_comments').selectAll().orderBy('id').execute();
    expect(comments.map((c) => ({ ...c, created_at: Number(c.created_at) }))).toEqual([
      {
        id: '7341240000000000001',
        video_id: VIDEO_ID,
        parent_id: '',
        author: '',
        text: 'which café is this?',
        like_count: 12,
        reply_count: 1,
        created_at: 1709252000000,
      },
      {
        id: '7341240000000000002',
        video_id: VIDEO_ID,
        parent_id: '7341240000000000001',
        author: '',
        text: 'the one by the canal',
        like_count: 3,
        reply_count: 0,
        created_at: 1709252600000,
      },
    ]);
  });

  it('an export entry: its settings, cover and location in export_extra; its link, date, likes, title and sound are columns', async () => {
    expect(await exported()).toMatchObject({ imported: 1, skipped: 0 });
    const row = await stored();
    expect(row.extra).toBe('');
    expect(JSON.parse(row.export_extra)).toEqual(exportExtra);
  });

  it('neither format wipes what the other kept: the answer’s extra is both, in either order', async () => {
    await research();
    await exported();
    const both = { ...researchExtra, ...exportExtra };
    const lookup = async (extra: boolean) =>
      (await handlers().videosByIds({ ids: [VIDEO_ID] }, ctx(extra))) as {
        videos: Record<string, unknown>[];
      };
    expect((await lookup(true)).videos[0]!.extra).toEqual(both);
    // the export updates what it carries and keeps the Research API's counts
    expect((await lookup(true)).videos[0]).toMatchObject({ likeCount: 1203, viewCount: 20544, duration: 23 });
    expect((await lookup(false)).videos[0]).not.toHaveProperty('extra');

    const posts = async (extra: boolean) =>
      (await handlers().userPosts({ username: 'maya.rides', limit: 5 }, ctx(extra))) as {
        videos: Record<string, unknown>[];
      };
    expect((await posts(true)).videos.map((video) => video.extra)).toEqual([both]);
    expect((await posts(false)).videos[0]).not.toHaveProperty('extra');

    // the other order keeps both too
    await store.db.deleteFrom('shortvideo_videos').execute();
    await exported();
    await research();
    expect((await lookup(true)).videos[0]!.extra).toEqual(both);
  });

  it('a re-import of the same file changes nothing', async () => {
    const rows = () => store.db.selectFrom('shortvideo_videos').selectAll().orderBy('id').execute();
    await research();
    let before = await rows();
    expect((await research()).tables).toEqual({
      shortvideo_videos: { imported: 0, updated: 0, unchanged: 1 },
      shortvideo_comments: { imported: 0, updated: 0, unchanged: 2 },
    });
    expect(await rows()).toEqual(before);
    // the export, over the Research API's video, and again
    await exported();
    before = await rows();
    expect((await exported()).tables).toEqual({ shortvideo_videos: { imported: 0, updated: 0, unchanged: 1 } });
    expect(await rows()).toEqual(before);
  });

  it('a video with no source item (the demo’s) has no extra, asked or not', async () => {
    const [demo] = shortVideoDemoVideos({ now: NOW, scale: 1 });
    await upsertShortVideoRows(store.db, [toShortVideoRow(demo!)]);
    const answer = (await handlers().videosByIds({ ids: [demo!.id] }, ctx(true))) as {
      videos: Record<string, unknown>[];
    };
    expect(answer.videos).toHaveLength(1);
    expect(answer.videos[0]).not.toHaveProperty('extra');
  });
});

describe('what the columns hold is decided per record', () => {
  const extraOf = (text: string) => JSON.parse(text) as unknown;

  it('Research API: `duration` is held where it is the duration read (no `video_duration`), else kept', () => {
    const base = { id: '1', username: 'a', create_time: 1, region_code: 'US' };
    expect(extraOf(mapTiktokVideo({ ...base, duration: 9 }).values.extra)).toEqual({ region_code: 'US' });
    expect(mapTiktokVideo({ ...base, video_duration: 8, duration: 9 }).values).toMatchObject({ duration: 8 });
    expect(extraOf(mapTiktokVideo({ ...base, video_duration: 8, duration: 9 }).values.extra)).toEqual({
      region_code: 'US',
      duration: 9,
    });
    // every field a column holds: an empty extra, recorded ('{}', not '')
    expect(mapTiktokVideo({ id: '1', username: 'a', create_time: 1 }).values.extra).toBe('{}');
  });

  it('export: fields in any letter case; a link in another form than the post’s own address, and an unused caption, are kept', () => {
    const lower = mapExportPost(
      {
        date: '2024-01-01 00:00:00',
        link: 'https://www.tiktok.com/@a/video/1',
        likes: '5',
        sound: 'x',
        whocanview: 'Friends',
      },
      'a',
    );
    expect(extraOf(lower.values.export_extra)).toEqual({ whocanview: 'Friends' });
    expect(lower.update).toContain('export_extra');
    expect(lower.update).not.toContain('extra');
    const other = mapExportPost(
      {
        Date: '2024-01-01 00:00:00',
        Link: 'https://www.tiktok.com/@a/video/1?lang=en',
        Title: '',
        Description: 'from the description',
      },
      'a',
    );
    expect(other.values.description).toBe('from the description');
    expect(extraOf(other.values.export_extra)).toEqual({
      Link: 'https://www.tiktok.com/@a/video/1?lang=en',
      Title: '',
    });
  });
});
