import { type ClientOptions, createClient, createTransport } from '@socialquery/core';
import { type ForumClient, forumContract } from '@socialquery/forum';
import { type MicroblogClient, microblogContract } from '@socialquery/microblog';
import { type MusicContract, type MusicModules, musicContract } from '@socialquery/music';
import { type ProfessionalClient, professionalContract } from '@socialquery/professional';
import { type ShortVideoClient, shortvideoContract } from '@socialquery/shortvideo';
import { type VideoClient, videoContract } from '@socialquery/video';

/**
 * Where the service is (`baseUrl`, its root: `http://127.0.0.1:8080`), `timeout`, `retries`,
 * `retryDelay`, `maxRetryWait`, `headers`, `transport` as for every client, and both credentials.
 * Each is optional: a call whose operation needs the one not given fails with RequestSetupError
 * before anything is sent.
 */
export interface SocialQueryClientOptions extends ClientOptions {
  /** API key (`x-api-key`): video, music, and the professional profiles. */
  apiKey?: string;
  /** Bearer token (`Authorization: Bearer …`): forum, microblog, short video, and the professional company employees. */
  token?: string;
}

/** One client per platform, under the platform's name; music keeps its modules (`music.explore.search(…)`). */
export interface SocialQueryClient {
  readonly forum: ForumClient;
  readonly microblog: MicroblogClient;
  readonly shortvideo: ShortVideoClient;
  readonly professional: ProfessionalClient;
  readonly video: VideoClient;
  readonly music: MusicModules;
}

/**
 * Every platform of one service, from one set of options: `forum.communityPosts(…)`,
 * `microblog.userMessages(…)`, `shortvideo.userPosts(…)`, `professional.profile(…)`,
 * `video.search(…)`, `music.explore.search(…)`. Each namespace is the platform package's own
 * client (the same methods, `iterate` and `exportAll`); all share one transport, so timeouts and
 * retries are set once. Music is reached under the given `baseUrl` (its operations' paths,
 * `/api/v1/music/…`), not at MusicClient's fixed local endpoint.
 */
export function createSocialQueryClient(options: SocialQueryClientOptions): SocialQueryClient {
  const shared = { ...options, transport: options.transport ?? createTransport(options) };
  const music = Object.fromEntries(
    Object.entries(musicContract).map(([module, operations]) => [module, createClient(operations, shared)]),
  ) as { [M in keyof MusicContract]: MusicModules[M] };
  return {
    forum: createClient(forumContract, shared),
    microblog: createClient(microblogContract, shared),
    shortvideo: createClient(shortvideoContract, shared),
    professional: createClient(professionalContract, shared),
    video: createClient(videoContract, shared),
    music,
  };
}
