import type { ShortVideoCommentInput, ShortVideoInput } from './rows.js';
import {
  SHORTVIDEO_CREATORS_PER_SCALE,
  shortVideoDemoComments,
  shortVideoDemoSize,
  shortVideoDemoVideos,
} from './demo.js';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const nowMs = NOW.getTime();
const DAY = 86_400_000;
/** The platform's handle alphabet: lower-case letters, digits, '.', '_'; at most 24 characters. */
const HANDLE = /^[a-z0-9._]{2,24}$/;

const videosAt = (now: Date, scale = 1): ShortVideoInput[] => [...shortVideoDemoVideos({ now, scale })];
const commentsAt = (now: Date, scale = 1): ShortVideoCommentInput[] => [...shortVideoDemoComments({ now, scale })];

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe('short-video demo data', () => {
  const videos = videosAt(NOW);
  const comments = commentsAt(NOW);
  const topLevel = comments.filter((c) => c.parentId === '');
  const replies = comments.filter((c) => c.parentId !== '');
  const videoById = new Map(videos.map((v) => [v.id, v]));
  const commentById = new Map(comments.map((c) => [c.id, c]));

  it('yields exactly shortVideoDemoSize rows, modest at scale 1', () => {
    expect(videos.length + comments.length).toBe(shortVideoDemoSize(1));
    expect(shortVideoDemoSize(1)).toBeLessThanOrEqual(80_000);
    expect(videos.length).toBeGreaterThan(2000);
    expect(replies.length).toBeGreaterThan(3000);
  });

  it('has at least 200 creators, some with 100+ videos, most with a handful', () => {
    const perCreator = countBy(videos, (v) => v.author);
    expect(perCreator.size).toBe(SHORTVIDEO_CREATORS_PER_SCALE);
    expect(perCreator.size).toBeGreaterThanOrEqual(200);
    const counts = [...perCreator.values()].sort((a, b) => b - a);
    expect(counts.filter((n) => n >= 100).length).toBeGreaterThanOrEqual(5);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThan(15);
    const keys = new Set([...perCreator.keys()].map((name) => name.toLowerCase()));
    expect(keys.size).toBe(perCreator.size);
    expect([...perCreator.keys()].filter((name) => !HANDLE.test(name))).toEqual([]);
  });

  it('has videos with 100+ comments, videos with none, and comments with replies', () => {
    const perVideo = countBy(topLevel, (c) => c.videoId);
    expect([...perVideo.values()].filter((n) => n >= 100).length).toBeGreaterThanOrEqual(20);
    expect(videos.filter((v) => !perVideo.has(v.id)).length).toBeGreaterThan(50);
    expect(topLevel.filter((c) => c.replyCount > 3).length).toBeGreaterThan(200);
  });

  it('keeps the counts true to the rows: commentCount = comments + replies, replyCount = replies', () => {
    const perVideo = countBy(comments, (c) => c.videoId);
    expect(videos.filter((v) => v.commentCount !== (perVideo.get(v.id) ?? 0))).toEqual([]);
    const perParent = countBy(replies, (c) => c.parentId);
    expect(topLevel.filter((c) => c.replyCount !== (perParent.get(c.id) ?? 0))).toEqual([]);
    expect(replies.filter((r) => r.replyCount !== 0)).toEqual([]);
  });

  it('links every comment to an existing video, every reply to a top-level comment of the same video', () => {
    expect(comments.filter((c) => !videoById.has(c.videoId))).toEqual([]);
    const orphans = replies.filter((r) => {
      const parent = commentById.get(r.parentId);
      return parent?.parentId !== '' || parent.videoId !== r.videoId;
    });
    expect(orphans).toEqual([]);
  });

  it('gives unique 19-digit ids that grow with time, and matching video urls', () => {
    expect(new Set(videos.map((v) => v.id)).size).toBe(videos.length);
    expect(new Set(comments.map((c) => c.id)).size).toBe(comments.length);
    expect([...videos, ...comments].filter((row) => !/^[1-9][0-9]{18}$/.test(row.id))).toEqual([]);
    const sorted = [...videos].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    expect(sorted.every((v, i) => i === 0 || v.id > sorted[i - 1]!.id)).toBe(true);
    expect(videos.filter((v) => v.videoUrl !== `https://shortvideo.example.org/@${v.author}/video/${v.id}`)).toEqual(
      [],
    );
  });

  it('keeps every timestamp in whole seconds within two years before now; comments after their video, replies after their comment', () => {
    const outside = [...videos, ...comments].filter(
      (row) =>
        (nowMs - row.createdAt) % 1000 !== 0 || row.createdAt > nowMs - 1000 || row.createdAt <= nowMs - 730 * DAY,
    );
    expect(outside).toEqual([]);
    expect(topLevel.filter((c) => c.createdAt <= videoById.get(c.videoId)!.createdAt)).toEqual([]);
    expect(replies.filter((r) => r.createdAt <= commentById.get(r.parentId)!.createdAt)).toEqual([]);
    // recent activity exists, and old videos too
    expect(videos.filter((v) => v.createdAt > nowMs - 7 * DAY).length).toBeGreaterThan(30);
    expect(videos.filter((v) => v.createdAt < nowMs - 365 * DAY).length).toBeGreaterThan(300);
  });

  it('has equal timestamps (multi-part uploads, busy comment sections), which paging must survive', () => {
    expect(
      [...countBy(videos, (v) => `${v.author}@${v.createdAt}`).values()].filter((n) => n > 1).length,
    ).toBeGreaterThan(20);
    expect(
      [...countBy(topLevel, (c) => `${c.videoId}@${c.createdAt}`).values()].filter((n) => n > 1).length,
    ).toBeGreaterThan(5);
    expect(
      [...countBy(topLevel, (c) => `${c.videoId}@${c.likeCount}`).values()].filter((n) => n > 1).length,
    ).toBeGreaterThan(1000);
  });

  it("has heavy-tailed, consistent counts: views ≥ likes ≥ shares, comment likes under the video's", () => {
    const wrong = videos.filter(
      (v) =>
        !(
          v.viewCount >= v.likeCount &&
          v.likeCount >= v.shareCount &&
          v.shareCount >= 0 &&
          Number.isInteger(v.viewCount) &&
          v.viewCount >= 40
        ),
    );
    expect(wrong).toEqual([]);
    const views = videos.map((v) => v.viewCount).sort((a, b) => a - b);
    expect(views[Math.floor(views.length / 2)]).toBeLessThan(50_000);
    expect(views.at(-1)).toBeGreaterThan(1_000_000);
    expect(
      comments.filter(
        (c) => !Number.isInteger(c.likeCount) || c.likeCount < 0 || c.likeCount > videoById.get(c.videoId)!.likeCount,
      ),
    ).toEqual([]);
    expect(topLevel.filter((c) => c.likeCount === 0).length / topLevel.length).toBeGreaterThan(0.1);
    expect(Math.max(...topLevel.map((c) => c.likeCount))).toBeGreaterThan(10_000);
  });

  it('gives durations in whole seconds, and sounds: original ones for many, shared tracks for the rest', () => {
    expect(videos.filter((v) => !Number.isInteger(v.duration) || v.duration < 5 || v.duration > 600)).toEqual([]);
    const original = videos.filter((v) => v.music.title === `original sound - ${v.music.author}`);
    expect(original.length / videos.length).toBeGreaterThan(0.4);
    expect(original.length / videos.length).toBeLessThan(0.7);
    expect(original.filter((v) => v.music.author !== v.author).length).toBeGreaterThan(50);
    const tracks = new Set(videos.filter((v) => !v.music.title.startsWith('original sound')).map((v) => v.music.title));
    expect(tracks.size).toBeGreaterThan(20);
  });

  it('writes real text: captions with hashtags, varied comments, replies that address people', () => {
    const unfilled = [...videos.map((v) => v.description), ...comments.map((c) => c.text)].filter(
      (t) => /[{}]|lorem|undefined/i.test(t) || t.trim() === '',
    );
    expect(unfilled).toEqual([]);
    expect(videos.filter((v) => !/#\w+/.test(v.description))).toEqual([]);
    expect(new Set(videos.map((v) => v.description)).size).toBeGreaterThan(videos.length / 3);
    expect(new Set(topLevel.map((c) => c.text)).size).toBeGreaterThan(200);
    expect(replies.filter((r) => r.text.startsWith('@')).length).toBeGreaterThan(500);
    const creatorReplies = replies.filter((r) => r.author === videoById.get(r.videoId)!.author);
    expect(creatorReplies.length).toBeGreaterThan(200);
    const commenters = new Set(comments.map((c) => c.author));
    expect(commenters.size).toBeGreaterThan(1000);
    expect([...commenters].filter((name) => !HANDLE.test(name))).toEqual([]);
  });

  it('is deterministic, and lazy', () => {
    expect(videosAt(new Date(nowMs))).toEqual(videos);
    // the first comment of a scale-20 stream comes without generating the other 900,000 rows
    const iterator = shortVideoDemoComments({ now: NOW, scale: 20 });
    expect(iterator.next().value).toMatchObject({ id: comments[0]!.id, videoId: videos[0]!.id });
    iterator.return(undefined);
  });

  it('moves only createdAt, by exactly the difference, for another now (ids stay: seeding again updates the same rows)', () => {
    const shift = 3 * DAY + 12_345;
    const later = new Date(nowMs + shift);
    expect(videosAt(later).map((v) => ({ ...v, createdAt: v.createdAt - shift }))).toEqual(videos);
    expect(commentsAt(later).map((c) => ({ ...c, createdAt: c.createdAt - shift }))).toEqual(comments);
  });

  it('multiplies the creators with the scale, keeping ids unique', () => {
    const double = videosAt(NOW, 2);
    expect(new Set(double.map((v) => v.author)).size).toBe(2 * SHORTVIDEO_CREATORS_PER_SCALE);
    expect(new Set(double.map((v) => v.id)).size).toBe(double.length);
    expect(double.slice(0, videos.length)).toEqual(videos);
    const size = shortVideoDemoSize(2);
    expect(size).toBeGreaterThan(1.5 * shortVideoDemoSize(1));
    expect(size).toBeLessThan(2.5 * shortVideoDemoSize(1));
  });

  it('rejects a scale that is not a positive integer and an invalid date', () => {
    expect(() => shortVideoDemoSize(0)).toThrow(RangeError);
    expect(() => shortVideoDemoSize(1.5)).toThrow(RangeError);
    expect(() => shortVideoDemoVideos({ now: NOW, scale: -1 }).next()).toThrow(RangeError);
    expect(() => shortVideoDemoComments({ now: new Date(Number.NaN), scale: 1 }).next()).toThrow(RangeError);
  });
});
