/** Where the feeds are mounted: `/api/v1/feeds/{feedToken}/<listing path>.atom|.rss`. */
export const FEEDS_PATH = '/api/v1/feeds';

/**
 * The feed-token segment of a URL (or path) replaced by `***`, for logs: the first segment after
 * the feeds' prefix, however many slashes come before it, matched case-insensitively as Express
 * routes it; the listing's path after it stays readable.
 */
const FEED_TOKEN_SEGMENT = /(\/api\/v1\/feeds)\/+[^/?#]*/gi;

export function maskFeedToken(url: string): string {
  return url.replace(FEED_TOKEN_SEGMENT, '$1/***');
}
