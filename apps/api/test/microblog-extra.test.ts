import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FollowersResponse, MessagesByIdsResponse, UserMessagesResponse } from '@socialquery/microblog';
import { importData } from '@socialquery/store';
import request from 'supertest';
import { startTestService, type TestService } from './harness.js';

const POST = '1999000000000000001';
const REPLY = '1999000000000000002';
const USER = 'xtra_poster';
const USER_ID = '1999000000000000100';
const FAN_ID = '1999000000000000200';

/** An X API v2 timeline page (the tweet.fields and user.fields sync asks for), then the poster's followers page. */
const timeline = {
  data: [
    {
      id: POST,
      text: 'kept whole #extra https://t.co/Xtra000001',
      author_id: USER_ID,
      created_at: '2026-05-01T10:00:00.000Z',
      conversation_id: POST,
      lang: 'en',
      possibly_sensitive: false,
      reply_settings: 'everyone',
      edit_history_tweet_ids: [POST],
      entities: {
        hashtags: [{ start: 11, end: 17, tag: 'extra' }],
        urls: [
          {
            start: 18,
            end: 41,
            url: 'https://t.co/Xtra000001',
            expanded_url: 'https://example.org/extra',
            display_url: 'example.org/extra',
          },
        ],
      },
      public_metrics: {
        retweet_count: 2,
        reply_count: 1,
        like_count: 9,
        quote_count: 0,
        bookmark_count: 4,
        impression_count: 300,
      },
    },
    {
      id: REPLY,
      text: '@xtra_poster agreed',
      author_id: FAN_ID,
      created_at: '2026-05-01T11:00:00.000Z',
      conversation_id: POST,
      in_reply_to_user_id: USER_ID,
      referenced_tweets: [{ type: 'replied_to', id: POST }],
      edit_history_tweet_ids: [REPLY],
      public_metrics: { retweet_count: 0, reply_count: 0, like_count: 1, quote_count: 0, impression_count: 20 },
    },
  ],
  includes: {
    users: [
      {
        id: USER_ID,
        username: USER,
        name: 'Extra Poster',
        description: 'keeps everything',
        location: 'Lisbon',
        protected: false,
        verified: false,
        created_at: '2020-01-01T00:00:00.000Z',
        public_metrics: { followers_count: 1, following_count: 0, tweet_count: 1, listed_count: 2, like_count: 0 },
      },
      { id: FAN_ID, username: 'xtra_fan', name: 'Fan', url: 'https://t.co/Fan0000001', pinned_tweet_id: REPLY },
    ],
  },
  meta: { result_count: 2, newest_id: REPLY, oldest_id: POST },
};
const followers = {
  data: [{ id: FAN_ID, username: 'xtra_fan', name: 'Fan', url: 'https://t.co/Fan0000001', pinned_tweet_id: REPLY }],
  meta: { result_count: 1 },
  followers_of: { id: USER_ID, username: USER, seen_at: '2026-05-02T00:00:00.000Z' },
};

/** What the columns do not hold of the post (packages/store/src/import/README.md, `### microblog twitter-v2`). */
const extra = {
  author_id: USER_ID,
  conversation_id: POST,
  lang: 'en',
  possibly_sensitive: false,
  reply_settings: 'everyone',
  edit_history_tweet_ids: [POST],
  entities: timeline.data[0]!.entities,
  public_metrics: { bookmark_count: 4 },
};

let service: TestService;
let dir: string;
beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'sq-api-microblog-extra-'));
  writeFileSync(join(dir, 'pages.json'), `${JSON.stringify(timeline)}\n${JSON.stringify(followers)}\n`);
  await importData(service.store.db, 'microblog', 'twitter-v2', join(dir, 'pages.json'));
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(path).query(query).set('Authorization', `Bearer ${service.token}`);

describe('microblog records answer their source fields as extra only when fields names it', () => {
  it('without fields no extra key; with fields=…,extra the post’s other fields', async () => {
    const plain = await get(`/api/v1/microblog/user/${USER}/messages`);
    expect(plain.status).toBe(200);
    const [message] = UserMessagesResponse.parse(plain.body).messages;
    expect(message).toMatchObject({ id: POST, likeCount: 9, repostCount: 2, viewCount: 300 });
    expect(plain.body.messages[0]).not.toHaveProperty('extra');

    const messages = await get(`/api/v1/microblog/user/${USER}/messages`, { fields: 'id,extra' });
    expect(messages.body).toEqual({ messages: [{ id: POST, extra }], nextToken: '' });

    const lookup = await get('/api/v1/microblog/messages', { ids: POST, fields: 'id,likeCount,extra' });
    expect(lookup.body).toEqual({ messages: [{ id: POST, likeCount: 9, extra }], notFound: [] });
    const unselected = MessagesByIdsResponse.parse((await get('/api/v1/microblog/messages', { ids: POST })).body);
    expect(unselected.messages[0]).not.toHaveProperty('extra');
  });

  it('replies and followers carry theirs too', async () => {
    const replies = await get(`/api/v1/microblog/message/${POST}/replies`, { fields: 'id,extra' });
    expect(replies.body.replies).toEqual([
      {
        id: REPLY,
        extra: {
          author_id: FAN_ID,
          conversation_id: POST,
          in_reply_to_user_id: USER_ID,
          referenced_tweets: [{ type: 'replied_to', id: POST }],
          edit_history_tweet_ids: [REPLY],
        },
      },
    ]);
    const fans = await get(`/api/v1/microblog/user/${USER}/followers`, { fields: 'username,extra' });
    expect(fans.body.followers).toEqual([
      { username: 'xtra_fan', extra: { url: 'https://t.co/Fan0000001', pinned_tweet_id: REPLY } },
    ]);
    const plain = FollowersResponse.parse((await get(`/api/v1/microblog/user/${USER}/followers`)).body);
    expect(plain.followers[0]).not.toHaveProperty('extra');
  });

  it('extra is selected whole', async () => {
    const res = await get('/api/v1/microblog/messages', { ids: POST, fields: 'id,extra.lang' });
    expect(res.status).toBe(400);
  });

  it('exports carry it: NDJSON and CSV (one column of JSON)', async () => {
    const path = `/api/v1/microblog/user/${USER}/messages`;
    const ndjson = await get(path, { fields: 'id,extra', format: 'ndjson' });
    expect(ndjson.status).toBe(200);
    expect(
      ndjson.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([{ id: POST, extra }]);

    const csv = await get(path, { fields: 'id,extra', format: 'csv' });
    expect(csv.status).toBe(200);
    const [header, row, end] = csv.text.split('\r\n');
    expect([header, end]).toEqual(['id,extra', '']);
    const cell = /^(\d+),"(.*)"$/.exec(row!);
    expect(cell?.[1]).toBe(POST);
    expect(JSON.parse(cell![2]!.replaceAll('""', '"'))).toEqual(extra);

    // without fields, neither export has an extra key or column
    const plain = await get(path, { format: 'ndjson' });
    expect(JSON.parse(plain.text.trim())).not.toHaveProperty('extra');
    const plainCsv = await get(path, { format: 'csv' });
    expect(plainCsv.text.split('\r\n')[0]).not.toContain('extra');
  });

  it('a demo message has no extra, asked or not', async () => {
    const { messageId } = (await service.store.examples()).microblog!;
    const res = await get('/api/v1/microblog/messages', { ids: messageId, fields: 'id,extra' });
    expect(res.body.messages).toEqual([{ id: messageId }]);
  });
});
