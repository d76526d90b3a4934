import type { Kysely } from 'kysely';
import type { Database } from '../../schema.js';

/** Keywords the demo titles use a lot, tried in this order. */
const VIDEO_KEYWORDS = ['recipe', 'workout', 'guitar', 'travel', 'gameplay', 'review'];
/** Several pages of 20 search results. */
const MIN_MATCHES = 60;
const YEAR_MS = 365 * 86_400_000;

/** Videos in the batch-lookup example (`ids`). */
const BATCH_EXAMPLE_SIZE = 3;

/**
 * The first demo keyword with at least 60 videos (type VIDEO) in the year before the newest
 * video, and the most viewed of those videos (its channel and shared title terms give it related videos);
 * `ids`: that video and the next most viewed ones, comma-separated (for the batch lookup); `channelId`: that
 * video's channel (its uploads, `channelVideos`).
 */
export async function findVideoExamples(
  db: Kysely<Database>,
): Promise<{ keyword: string; videoId: string; ids: string; channelId: string } | undefined> {
  const newest = await db
    .selectFrom('video_videos')
    .select((eb) => eb.fn.max('published_at').as('at'))
    .executeTakeFirst();
  if (newest?.at === null || newest?.at === undefined) return undefined;
  const since = Number(newest.at) - YEAR_MS;
  for (const keyword of VIDEO_KEYWORDS) {
    const matches = db
      .selectFrom('video_videos')
      .where('type', '=', 'VIDEO')
      .where('published_at', '>=', since)
      .where((eb) => eb(eb.fn('lower', ['title']), 'like', `%${keyword}%`));
    const { n } = await matches.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    if (Number(n) < MIN_MATCHES) continue;
    const top = await matches
      .select(['id', 'channel_id'])
      .orderBy('views', 'desc')
      .orderBy('id')
      .limit(BATCH_EXAMPLE_SIZE)
      .execute();
    return { keyword, videoId: top[0]!.id, ids: top.map((row) => row.id).join(','), channelId: top[0]!.channel_id };
  }
  const any = await db
    .selectFrom('video_videos')
    .select(['id', 'channel_id'])
    .orderBy('views', 'desc')
    .orderBy('id')
    .limit(BATCH_EXAMPLE_SIZE)
    .execute();
  return {
    keyword: 'video',
    videoId: any[0]!.id,
    ids: any.map((row) => row.id).join(','),
    channelId: any[0]!.channel_id,
  };
}
