import { checkCredentials, checkLine, type CredentialCheck } from './check.js';
import {
  fakeConfig,
  fakeReddit,
  fakeSpotify,
  fakeTiktok,
  fakeX,
  fakeYoutube,
  REDDIT_CLIENT_ID,
  REDDIT_CLIENT_SECRET,
  SPOTIFY_CLIENT_SECRET,
  startFake,
  TIKTOK_CLIENT_SECRET,
  X_BEARER_TOKEN,
  YOUTUBE_API_KEY,
} from './testing.js';

describe('checkCredentials', () => {
  let reddit: Awaited<ReturnType<typeof fakeReddit>>;
  let youtube: Awaited<ReturnType<typeof fakeYoutube>>;
  let spotify: Awaited<ReturnType<typeof fakeSpotify>>;
  let x: Awaited<ReturnType<typeof fakeX>>;
  let tiktok: Awaited<ReturnType<typeof fakeTiktok>>;
  let env: NodeJS.ProcessEnv;
  const fakes = () => [reddit, youtube, spotify, x, tiktok];
  /** Each fake's requests, as `METHOD /path`. */
  const sent = () => fakes().map((fake) => fake.requests.map((request) => `${request.method} ${request.path}`));
  const statuses = (checks: CredentialCheck[]) => checks.map((check) => [check.platform, check.status]);
  const noSecret = (checks: CredentialCheck[]) => {
    const text = checks.map(checkLine).join('\n');
    for (const secret of [
      REDDIT_CLIENT_SECRET,
      YOUTUBE_API_KEY,
      SPOTIFY_CLIENT_SECRET,
      X_BEARER_TOKEN,
      TIKTOK_CLIENT_SECRET,
    ])
      expect(text).not.toContain(secret);
  };

  beforeAll(async () => {
    reddit = await fakeReddit();
    youtube = await fakeYoutube();
    spotify = await fakeSpotify();
    x = await fakeX();
    tiktok = await fakeTiktok();
    env = {
      SOCIALQUERY_REDDIT_CLIENT_ID: REDDIT_CLIENT_ID,
      SOCIALQUERY_REDDIT_CLIENT_SECRET: REDDIT_CLIENT_SECRET,
      SOCIALQUERY_REDDIT_API_URL: reddit.url,
      SOCIALQUERY_REDDIT_AUTH_URL: `${reddit.url}/api/v1/access_token`,
      SOCIALQUERY_YOUTUBE_API_KEY: YOUTUBE_API_KEY,
      SOCIALQUERY_YOUTUBE_API_URL: youtube.url,
      ...spotify.env(),
      ...x.env(),
      ...tiktok.env(),
    };
  });
  afterAll(async () => {
    for (const fake of fakes()) await fake.close();
  });
  beforeEach(() => {
    for (const fake of fakes()) fake.requests.length = 0;
  });

  it('good credentials: ok, with one request each (a token request, or one cheap call)', async () => {
    const checks = await checkCredentials({ config: fakeConfig(undefined, undefined, env) });
    expect(checks.map(checkLine)).toEqual([
      'forum (reddit): ok: POST /api/v1/access_token; cost: one token request, no API request',
      "video (youtube): ok: GET /channels?part=id&id=UC_x5XG1OV2P6uZZ5FSM9Ttw; cost: 1 quota unit (channels.list), not counted in the store's ledger",
      'music (spotify): ok: POST /api/token; cost: one token request, no API request',
      "microblog (x): ok: GET /users/by/username/XDevelopers; cost: a request of the user lookup's 15-minute window, and one user read",
      'shortvideo (tiktok): ok: POST /v2/oauth/token/; cost: one token request, no Research API request',
    ]);
    expect(sent()).toEqual([
      ['POST /api/v1/access_token'],
      ['GET /channels'],
      ['POST /api/token'],
      ['GET /2/users/by/username/XDevelopers'],
      ['POST /v2/oauth/token/'],
    ]);
  });

  it('bad credentials (401, 400, 403): failed with the upstream answer, credentials masked; one request each', async () => {
    youtube.fail('/channels', {
      status: 403,
      body: {
        error: {
          code: 403,
          message: `YouTube Data API v3 has not been used in project 1 (key ${YOUTUBE_API_KEY}) or it is disabled.`,
          errors: [{ reason: 'accessNotConfigured' }],
        },
      },
    });
    const wrong = {
      ...env,
      SOCIALQUERY_REDDIT_CLIENT_SECRET: 'wrong-reddit-secret',
      SOCIALQUERY_SPOTIFY_CLIENT_SECRET: 'wrong-spotify-secret',
      SOCIALQUERY_X_BEARER_TOKEN: 'wrong-x-token',
      SOCIALQUERY_TIKTOK_CLIENT_SECRET: 'wrong-tiktok-secret',
    };
    const checks = await checkCredentials({ config: fakeConfig(undefined, undefined, wrong) });
    expect(checks.map(checkLine)).toEqual([
      'forum (reddit): failed: reddit: POST /api/v1/access_token answered 401: Unauthorized',
      'video (youtube): failed: youtube: GET /channels answered 403: YouTube Data API v3 has not been used in project 1 (key ***) or it is disabled.',
      'music (spotify): failed: spotify: POST /api/token answered 400: Invalid client',
      'microblog (x): failed: x: GET /users/by/username/XDevelopers answered 401: Unauthorized',
      'shortvideo (tiktok): failed: tiktok: POST /v2/oauth/token/ answered 401: Client key or secret is invalid.',
    ]);
    expect(sent().map((requests) => requests.length)).toEqual([1, 1, 1, 1, 1]);
    noSecret(checks);
    const [, key] = await checkCredentials({
      config: fakeConfig(undefined, undefined, { ...env, SOCIALQUERY_YOUTUBE_API_KEY: 'AIzaWrongKey-999' }),
      only: ['forum', 'video'],
    });
    expect(key).toMatchObject({
      status: 'failed',
      detail: 'youtube: GET /channels answered 400: API key not valid. Please pass a valid API key.',
    });
  });

  it('unreachable, or a 5xx: failed at once, not retried', async () => {
    const gone = await startFake(() => ({ status: 200, body: {} }));
    await gone.close();
    youtube.fail('/channels', { status: 503, body: { error: { code: 503, message: 'Backend Error' } } });
    const checks = await checkCredentials({
      config: fakeConfig(undefined, undefined, {
        ...env,
        SOCIALQUERY_REDDIT_AUTH_URL: `${gone.url}/api/v1/access_token`,
        SOCIALQUERY_X_API_URL: `${gone.url}/2`,
      }),
      only: ['forum', 'video', 'microblog'],
    });
    expect(checks.map(checkLine)).toEqual([
      'forum (reddit): failed: reddit: POST /api/v1/access_token: no answer (ECONNREFUSED) after 1 tries',
      'video (youtube): failed: youtube: GET /channels answered 503: Backend Error after 1 tries',
      'microblog (x): failed: x: GET /users/by/username/XDevelopers: no answer (ECONNREFUSED) after 1 tries',
    ]);
    expect(youtube.requests).toHaveLength(1);
  });

  it('platforms without credentials are not checked; named ones, or ones set in part, fail naming the variables', async () => {
    const some = fakeConfig(undefined, undefined, {
      ...x.env(),
      SOCIALQUERY_REDDIT_CLIENT_ID: REDDIT_CLIENT_ID,
    });
    const checks = await checkCredentials({ config: some });
    expect(statuses(checks)).toEqual([
      ['forum', 'failed'],
      ['video', 'unset'],
      ['music', 'unset'],
      ['microblog', 'ok'],
      ['shortvideo', 'unset'],
    ]);
    expect(checks.map(checkLine).slice(0, 3)).toEqual([
      'forum (reddit): failed: reddit credentials are not configured: set SOCIALQUERY_REDDIT_CLIENT_ID and SOCIALQUERY_REDDIT_CLIENT_SECRET',
      'video (youtube): not configured (SOCIALQUERY_YOUTUBE_API_KEY not set)',
      'music (spotify): not configured (SOCIALQUERY_SPOTIFY_CLIENT_ID and SOCIALQUERY_SPOTIFY_CLIENT_SECRET not set)',
    ]);
    expect(await checkCredentials({ config: some, only: ['video'] })).toEqual([
      expect.objectContaining({
        status: 'failed',
        detail: 'youtube credentials are not configured: set SOCIALQUERY_YOUTUBE_API_KEY',
      }),
    ]);
    expect(sent()).toEqual([[], [], [], ['GET /2/users/by/username/XDevelopers'], []]);
  });
});
