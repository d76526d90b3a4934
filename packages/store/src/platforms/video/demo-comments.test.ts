import {
  COMMENTED_VIEWS,
  demoThreadCount,
  MAX_DEMO_REPLIES,
  videoDemoComments,
  videoDemoCommentsSize,
} from './demo-comments.js';
import { videoDemoVideos } from './demo.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const comments = [...videoDemoComments({ now, scale: 1 })];
const videos = new Map([...videoDemoVideos({ now, scale: 1 })].map((video) => [video.id, video]));

describe('video demo comments', () => {
  it('a small set: the popular videos only, some with more than a page of threads; about the size announced', () => {
    const threads = comments.filter((c) => c.parent_id === '');
    const perVideo = new Map<string, number>();
    for (const thread of threads) perVideo.set(thread.video_id, (perVideo.get(thread.video_id) ?? 0) + 1);
    expect(perVideo.size).toBeGreaterThan(100);
    expect(perVideo.size).toBeLessThan(videos.size / 100);
    for (const [videoId, count] of perVideo) {
      const video = videos.get(videoId)!;
      expect(video.views).toBeGreaterThanOrEqual(COMMENTED_VIEWS);
      expect(count).toBe(demoThreadCount(video.views));
    }
    expect([...perVideo.values()].filter((count) => count > 20).length).toBeGreaterThan(5);
    expect(Math.abs(comments.length - videoDemoCommentsSize(1))).toBeLessThan(comments.length * 0.05);
    expect(new Set(comments.map((c) => c.id)).size).toBe(comments.length);
  });

  it('threads and replies agree: replies follow their thread, after it and before now; the count is the replies', () => {
    const byId = new Map(comments.map((c) => [c.id, c]));
    const replies = new Map<string, number>();
    // the comments that break a rule, by id (one expect at the end: the set is thousands of rows)
    const broken = comments.filter((c) => {
      const timed = c.published_at <= now.getTime() && c.updated_at >= c.published_at && c.updated_at <= now.getTime();
      if (c.parent_id === '')
        return (
          !timed || !/^Ug[A-Za-z0-9_-]+4AaABAg$/.test(c.id) || c.published_at < videos.get(c.video_id)!.published_at
        );
      replies.set(c.parent_id, (replies.get(c.parent_id) ?? 0) + 1);
      const thread = byId.get(c.parent_id);
      return (
        !timed ||
        !thread ||
        !c.id.startsWith(`${thread.id}.`) ||
        c.video_id !== thread.video_id ||
        c.channel_id !== thread.channel_id ||
        c.published_at < thread.published_at
      );
    });
    expect(broken.map((c) => c.id)).toEqual([]);
    const miscounted = comments.filter((c) => c.parent_id === '' && c.reply_count !== (replies.get(c.id) ?? 0));
    expect(miscounted.map((c) => c.id)).toEqual([]);
    expect(Math.max(...replies.values())).toBe(MAX_DEMO_REPLIES);
  });

  it('is deterministic, and only timestamps follow now', () => {
    const later = [...videoDemoComments({ now: new Date(now.getTime() + 86_400_000), scale: 1 })];
    expect(later.map(({ published_at, updated_at, ...rest }) => rest)).toEqual(
      comments.map(({ published_at, updated_at, ...rest }) => rest),
    );
  });
});
