import type { SessionDeps } from '../platform.js';
import { createUpstream, type Upstream, type UpstreamAuth, UpstreamError, type UpstreamOptions } from '../upstream.js';

/** A token is renewed this long before it expires. */
const TOKEN_MARGIN_MS = 60_000;

export interface ClientCredentialsOptions {
  /** Names the platform in errors. */
  platform: string;
  /** The client of the token endpoint's origin. */
  auth: Upstream;
  /** The token endpoint's path on that origin. */
  tokenPath: string;
  /** The form posted (`grant_type=client_credentials`, and TikTok's `client_key`/`client_secret`). */
  form: Record<string, string>;
  /** Headers of the token request (Reddit's and Spotify's basic auth). */
  headers?: Record<string, string>;
  now: () => number;
}

/** Basic authentication of a client id and secret. */
export const basicAuth = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/**
 * App-only OAuth (client credentials): a bearer token from the token endpoint, fetched when first
 * needed and again before it expires or after a 401.
 */
export function clientCredentials(options: ClientCredentialsOptions): Required<UpstreamAuth> {
  let token: { value: string; expiresAt: number } | undefined;
  const fetchToken = async () => {
    const { body } = await options.auth.postForm(options.tokenPath, options.form, options.headers ?? {});
    const value: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'access_token') : undefined;
    const expiresIn: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'expires_in') : undefined;
    if (typeof value !== 'string' || value === '')
      throw new UpstreamError(`${options.platform}: the token endpoint answered no access_token`);
    token = { value, expiresAt: options.now() + (typeof expiresIn === 'number' ? expiresIn * 1000 : 3_600_000) };
  };
  return {
    async apply({ headers }) {
      if (!token || token.expiresAt - TOKEN_MARGIN_MS <= options.now()) await fetchToken();
      headers.authorization = `Bearer ${token!.value}`;
    },
    refresh: fetchToken,
  };
}

export interface ClientCredentialsApiOptions extends Pick<SessionDeps, 'clock' | 'upstream' | 'onWait'> {
  /** Names the platform in errors and waits. */
  platform: string;
  /** Default: the upstream client's (DEFAULT_USER_AGENT). */
  userAgent?: string;
  /** The client secret: masked wherever a request or an error is told. */
  secret: string;
  /** The API's base URL. */
  apiUrl: string;
  /** The token endpoint's URL. */
  authUrl: string;
  form: Record<string, string>;
  /** Headers of the token request (basic authentication). */
  headers?: Record<string, string>;
  /** The token path ends with a slash whatever the URL says (TikTok's endpoints do). */
  trailingSlash?: boolean;
  /** The API's error answers that no retry can change (`UpstreamOptions.final`). */
  final?: UpstreamOptions['final'];
}

/**
 * The client of an API behind app-only OAuth: one upstream client for the token endpoint's origin and
 * one for the API, whose requests carry the token (`clientCredentials`), both with the session's
 * retries, clock and wait reports.
 */
export function clientCredentialsApi(options: ClientCredentialsApiOptions): TokenApi {
  const { platform, userAgent, secret, clock, onWait, upstream } = options;
  const common = { platform, ...(userAgent ? { userAgent } : {}), secrets: [secret], clock, onWait, ...upstream };
  const token = new URL(options.authUrl);
  const path = token.pathname.replace(/^\/+/, '');
  const tokenPath = options.trailingSlash ? `${path.replace(/\/+$/, '')}/` : path;
  const auth = clientCredentials({
    platform,
    auth: createUpstream({ ...common, baseUrl: token.origin }),
    tokenPath,
    form: options.form,
    ...(options.headers ? { headers: options.headers } : {}),
    now: clock.now,
  });
  const api = createUpstream({
    ...common,
    baseUrl: options.apiUrl,
    ...(options.final ? { final: options.final } : {}),
    auth,
  });
  return Object.assign(api, {
    async authorize() {
      await auth.refresh();
      return `POST /${tokenPath}`;
    },
  });
}

/** An API client behind a token endpoint, which can ask for a token alone (a credentials check). */
export interface TokenApi extends Upstream {
  /** Fetches a token now: resolves to the token request sent, throws the token endpoint's error. */
  authorize(): Promise<string>;
}
