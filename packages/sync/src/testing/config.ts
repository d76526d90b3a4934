import { type SyncConfig, syncConfigFromEnv } from '../config.js';
import { REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET } from './reddit.js';
import { YOUTUBE_API_KEY } from './youtube.js';

/** A configuration whose credentials and endpoints are the fakes'. */
export function fakeConfig(
  reddit?: { url: string },
  youtube?: { url: string },
  extra: NodeJS.ProcessEnv = {},
): SyncConfig {
  return syncConfigFromEnv({
    ...(reddit
      ? {
          SOCIALQUERY_REDDIT_CLIENT_ID: REDDIT_CLIENT_ID,
          SOCIALQUERY_REDDIT_CLIENT_SECRET: REDDIT_CLIENT_SECRET,
          SOCIALQUERY_REDDIT_API_URL: reddit.url,
          SOCIALQUERY_REDDIT_AUTH_URL: `${reddit.url}/api/v1/access_token`,
        }
      : {}),
    ...(youtube ? { SOCIALQUERY_YOUTUBE_API_KEY: YOUTUBE_API_KEY, SOCIALQUERY_YOUTUBE_API_URL: youtube.url } : {}),
    ...extra,
  });
}
