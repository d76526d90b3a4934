import { getRaw } from './load.js';
import { DEEP_PAGE, TIMELINE_LIMIT } from './long-timeline.js';
import type { BenchStore } from './stores.js';

export type Auth = 'apiKey' | 'bearer';

export interface Scenario {
  /** Short name used for files, `--only` and the tables. */
  id: string;
  title: string;
  auth: Auth;
  /** Resolves the path to load (page 1,000 follows nextToken to get there). */
  path(serviceUrl: string, headers: Record<string, string>): Promise<string>;
}

const fixed = (path: string) => async () => path;
const q = encodeURIComponent;

/** The measured operations, with identifiers taken from the store's examples (docs/conventions.md, for the credential each takes). */
export function scenariosOf(store: BenchStore): Scenario[] {
  const { forum, shortvideo, professional, video, music, longTimelineUser } = store.examples;
  if (!forum || !shortvideo || !professional || !video || !music)
    throw new Error("the bench store lacks a platform's examples");
  const timeline = `/api/v1/microblog/user/${q(longTimelineUser)}/messages?limit=${TIMELINE_LIMIT}`;
  const includeAll = [
    'follower_and_connection',
    'experiences',
    'skills',
    'services',
    'certifications',
    'publications',
    'honors',
    'volunteers',
    'educations',
  ]
    .map((section) => `include_${section}=true`)
    .join('&');
  return [
    {
      id: 'forum-hot',
      title: 'forum community posts, sort=hot',
      auth: 'bearer',
      path: fixed(`/api/v1/forum/community/${q(forum.community)}/posts?sort=hot`),
    },
    {
      id: 'forum-top',
      title: 'forum community posts, sort=top&timeframe=week',
      auth: 'bearer',
      path: fixed(`/api/v1/forum/community/${q(forum.community)}/posts?sort=top&timeframe=week`),
    },
    {
      id: 'microblog-page-1',
      title: `microblog user messages, page 1 (limit=${TIMELINE_LIMIT})`,
      auth: 'bearer',
      path: fixed(timeline),
    },
    {
      id: 'microblog-page-1000',
      title: `microblog user messages, page ${DEEP_PAGE.toLocaleString('en')} (limit=${TIMELINE_LIMIT})`,
      auth: 'bearer',
      path: (url, headers) => followNextToken(url, timeline, DEEP_PAGE, headers),
    },
    {
      id: 'shortvideo-comments',
      title: 'short-video comments, sort=most_liked',
      auth: 'bearer',
      path: fixed(`/api/v1/shortvideo/video/${q(shortvideo.videoId)}/comments?sort=most_liked`),
    },
    {
      id: 'video-search',
      title: 'video search (uploadDate=THIS_YEAR)',
      auth: 'apiKey',
      path: fixed(`/api/v1/search?keyword=${q(video.keyword)}&uploadDate=THIS_YEAR`),
    },
    {
      id: 'music-search',
      title: 'music search (filterBy=song)',
      auth: 'apiKey',
      path: fixed(`/api/v1/music/search?keyword=${q(music.keyword)}`),
    },
    {
      id: 'professional-profile',
      title: 'professional profile, every include_*',
      auth: 'apiKey',
      path: fixed(`/api/v1/professional/api/v1/user/profile?username=${q(professional.username)}&${includeAll}`),
    },
  ];
}

export function credentialHeaders(store: BenchStore, auth: Auth): Record<string, string> {
  return auth === 'apiKey' ? { 'x-api-key': store.apiKey } : { authorization: `Bearer ${store.token}` };
}

/** The path of page `page` of a listing, reached by following `nextToken` page - 1 times. */
async function followNextToken(
  serviceUrl: string,
  firstPage: string,
  page: number,
  headers: Record<string, string>,
): Promise<string> {
  let path = firstPage;
  for (let at = 1; at < page; at++) {
    const answer = await getRaw(serviceUrl + path, headers);
    if (answer.status !== 200)
      throw new Error(`page ${at} of ${firstPage} answered ${answer.status}: ${answer.body.toString()}`);
    const { nextToken } = JSON.parse(answer.body.toString()) as { nextToken?: string };
    if (!nextToken) throw new Error(`${firstPage} ends at page ${at}, before page ${page}`);
    path = `${firstPage}&nextToken=${q(nextToken)}`;
  }
  return path;
}
