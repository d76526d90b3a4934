import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { commentText, type Random, seededRandom, selftextText, titleText, uniformOf, zipf } from './wordy-text.js';

/**
 * The line shapes the import benchmark reads, as the Pushshift / Arctic Shift dumps write them (one
 * JSON object per line):
 * - `thin`: submissions with the 27 fields of the early dumps (~790 bytes a line), where the writes dominate;
 * - `dump`: submissions with the ~110 fields of a 2023-era Arctic Shift line (~3.4 KB: awards, flair
 *   richtext, preview images with six resolutions, media embeds, `_meta`), where JSON parsing dominates;
 * - `comments`: comments (`RC_*` files) with the ~45 fields of a 2023-era line (~1.3 KB), 300 to a
 *   thread, each replying to the post or to an earlier comment of its thread.
 * Their text is as wordy as the dumps' (wordy-text.ts: a Zipf vocabulary, titles ~10 words, bodies
 * tens of words with a long tail, 16 % of submission bodies empty). All are deterministic: line i of a
 * shape is the same in every run, with id base36(offset + i).
 */
/** Part of the generated files' names: bumped when the lines change, so no run reads an older file. */
export const LINES_VERSION = 'v2';

export type LineShape = 'thin' | 'dump' | 'comments';
export const LINE_SHAPES: readonly LineShape[] = ['thin', 'dump', 'comments'];

/** The most active communities, in order; the others are community_<rank>. */
const COMMUNITIES = [
  'programming',
  'AskReddit',
  'gardening',
  'science',
  'worldnews',
  'photography',
  'rust',
  'typescript',
];

/** Communities and authors are skewed as on Reddit: Zipf over 2,000 communities and 100,000 authors. */
const communityRank = zipf(2_000);
const authorRank = zipf(100_000);

/** Submission i's community (a function of i: the comments of its thread are in it too). */
export function communityOf(i: number): string {
  const rank = communityRank(uniformOf(i));
  return COMMUNITIES[rank] ?? `community_${rank}`;
}

/** An author, drawn by its Zipf weight: user_<rank>. */
const authorOf = (random: Random) => authorRank(random());

/** Writes `lines` submissions of `shape`, ids from `firstIndex` on, to `file`, honouring the stream's backpressure. */
export async function writeRedditLines(file: string, shape: LineShape, lines: number, firstIndex = 0): Promise<void> {
  const out = createWriteStream(file);
  const random = seededRandom(42 + firstIndex);
  const line = shape === 'thin' ? thinLine : shape === 'dump' ? dumpLine : commentLine;
  for (let i = firstIndex; i < firstIndex + lines; i += 1) {
    if (!out.write(`${JSON.stringify(line(i, random))}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function base(i: number, random: Random) {
  const id = (1_000_000 + i).toString(36);
  const subreddit = communityOf(i);
  const score = Math.floor(random() * 5000) - 50;
  const author = authorOf(random);
  return {
    id,
    subreddit,
    score,
    author,
    title: titleText(random),
    selftext: selftextText(random),
    created: 1_600_000_000 + i * 7,
  };
}

function thinLine(i: number, random: Random) {
  const { id, subreddit, score, author, title, selftext, created } = base(i, random);
  return {
    archived: false,
    author: `user_${author}`,
    author_flair_text: null,
    created_utc: created,
    distinguished: null,
    domain: `self.${subreddit}`,
    downs: 0,
    edited: false,
    gilded: 0,
    id,
    is_self: true,
    link_flair_text: i % 3 === 0 ? 'Discussion' : null,
    locked: false,
    name: `t3_${id}`,
    num_comments: Math.floor(random() * 300),
    over_18: false,
    permalink: `/r/${subreddit}/comments/${id}/post_${i}/`,
    retrieved_on: 1_700_000_000,
    score,
    selftext,
    stickied: false,
    subreddit,
    subreddit_id: 't5_2fwo',
    title,
    ups: Math.max(score, 0),
    upvote_ratio: 0.97,
    url: `https://www.reddit.com/r/${subreddit}/comments/${id}/post_${i}/`,
  };
}

function dumpLine(i: number, random: Random) {
  const { id, subreddit, score, author, title, selftext, created } = base(i, random);
  const image = `https://preview.redd.it/${id}abcdefghijklmnop.jpg`;
  const resolutions = [108, 216, 320, 640, 960, 1080].map((width) => ({
    height: Math.round(width * 0.75),
    url: `${image}?width=${width}&amp;crop=smart&amp;auto=webp&amp;s=0123456789abcdef0123456789abcdef01234567`,
    width,
  }));
  return {
    _meta: { retrieved_2nd_on: 1_700_086_400, was_deleted_later: false },
    all_awardings: [],
    allow_live_comments: false,
    approved_at_utc: null,
    approved_by: null,
    archived: false,
    author: `user_${author}`,
    author_flair_background_color: null,
    author_flair_css_class: null,
    author_flair_richtext: [{ e: 'text', t: 'Contributor' }],
    author_flair_template_id: null,
    author_flair_text: 'Contributor',
    author_flair_text_color: 'dark',
    author_flair_type: 'richtext',
    author_fullname: `t2_${(9_000_000 + author).toString(36)}`,
    author_is_blocked: false,
    author_patreon_flair: false,
    author_premium: false,
    awarders: [],
    banned_at_utc: null,
    banned_by: null,
    can_gild: false,
    can_mod_post: false,
    category: null,
    clicked: false,
    content_categories: null,
    contest_mode: false,
    created: created,
    created_utc: created,
    discussion_type: null,
    distinguished: null,
    domain: 'i.redd.it',
    downs: 0,
    edited: false,
    gilded: 0,
    gildings: {},
    hidden: false,
    hide_score: false,
    id,
    is_created_from_ads_ui: false,
    is_crosspostable: true,
    is_meta: false,
    is_original_content: false,
    is_reddit_media_domain: true,
    is_robot_indexable: true,
    is_self: false,
    is_video: false,
    likes: null,
    link_flair_background_color: '#0079d3',
    link_flair_css_class: 'discussion',
    link_flair_richtext: [{ e: 'text', t: 'Discussion' }],
    link_flair_template_id: '3c8a8a5e-1f2b-11ec-9a3c-0e7f1a2b3c4d',
    link_flair_text: 'Discussion',
    link_flair_text_color: 'light',
    link_flair_type: 'richtext',
    locked: false,
    media: null,
    media_embed: {},
    media_only: false,
    mod_note: null,
    mod_reason_by: null,
    mod_reason_title: null,
    mod_reports: [],
    name: `t3_${id}`,
    no_follow: false,
    num_comments: Math.floor(random() * 300),
    num_crossposts: 0,
    num_reports: null,
    over_18: false,
    parent_whitelist_status: 'all_ads',
    permalink: `/r/${subreddit}/comments/${id}/post_${i}/`,
    pinned: false,
    post_hint: 'image',
    preview: {
      enabled: true,
      images: [
        {
          id: `${id}preview0123456789abcdef`,
          resolutions,
          source: {
            height: 3024,
            url: `${image}?auto=webp&amp;s=fedcba9876543210fedcba9876543210fedcba98`,
            width: 4032,
          },
          variants: {},
        },
      ],
    },
    pwls: 6,
    quarantine: false,
    removal_reason: null,
    removed_by: null,
    removed_by_category: null,
    report_reasons: null,
    retrieved_on: 1_700_000_000,
    saved: false,
    score,
    secure_media: null,
    secure_media_embed: {},
    selftext,
    send_replies: true,
    spoiler: false,
    stickied: false,
    subreddit,
    subreddit_id: 't5_2fwo',
    subreddit_name_prefixed: `r/${subreddit}`,
    subreddit_subscribers: 1_234_567,
    subreddit_type: 'public',
    suggested_sort: null,
    thumbnail: `https://b.thumbs.redditmedia.com/${id}thumbnail0123456789.jpg`,
    thumbnail_height: 105,
    thumbnail_width: 140,
    title,
    top_awarded_type: null,
    total_awards_received: 0,
    treatment_tags: [],
    ups: Math.max(score, 0),
    upvote_ratio: 0.97,
    url: image,
    url_overridden_by_dest: image,
    user_reports: [],
    view_count: null,
    visited: false,
    whitelist_status: 'all_ads',
    wls: 6,
  };
}

/** Comments per thread of the `comments` shape; their ids, and their posts' (those of the submission shapes). */
const THREAD = 300;
const ID_OFFSET = 50_000_000;
const POST_ID_OFFSET = 1_000_000;

function commentLine(i: number, random: Random) {
  const id = (ID_OFFSET + i).toString(36);
  const thread = Math.floor(i / THREAD);
  const postId = (POST_ID_OFFSET + thread).toString(36);
  const first = thread * THREAD;
  const parent =
    i === first || random() < 0.35
      ? `t3_${postId}`
      : `t1_${(ID_OFFSET + first + Math.floor(random() * (i - first))).toString(36)}`;
  const subreddit = communityOf(thread);
  const score = Math.floor(random() * random() * 400) - 5;
  const created = 1_600_000_000 + i * 3;
  return {
    all_awardings: [],
    archived: false,
    associated_award: null,
    author: `user_${authorOf(random)}`,
    author_created_utc: 1_400_000_000,
    author_flair_background_color: null,
    author_flair_css_class: null,
    author_flair_richtext: [],
    author_flair_template_id: null,
    author_flair_text: null,
    author_flair_text_color: null,
    author_flair_type: 'text',
    author_fullname: 't2_abc123',
    author_patreon_flair: false,
    author_premium: false,
    body: commentText(random),
    can_gild: true,
    collapsed: false,
    collapsed_because_crowd_control: null,
    collapsed_reason: null,
    collapsed_reason_code: null,
    comment_type: null,
    controversiality: 0,
    created_utc: created,
    distinguished: null,
    edited: random() < 0.05 ? created + 60 : false,
    gilded: 0,
    gildings: {},
    id,
    is_submitter: false,
    link_id: `t3_${postId}`,
    locked: false,
    name: `t1_${id}`,
    no_follow: true,
    parent_id: parent,
    permalink: `/r/${subreddit}/comments/${postId}/post_${thread}/${id}/`,
    retrieved_on: created + 86_400,
    score,
    score_hidden: false,
    send_replies: true,
    stickied: false,
    subreddit,
    subreddit_id: 't5_2fwo',
    subreddit_name_prefixed: `r/${subreddit}`,
    subreddit_type: 'public',
    top_awarded_type: null,
    total_awards_received: 0,
    treatment_tags: [],
    ups: score,
  };
}
