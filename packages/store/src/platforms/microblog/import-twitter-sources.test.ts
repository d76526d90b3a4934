import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCursorCodec } from '@socialquery/core/server';
import { createMicroblogHandlers } from '@socialquery/microblog/server';
import { importData, importDocuments } from '../../import/index.js';
import type { Store } from '../../store.js';
import { openTestStore } from '../../testing.js';
import { createSqlMicroblogSource } from './source.js';

/** A post shaped as X API v2 answers it with the tweet.fields sync asks for (packages/sync/src/platforms/x.ts), and more. */
const post = {
  id: '1712543898765432109',
  text: 'Shipping the new parser today &amp; it handles #TypeScript generics 🎉 thanks @ada_codes https://t.co/AbCdEf1234',
  author_id: '2244994945',
  created_at: '2023-10-12T18:04:31.000Z',
  conversation_id: '1712543898765432109',
  lang: 'en',
  possibly_sensitive: false,
  reply_settings: 'everyone',
  source: 'Twitter Web App',
  edit_history_tweet_ids: ['1712543898765432109'],
  edit_controls: { edits_remaining: 5, is_edit_eligible: true, editable_until: '2023-10-12T19:04:31.000Z' },
  entities: {
    annotations: [{ start: 13, end: 18, probability: 0.6512, type: 'Other', normalized_text: 'parser' }],
    hashtags: [{ start: 47, end: 58, tag: 'TypeScript' }],
    mentions: [{ start: 78, end: 88, username: 'ada_codes', id: '1180000000000000001' }],
    urls: [
      {
        start: 89,
        end: 112,
        url: 'https://t.co/AbCdEf1234',
        expanded_url: 'https://example.dev/blog/parser',
        display_url: 'example.dev/blog/parser',
        status: 200,
        title: 'The new parser',
        unwound_url: 'https://example.dev/blog/parser',
      },
    ],
  },
  context_annotations: [
    {
      domain: { id: '131', name: 'Unified Twitter Taxonomy', description: 'A taxonomy view into the Semantic Core' },
      entity: { id: '848920371311001600', name: 'Technology', description: 'Technology and computing' },
    },
  ],
  public_metrics: {
    retweet_count: 41,
    reply_count: 12,
    like_count: 530,
    quote_count: 7,
    bookmark_count: 19,
    impression_count: 48211,
  },
  referenced_tweets: [{ type: 'quoted', id: '1712000000000000000' }],
  attachments: { media_keys: ['3_1712543890000000000'] },
};

/** A reply to `post`, by one of the users it mentions. */
const reply = {
  id: '1712550000000000001',
  text: '@dev_rel Does it handle decorators?',
  author_id: '1180000000000000001',
  created_at: '2023-10-12T18:30:00.000Z',
  conversation_id: '1712543898765432109',
  in_reply_to_user_id: '2244994945',
  lang: 'en',
  reply_settings: 'everyone',
  edit_history_tweet_ids: ['1712550000000000001'],
  entities: { mentions: [{ start: 0, end: 8, username: 'dev_rel', id: '2244994945' }] },
  public_metrics: { retweet_count: 0, reply_count: 1, like_count: 3, quote_count: 0, impression_count: 210 },
  referenced_tweets: [{ type: 'replied_to', id: '1712543898765432109' }],
};

/** The post `post` quotes: in `includes.tweets` only. */
const quoted = {
  id: '1712000000000000000',
  text: 'Parsers are just pattern matching with feelings',
  author_id: '2244994945',
  created_at: '2023-10-11T08:00:00.000Z',
  conversation_id: '1712000000000000000',
  lang: 'en',
  edit_history_tweet_ids: ['1712000000000000000'],
  public_metrics: { retweet_count: 2, reply_count: 0, like_count: 40, quote_count: 1, impression_count: 3100 },
};

const devRel = {
  id: '2244994945',
  username: 'dev_rel',
  name: 'Dev Rel',
  description: 'Parsers, compilers and the people who write them. #TypeScript',
  location: 'Internet',
  url: 'https://t.co/XyZ987',
  entities: {
    url: {
      urls: [
        {
          start: 0,
          end: 19,
          url: 'https://t.co/XyZ987',
          expanded_url: 'https://example.dev',
          display_url: 'example.dev',
        },
      ],
    },
    description: { hashtags: [{ start: 50, end: 61, tag: 'TypeScript' }] },
  },
  pinned_tweet_id: '1712543898765432109',
  protected: false,
  verified: true,
  verified_type: 'business',
  created_at: '2013-12-14T04:35:55.000Z',
  profile_image_url: 'https://pbs.twimg.com/profile_images/1/devrel_normal.jpg',
  public_metrics: {
    followers_count: 583000,
    following_count: 2000,
    tweet_count: 3800,
    listed_count: 1700,
    like_count: 2100,
    media_count: 620,
  },
};

const ada = {
  id: '1180000000000000001',
  username: 'ada_codes',
  name: 'Ada',
  description: 'Writes about compilers.',
  location: 'London',
  protected: false,
  verified: false,
  created_at: '2019-10-04T10:00:00.000Z',
  profile_image_url: 'https://pbs.twimg.com/profile_images/2/ada_normal.jpg',
  public_metrics: { followers_count: 120, following_count: 80, tweet_count: 950, listed_count: 3, like_count: 4000 },
};

const photo = {
  media_key: '3_1712543890000000000',
  type: 'photo',
  url: 'https://pbs.twimg.com/media/F8Q1abcXkAA.jpg',
  width: 1200,
  height: 675,
  alt_text: 'A parse tree drawn on a whiteboard',
};

/** One timeline page, as `GET /2/users/:id/tweets` answers it with expansions. */
const timeline = {
  data: [reply, post],
  includes: { users: [ada, devRel], media: [photo], tweets: [quoted] },
  meta: { result_count: 2, newest_id: reply.id, oldest_id: post.id, next_token: '7140dibdnow9c7btw3z2zv1kf1lh' },
};
/** dev_rel's followers page, as sync saves it. */
const followersPage = {
  data: [ada],
  meta: { result_count: 1 },
  followers_of: { id: devRel.id, username: devRel.username, seen_at: '2023-10-13T00:00:00.000Z' },
};

/** What `extra` holds of each: the fields the columns do not (packages/store/src/import/README.md). */
const postExtra = {
  author_id: post.author_id,
  conversation_id: post.conversation_id,
  lang: 'en',
  possibly_sensitive: false,
  reply_settings: 'everyone',
  source: 'Twitter Web App',
  edit_history_tweet_ids: post.edit_history_tweet_ids,
  edit_controls: post.edit_controls,
  entities: post.entities,
  context_annotations: post.context_annotations,
  public_metrics: { bookmark_count: 19 },
  referenced_tweets: post.referenced_tweets,
  attachments: post.attachments,
  includes: { media: [photo] },
};
const replyExtra = {
  author_id: reply.author_id,
  conversation_id: reply.conversation_id,
  in_reply_to_user_id: reply.in_reply_to_user_id,
  lang: 'en',
  reply_settings: 'everyone',
  edit_history_tweet_ids: reply.edit_history_tweet_ids,
  entities: reply.entities,
  referenced_tweets: reply.referenced_tweets,
};
const quotedExtra = {
  author_id: quoted.author_id,
  conversation_id: quoted.conversation_id,
  lang: 'en',
  edit_history_tweet_ids: quoted.edit_history_tweet_ids,
};
const devRelExtra = {
  location: 'Internet',
  url: devRel.url,
  entities: devRel.entities,
  pinned_tweet_id: devRel.pinned_tweet_id,
  verified_type: 'business',
  public_metrics: { listed_count: 1700, media_count: 620 },
};
const adaExtra = { location: 'London', public_metrics: { listed_count: 3 } };

const NOW = new Date('2026-06-15T12:00:00Z');
const ctx = { now: NOW, cursors: createCursorCodec('k'.repeat(32)), requestId: 'test' };

/** Every microblog row, in key order: what a re-import must leave as it is. */
async function snapshot(store: Store) {
  return {
    users: await store.db.selectFrom('microblog_users').selectAll().orderBy('id').execute(),
    messages: await store.db.selectFrom('microblog_messages').selectAll().orderBy('id').execute(),
    follows: await store.db.selectFrom('microblog_follows').selectAll().orderBy('id').execute(),
  };
}

async function extrasOf(store: Store, table: 'microblog_users' | 'microblog_messages') {
  const rows = await store.db.selectFrom(table).select(['id', 'extra']).orderBy('id').execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.extra === '' ? '' : (JSON.parse(row.extra) as unknown)]));
}

describe('twitter-v2 imports keep every field of a post and an account in extra', () => {
  let store: Store;
  const importPages = (...pages: unknown[]) =>
    importDocuments(store.db, 'microblog', 'twitter-v2', pages, { where: 'test' });
  const handlers = () => createMicroblogHandlers(createSqlMicroblogSource(store.db));

  beforeEach(async () => {
    store = await openTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  it('keeps what the columns do not hold, in the API’s nesting and types, with the included objects a post names', async () => {
    await importPages(timeline, followersPage);
    expect(await extrasOf(store, 'microblog_messages')).toEqual({
      [quoted.id]: quotedExtra,
      [post.id]: postExtra,
      [reply.id]: replyExtra,
    });
    expect(await extrasOf(store, 'microblog_users')).toEqual({ [ada.id]: adaExtra, [devRel.id]: devRelExtra });
  });

  it('a long post’s text is note_tweet.text: its cut `text` and note_tweet.entities stay in extra', async () => {
    const whole = `${'word '.repeat(70)}the end`;
    const long = {
      ...quoted,
      id: '1712600000000000000',
      text: `${'word '.repeat(55)}…`,
      note_tweet: { text: whole, entities: { hashtags: [{ start: 0, end: 4, tag: 'word' }] } },
    };
    await importPages({ data: [long], includes: { users: [devRel] } });
    const row = await store.db.selectFrom('microblog_messages').select(['text', 'extra']).executeTakeFirstOrThrow();
    expect(row.text).toBe(whole);
    expect(JSON.parse(row.extra)).toEqual({
      ...quotedExtra,
      text: long.text,
      note_tweet: { entities: long.note_tweet.entities },
    });
  });

  it('a post expanded into another page updates its columns but keeps the extra it was listed with', async () => {
    const listed = {
      ...quoted,
      possibly_sensitive: false,
      entities: { hashtags: [{ start: 0, end: 7, tag: 'Parsers' }] },
    };
    await importPages({ data: [listed], includes: { users: [devRel] } });
    const before = await extrasOf(store, 'microblog_messages');
    // the same post, as the quoted one of `post`: thinner, with a newer like count
    const thinner = { ...quoted, public_metrics: { ...quoted.public_metrics, like_count: 41 } };
    const summary = await importPages({ ...timeline, includes: { ...timeline.includes, tweets: [thinner] } });
    expect(summary.tables.microblog_messages).toEqual({ imported: 2, updated: 1, unchanged: 0 });
    expect((await extrasOf(store, 'microblog_messages'))[quoted.id]).toEqual(before[quoted.id]);
    const row = await store.db
      .selectFrom('microblog_messages')
      .select('like_count')
      .where('id', '=', quoted.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.like_count)).toBe(41);
  });

  it('answers extra only to a read that asks for it: a user’s posts, replies, lookups and followers alike', async () => {
    await importPages(timeline, followersPage);
    const asked = { ...ctx, extra: true };
    const byIds = await handlers().messagesByIds({ ids: [post.id, reply.id] }, asked);
    expect(byIds.messages.map((message) => [message.id, message.extra])).toEqual([
      [post.id, postExtra],
      [reply.id, replyExtra],
    ]);
    const posts = await handlers().userMessages(
      { username: 'DEV_REL', limit: 20, includeReplies: true, includeReposts: true },
      asked,
    );
    expect(posts.messages.map((message) => [message.id, message.extra])).toEqual([
      [post.id, postExtra],
      [quoted.id, quotedExtra],
    ]);
    const replies = await handlers().messageReplies({ messageId: post.id, limit: 20 }, asked);
    expect(replies.replies.map((message) => message.extra)).toEqual([replyExtra]);
    const followers = await handlers().userFollowers({ username: 'dev_rel', limit: 100 }, asked);
    expect(followers.followers.map((user) => [user.id, user.extra])).toEqual([[ada.id, adaExtra]]);
  });

  it('without extra asked, the answers are exactly the records they were before (no extra key)', async () => {
    await importPages(timeline, followersPage);
    const byIds = await handlers().messagesByIds({ ids: [post.id] }, ctx);
    expect(JSON.stringify(byIds)).toBe(
      JSON.stringify({
        messages: [
          {
            id: post.id,
            text: 'Shipping the new parser today & it handles #TypeScript generics 🎉 thanks @ada_codes https://t.co/AbCdEf1234',
            author: 'dev_rel',
            likeCount: 530,
            repostCount: 41,
            replyCount: 12,
            quoteCount: 7,
            viewCount: 48211,
            createdAt: '2023-10-12T18:04:31.000Z',
            isRepost: false,
            url: `https://x.com/dev_rel/status/${post.id}`,
            media: [{ type: 'photo', url: photo.url }],
            repostedMessage: null,
          },
        ],
        notFound: [],
      }),
    );
    const followers = await handlers().userFollowers({ username: 'dev_rel', limit: 100 }, ctx);
    expect(JSON.stringify(followers)).toBe(
      JSON.stringify({
        followers: [
          {
            id: ada.id,
            username: 'ada_codes',
            displayName: 'Ada',
            bio: 'Writes about compilers.',
            followerCount: 120,
            followingCount: 80,
            messageCount: 950,
            likeCount: 4000,
            isVerified: false,
            isProtected: false,
            profileImageUrl: ada.profile_image_url,
            createdAt: '2019-10-04T10:00:00.000Z',
          },
        ],
        nextToken: '',
      }),
    );
    const replies = await handlers().messageReplies({ messageId: post.id, limit: 20 }, ctx);
    expect(replies.replies[0]).not.toHaveProperty('extra');
  });

  it('a repost answers its own extra; the reposted record inside it none', async () => {
    const repost = {
      ...reply,
      id: '1712560000000000000',
      text: 'RT @dev_rel: Shipping the new parser today',
      referenced_tweets: [{ type: 'retweeted', id: post.id }],
    };
    await importPages(timeline, { data: [repost], includes: { users: [ada] } });
    const found = await handlers().messagesByIds({ ids: [repost.id] }, { ...ctx, extra: true });
    const [message] = found.messages;
    expect(message!.repostedMessage).toMatchObject({ id: post.id });
    expect(message!.repostedMessage).not.toHaveProperty('extra');
    expect(message!.extra).toEqual({ ...replyExtra, referenced_tweets: repost.referenced_tweets });
  });

  it('a re-import of the same pages changes nothing', async () => {
    await importPages(timeline, followersPage);
    const before = await snapshot(store);
    const again = await importPages(timeline, followersPage);
    expect(again.tables).toEqual({
      microblog_users: { imported: 0, updated: 0, unchanged: 3 },
      microblog_messages: { imported: 0, updated: 0, unchanged: 3 },
      microblog_follows: { imported: 0, updated: 0, unchanged: 1 },
    });
    expect(await snapshot(store)).toEqual(before);
  });
});

/** An archive's data files, as "Download your data" writes them. */
const archiveAccount = {
  email: 'ada@example.org',
  createdVia: 'web',
  username: 'ada_codes',
  accountId: '1180000000000000001',
  createdAt: '2019-10-04T10:00:00.000Z',
  accountDisplayName: 'Ada',
};
const archiveProfile = {
  description: { bio: 'Writes about compilers.', website: 'https://t.co/Qw3rTy', location: 'London' },
  avatarMediaUrl: 'https://pbs.twimg.com/profile_images/2/ada.jpg',
  headerMediaUrl: 'https://pbs.twimg.com/profile_banners/1180000000000000001/1570183200',
};
const archivePost = {
  edit_info: {
    initial: {
      editTweetIds: ['1712543898765432200'],
      editableUntil: '2023-10-12T19:10:00.000Z',
      editsRemaining: '5',
      isEditEligible: true,
    },
  },
  retweeted: false,
  source: '<a href="https://mobile.twitter.com" rel="nofollow">Twitter Web App</a>',
  entities: {
    hashtags: [{ text: 'TypeScript', indices: ['20', '31'] }],
    symbols: [],
    user_mentions: [
      { name: 'Dev Rel', screen_name: 'dev_rel', indices: ['36', '44'], id_str: '2244994945', id: '2244994945' },
    ],
    urls: [
      {
        url: 'https://t.co/AbCdEf1234',
        expanded_url: 'https://example.dev/blog/parser',
        display_url: 'example.dev/blog/parser',
        indices: ['45', '68'],
      },
    ],
    media: [
      {
        expanded_url: 'https://x.com/ada_codes/status/1712543898765432200/photo/1',
        indices: ['69', '92'],
        url: 'https://t.co/PhOtO12345',
        media_url: 'http://pbs.twimg.com/media/F8Q2defXkAA.jpg',
        id_str: '1712543890000000001',
        id: '1712543890000000001',
        media_url_https: 'https://pbs.twimg.com/media/F8Q2defXkAA.jpg',
        sizes: { small: { w: '680', h: '383', resize: 'fit' }, large: { w: '1200', h: '675', resize: 'fit' } },
        type: 'photo',
        display_url: 'pic.x.com/PhOtO12345',
      },
    ],
  },
  display_text_range: ['0', '68'],
  favorite_count: '12',
  id_str: '1712543898765432200',
  truncated: false,
  retweet_count: '3',
  id: '1712543898765432200',
  possibly_sensitive: false,
  created_at: 'Thu Oct 12 18:10:00 +0000 2023',
  favorited: false,
  full_text: 'Parsing &amp; generics #TypeScript with @dev_rel https://t.co/AbCdEf1234 https://t.co/PhOtO12345',
  lang: 'en',
  extended_entities: {
    media: [
      {
        expanded_url: 'https://x.com/ada_codes/status/1712543898765432200/photo/1',
        indices: ['69', '92'],
        url: 'https://t.co/PhOtO12345',
        media_url: 'http://pbs.twimg.com/media/F8Q2defXkAA.jpg',
        id_str: '1712543890000000001',
        id: '1712543890000000001',
        media_url_https: 'https://pbs.twimg.com/media/F8Q2defXkAA.jpg',
        sizes: { small: { w: '680', h: '383', resize: 'fit' }, large: { w: '1200', h: '675', resize: 'fit' } },
        type: 'photo',
        display_url: 'pic.x.com/PhOtO12345',
      },
    ],
  },
};
const archiveReply = {
  edit_info: { initial: { editTweetIds: ['1712550000000000300'], editableUntil: '2023-10-12T19:40:00.000Z' } },
  retweeted: false,
  source: '<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>',
  entities: {
    hashtags: [],
    symbols: [],
    user_mentions: [{ name: 'Dev Rel', screen_name: 'dev_rel', indices: ['0', '8'], id_str: '2244994945' }],
    urls: [],
  },
  display_text_range: ['9', '40'],
  favorite_count: '1',
  in_reply_to_status_id_str: '1712543898765432109',
  id_str: '1712550000000000300',
  in_reply_to_user_id: '2244994945',
  truncated: false,
  retweet_count: '0',
  id: '1712550000000000300',
  in_reply_to_status_id: '1712543898765432109',
  created_at: 'Thu Oct 12 18:40:00 +0000 2023',
  favorited: false,
  full_text: '@dev_rel Does it handle decorators?',
  lang: 'en',
  in_reply_to_screen_name: 'dev_rel',
  in_reply_to_user_id_str: '2244994945',
};

const { id: _id, id_str: _idStr, full_text: _text, favorite_count: _likes, ...archivePostRest } = archivePost;
const { retweet_count: _reposts, created_at: _created, ...archivePostExtra } = archivePostRest;
const archiveReplyExtra = Object.fromEntries(
  Object.entries(archiveReply).filter(
    ([key]) => !['id', 'id_str', 'full_text', 'favorite_count', 'retweet_count', 'created_at'].includes(key),
  ),
);

describe('twitter-archive imports keep every field of a tweet and the account in extra', () => {
  let store: Store;
  let dir: string;
  beforeEach(async () => {
    store = await openTestStore();
    dir = mkdtempSync(join(tmpdir(), 'sq-twitter-extra-'));
    mkdirSync(join(dir, 'data'));
    const write = (name: string, key: string, records: unknown[]) =>
      writeFileSync(
        join(dir, 'data', `${name}.js`),
        `window.YTD.${name}.part0 = ${JSON.stringify(
          records.map((record) => ({ [key]: record })),
          null,
          2,
        )}`,
      );
    write('account', 'account', [archiveAccount]);
    write('profile', 'profile', [archiveProfile]);
    write('tweets', 'tweet', [archivePost, archiveReply]);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the tweet’s other fields (entities, extended_entities, source, lang…) and the account’s but its e-mail', async () => {
    await importData(store.db, 'microblog', 'twitter-archive', dir);
    expect(await extrasOf(store, 'microblog_messages')).toEqual({
      [archivePost.id]: archivePostExtra,
      [archiveReply.id]: archiveReplyExtra,
    });
    expect(archivePostExtra).toHaveProperty('extended_entities');
    expect(archiveReplyExtra).toHaveProperty('in_reply_to_status_id_str');
    expect(await extrasOf(store, 'microblog_users')).toEqual({
      [archiveAccount.accountId]: {
        account: { createdVia: 'web' },
        profile: {
          description: { website: archiveProfile.description.website, location: 'London' },
          headerMediaUrl: archiveProfile.headerMediaUrl,
        },
      },
    });
  });

  it('answers it when asked; without, the record as before', async () => {
    await importData(store.db, 'microblog', 'twitter-archive', dir);
    const handlers = createMicroblogHandlers(createSqlMicroblogSource(store.db));
    const asked = await handlers.messagesByIds({ ids: [archivePost.id] }, { ...ctx, extra: true });
    expect(asked.messages[0]!.extra).toEqual(archivePostExtra);
    const plain = await handlers.messagesByIds({ ids: [archivePost.id] }, ctx);
    expect(JSON.stringify(plain.messages[0])).toBe(
      JSON.stringify({
        id: archivePost.id,
        text: 'Parsing & generics #TypeScript with @dev_rel https://t.co/AbCdEf1234 https://t.co/PhOtO12345',
        author: 'ada_codes',
        likeCount: 12,
        repostCount: 3,
        replyCount: 0,
        quoteCount: 0,
        viewCount: 0,
        createdAt: '2023-10-12T18:10:00.000Z',
        isRepost: false,
        url: `https://x.com/ada_codes/status/${archivePost.id}`,
        media: [{ type: 'photo', url: 'https://pbs.twimg.com/media/F8Q2defXkAA.jpg' }],
        repostedMessage: null,
      }),
    );
  });

  it('a re-import of the same archive changes nothing', async () => {
    await importData(store.db, 'microblog', 'twitter-archive', dir);
    const before = await snapshot(store);
    const again = await importData(store.db, 'microblog', 'twitter-archive', dir);
    expect(again.tables).toEqual({
      microblog_users: { imported: 0, updated: 0, unchanged: 1 },
      microblog_messages: { imported: 0, updated: 0, unchanged: 2 },
    });
    expect(await snapshot(store)).toEqual(before);
  });
});
