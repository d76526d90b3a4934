import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserPostsResponse, VideosByIdsResponse } from '@socialquery/shortvideo';
import { importData } from '@socialquery/store';
import request from 'supertest';
import { startTestService, type TestService } from './harness.js';

const ID = '7399000000000000001';
const USER = 'xtra.creator';

/** A Research API video query response (ids as JSON numbers past 2^53, as the API sends them). */
const research = `{"data":{"videos":[{"id":${ID},"create_time":1781000000,"username":"${USER}","region_code":"DE",
"video_description":"kept whole #extra","music_id":7399000000000000002,"like_count":30,"comment_count":2,
"share_count":1,"view_count":400,"effect_ids":[],"hashtag_names":["extra"],"voice_to_text":"hello",
"video_duration":12,"is_stem_verified":false,"video_mention_list":[],"video_label":{"content":""},
"favorites_count":5}],"cursor":1,"has_more":false,"search_id":"7399000000000000003"},"error":{"code":"ok"}}`;

/** The same video's entry in the user's "Download your data" file. */
const exported = {
  Post: {
    Posts: {
      VideoList: [
        {
          Date: '2026-06-09 10:13:20',
          Link: `https://www.tiktokv.com/share/video/${ID}/`,
          Likes: '30',
          Title: 'kept whole #extra',
          Sound: '',
          WhoCanView: 'Everyone',
          AllowDuets: 'No',
        },
      ],
    },
  },
  'Profile And Settings': { 'Profile Info': { ProfileMap: { userName: USER } } },
};

const extra = {
  region_code: 'DE',
  music_id: '7399000000000000002',
  effect_ids: [],
  hashtag_names: ['extra'],
  voice_to_text: 'hello',
  is_stem_verified: false,
  video_mention_list: [],
  video_label: { content: '' },
  favorites_count: 5,
  WhoCanView: 'Everyone',
  AllowDuets: 'No',
};

let service: TestService;
let dir: string;
beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'sq-api-shortvideo-extra-'));
  writeFileSync(join(dir, 'research.json'), research);
  writeFileSync(join(dir, 'user_data_tiktok.json'), JSON.stringify(exported));
  await importData(service.store.db, 'shortvideo', 'tiktok', join(dir, 'research.json'));
  await importData(service.store.db, 'shortvideo', 'tiktok-export', join(dir, 'user_data_tiktok.json'));
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(path).query(query).set('Authorization', `Bearer ${service.token}`);

describe('short videos answer their source fields as extra only when fields names it', () => {
  it('without fields no extra key; with fields=…,extra the Research API item’s and the export entry’s other fields', async () => {
    const plain = await get('/api/v1/shortvideo/user/posts', { username: USER });
    expect(plain.status).toBe(200);
    const [video] = UserPostsResponse.parse(plain.body).videos;
    expect(video).toMatchObject({ id: ID, likeCount: 30, viewCount: 400, duration: 12 });
    expect(plain.body.videos[0]).not.toHaveProperty('extra');

    const posts = await get('/api/v1/shortvideo/user/posts', { username: USER, fields: 'id,extra' });
    expect(posts.body).toEqual({ videos: [{ id: ID, extra }], cursor: '', hasMore: false });

    const lookup = await get('/api/v1/shortvideo/videos', { ids: ID, fields: 'id,viewCount,extra' });
    expect(lookup.body).toEqual({ videos: [{ id: ID, viewCount: 400, extra }], notFound: [] });
    const whole = await get('/api/v1/shortvideo/videos', { ids: ID, fields: 'id,description,extra' });
    expect(whole.body.videos).toEqual([{ id: ID, description: 'kept whole #extra', extra }]);
    const unselected = VideosByIdsResponse.parse((await get('/api/v1/shortvideo/videos', { ids: ID })).body);
    expect(unselected.videos[0]).not.toHaveProperty('extra');
  });

  it('extra is selected whole', async () => {
    const res = await get('/api/v1/shortvideo/videos', { ids: ID, fields: 'id,extra.region_code' });
    expect(res.status).toBe(400);
  });

  it('exports carry it: NDJSON and CSV (one column of JSON)', async () => {
    const ndjson = await get('/api/v1/shortvideo/user/posts', { username: USER, fields: 'id,extra', format: 'ndjson' });
    expect(ndjson.status).toBe(200);
    expect(
      ndjson.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([{ id: ID, extra }]);

    const csv = await get('/api/v1/shortvideo/user/posts', { username: USER, fields: 'id,extra', format: 'csv' });
    expect(csv.status).toBe(200);
    const [header, row, end] = csv.text.split('\r\n');
    expect([header, end]).toEqual(['id,extra', '']);
    const cell = /^(\d+),"(.*)"$/.exec(row!);
    expect(cell?.[1]).toBe(ID);
    expect(JSON.parse(cell![2]!.replaceAll('""', '"'))).toEqual(extra);

    // without fields, the NDJSON records have no extra key
    const plain = await get('/api/v1/shortvideo/user/posts', { username: USER, format: 'ndjson' });
    expect(JSON.parse(plain.text.trim())).not.toHaveProperty('extra');
  });

  it('a demo video has no extra, asked or not', async () => {
    const { videoId } = (await service.store.examples()).shortvideo!;
    const res = await get('/api/v1/shortvideo/videos', { ids: videoId, fields: 'id,extra' });
    expect(res.body.videos).toEqual([{ id: videoId }]);
  });
});
