/** The platforms' credentials and endpoints, from the environment only (never from a file, never logged). */
export interface SyncConfig {
  reddit: {
    clientId?: string;
    clientSecret?: string;
    userAgent: string;
    /** The API root (default https://oauth.reddit.com). */
    apiUrl: string;
    /** The token endpoint (default https://www.reddit.com/api/v1/access_token). */
    authUrl: string;
  };
  youtube: {
    apiKey?: string;
    /** Quota units sync may spend per quota day (default 10,000, a project's default daily quota). */
    dailyQuota: number;
    /** The API root (default https://www.googleapis.com/youtube/v3). */
    apiUrl: string;
  };
  spotify: {
    clientId?: string;
    clientSecret?: string;
    /** The market (ISO 3166-1 alpha-2) shows and episodes are asked in: client credentials have no user country (default US). */
    market: string;
    /** The API root (default https://api.spotify.com/v1). */
    apiUrl: string;
    /** The token endpoint (default https://accounts.spotify.com/api/token). */
    authUrl: string;
  };
  x: {
    bearerToken?: string;
    /** The API root (default https://api.x.com/2). */
    apiUrl: string;
  };
  tiktok: {
    clientKey?: string;
    clientSecret?: string;
    /** The API root (default https://open.tiktokapis.com). */
    apiUrl: string;
    /** The token endpoint (default https://open.tiktokapis.com/v2/oauth/token/). */
    authUrl: string;
    /** Days a user's first run walks back (default 30). */
    firstRunDays: number;
    /** Research API requests sync may send per UTC day (default DEFAULT_TIKTOK_DAILY_REQUESTS, a project's daily limit); token requests are not counted. */
    dailyRequests: number;
  };
}

/** A variable holds a value sync cannot use. */
export class SyncConfigError extends Error {
  override readonly name = 'SyncConfigError';
}

export const DEFAULT_REDDIT_USER_AGENT = 'server:socialquery-sync:0.1.0 (self-hosted socialquery)';
export const DEFAULT_YOUTUBE_DAILY_QUOTA = 10_000;
export const DEFAULT_TIKTOK_FIRST_RUN_DAYS = 30;
export const DEFAULT_TIKTOK_DAILY_REQUESTS = 1_000;

const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = text(env[name]) ?? fallback;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not http');
  } catch {
    throw new SyncConfigError(`${name} must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  return value.replace(/\/+$/, '');
}

/** A whole number from 1 to `max` in the variable `name`, or `fallback` when it is unset. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number, unit: string): number {
  const value = text(env[name]);
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new SyncConfigError(
      `${name} must be a whole number of ${unit} from 1 to ${max}, got ${JSON.stringify(value)}`,
    );
  return n;
}

/** Reads the sync variables of `env`; missing credentials are left undefined (a target of that platform then fails naming them). */
export function syncConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SyncConfig {
  const dailyQuota = wholeNumber(
    env,
    'SOCIALQUERY_YOUTUBE_DAILY_QUOTA',
    DEFAULT_YOUTUBE_DAILY_QUOTA,
    100_000_000,
    'units',
  );
  const clientId = text(env.SOCIALQUERY_REDDIT_CLIENT_ID);
  const clientSecret = text(env.SOCIALQUERY_REDDIT_CLIENT_SECRET);
  const apiKey = text(env.SOCIALQUERY_YOUTUBE_API_KEY);
  const firstRunDays = wholeNumber(
    env,
    'SOCIALQUERY_TIKTOK_FIRST_RUN_DAYS',
    DEFAULT_TIKTOK_FIRST_RUN_DAYS,
    3650,
    'days',
  );
  const dailyRequests = wholeNumber(
    env,
    'SOCIALQUERY_TIKTOK_DAILY_REQUESTS',
    DEFAULT_TIKTOK_DAILY_REQUESTS,
    1_000_000,
    'requests',
  );
  const market = text(env.SOCIALQUERY_SPOTIFY_MARKET) ?? 'US';
  if (!/^[A-Z]{2}$/.test(market))
    throw new SyncConfigError(
      `SOCIALQUERY_SPOTIFY_MARKET must be a country code of two capital letters (US, GB, DE), got ${JSON.stringify(market)}`,
    );
  const optional = (name: string, key: string) => {
    const value = text(env[name]);
    return value ? { [key]: value } : {};
  };
  return {
    reddit: {
      ...(clientId ? { clientId } : {}),
      ...(clientSecret ? { clientSecret } : {}),
      userAgent: text(env.SOCIALQUERY_REDDIT_USER_AGENT) ?? DEFAULT_REDDIT_USER_AGENT,
      apiUrl: url(env, 'SOCIALQUERY_REDDIT_API_URL', 'https://oauth.reddit.com'),
      authUrl: url(env, 'SOCIALQUERY_REDDIT_AUTH_URL', 'https://www.reddit.com/api/v1/access_token'),
    },
    youtube: {
      ...(apiKey ? { apiKey } : {}),
      dailyQuota,
      apiUrl: url(env, 'SOCIALQUERY_YOUTUBE_API_URL', 'https://www.googleapis.com/youtube/v3'),
    },
    spotify: {
      ...optional('SOCIALQUERY_SPOTIFY_CLIENT_ID', 'clientId'),
      ...optional('SOCIALQUERY_SPOTIFY_CLIENT_SECRET', 'clientSecret'),
      market,
      apiUrl: url(env, 'SOCIALQUERY_SPOTIFY_API_URL', 'https://api.spotify.com/v1'),
      authUrl: url(env, 'SOCIALQUERY_SPOTIFY_AUTH_URL', 'https://accounts.spotify.com/api/token'),
    },
    x: {
      ...optional('SOCIALQUERY_X_BEARER_TOKEN', 'bearerToken'),
      apiUrl: url(env, 'SOCIALQUERY_X_API_URL', 'https://api.x.com/2'),
    },
    tiktok: {
      ...optional('SOCIALQUERY_TIKTOK_CLIENT_KEY', 'clientKey'),
      ...optional('SOCIALQUERY_TIKTOK_CLIENT_SECRET', 'clientSecret'),
      apiUrl: url(env, 'SOCIALQUERY_TIKTOK_API_URL', 'https://open.tiktokapis.com'),
      authUrl: url(env, 'SOCIALQUERY_TIKTOK_AUTH_URL', 'https://open.tiktokapis.com/v2/oauth/token/'),
      firstRunDays,
      dailyRequests,
    },
  };
}

/** The secrets of a configuration, to mask wherever text leaves sync. */
export function secretsOf(config: SyncConfig): string[] {
  return [
    config.reddit.clientSecret,
    config.reddit.clientId,
    config.youtube.apiKey,
    config.spotify.clientSecret,
    config.spotify.clientId,
    config.x.bearerToken,
    config.tiktok.clientSecret,
    config.tiktok.clientKey,
  ].filter((secret): secret is string => secret !== undefined && secret.length >= 4);
}

/** `text` with every secret of `config` replaced by `***`. */
export function maskSecrets(config: SyncConfig, text: string): string {
  return secretsOf(config).reduce((masked, secret) => masked.split(secret).join('***'), text);
}
