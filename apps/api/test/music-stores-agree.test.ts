import { musicContract } from '@socialquery/music';
import type { Examples, Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { createRequestBudget } from '../src/rate-limit.js';
import { NOW } from './harness.js';

/**
 * The music catalog answers the same bytes on SQLite and on PostgreSQL: the same demo seeded in
 * both, the same requests (every operation, search of every kind and depth, prefixes, paging
 * both ways), the bodies compared whole. Needs SOCIALQUERY_TEST_PG (`pnpm test` provides it).
 */

interface Side {
  store: Store;
  app: Express;
  apiKey: string;
}

async function side(kind: 'sqlite' | 'postgres'): Promise<Side> {
  const store = await openTestStore({ kind });
  await store.seedDemo({ now: NOW, only: ['music'] });
  const apiKey = (await store.credentials.create('api-key', 'agree')).secret;
  const logger = pino({ level: 'silent' });
  const budget = createRequestBudget({ limit: 1_000_000, windowMs: 60_000, logger });
  return { store, apiKey, app: createApp({ store, logger, cursorSecret: 'agree-secret-0123456789', clock: () => NOW, budget }) };
}

let sqlite: Side;
let postgres: Side;
let ex: NonNullable<Examples['music']>;

beforeAll(async () => {
  [sqlite, postgres] = [await side('sqlite'), await side('postgres')];
  ex = (await sqlite.store.examples()).music!;
  expect((await postgres.store.examples()).music).toEqual(ex);
}, 240_000);
afterAll(async () => {
  await sqlite?.store.close();
  await postgres?.store.close();
});

const { explore, artists, albums, tracks, playlists, podcasts, users } = musicContract;

async function expectSameAnswer(path: string, query: Record<string, string | number>) {
  const [a, b] = await Promise.all([sqlite, postgres].map(({ app, apiKey }) => request(app).get(path).query(query).set('x-api-key', apiKey)));
  expect({ path, query, status: b!.status }).toEqual({ path, query, status: a!.status });
  expect(b!.body).toEqual(a!.body);
  return a!.body as { data: unknown };
}

describe('music on SQLite and PostgreSQL', () => {
  it('search: every filterBy, first and deep pages, several keywords', async () => {
    for (const keyword of [ex.keyword, 'the', 'night love', 'a', 'blue']) {
      for (const filterBy of ['song', 'playlist', 'album', 'artist', 'podcast_show', 'profile', 'genres_mood']) {
        for (const [offset, limit] of [[0, 100], [100, 100], [7, 13]] as const) {
          await expectSameAnswer(explore.search.path, { keyword, filterBy, offset, limit });
        }
      }
    }
  }, 120_000);

  it('suggestions for one- to several-letter prefixes', async () => {
    for (const keyword of ['a', 'l', 'lo', ex.keyword, 'the b', 'mo', 'zz']) {
      const body = await expectSameAnswer(explore.suggestions.path, { keyword }) as { data: { suggestions: unknown[] } };
      if (keyword === 'a' || keyword === 'l') expect(body.data.suggestions.length).toBeGreaterThan(0);
    }
  });

  it('every artist, album, track, playlist, show and user operation on the examples, paged both ways', async () => {
    const artistOps = [artists.getOverview, artists.getPlaylists, artists.getRelated, artists.getAppearsOn, artists.getFeaturing,
      artists.getDiscoveredOn, artists.getConcerts, artists.getDiscographyOverview];
    for (const op of artistOps) await expectSameAnswer(op.path, { uri: ex.artistUri });
    for (const op of [artists.getAlbums, artists.getSingles, artists.getCompilations]) {
      for (const order_by of ['DATE_DESC', 'DATE_ASC']) {
        await expectSameAnswer(op.path, { uri: ex.artistUri, order_by, limit: 100 });
        await expectSameAnswer(op.path, { uri: ex.artistUri, order_by, offset: 3, limit: 4 });
      }
    }
    await expectSameAnswer(albums.getDetail.path, { uri: ex.albumUri });
    await expectSameAnswer(albums.getTracks.path, { uri: ex.albumUri, offset: 2, limit: 5 });
    await expectSameAnswer(tracks.getDetail.path, { uri: ex.trackUri });
    await expectSameAnswer(tracks.getLyrics.path, { uri: ex.trackUri });
    await expectSameAnswer(tracks.getRecommendations.path, { uri: ex.trackUri, limit: 100 });
    await expectSameAnswer(playlists.getDetail.path, { uri: ex.playlistUri });
    await expectSameAnswer(playlists.getTracks.path, { uri: ex.playlistUri });
    await expectSameAnswer(playlists.getTracks.path, { uri: ex.playlistUri, offset: 11, limit: 9 });
    await expectSameAnswer(podcasts.getDetail.path, { uri: ex.showUri });
    await expectSameAnswer(podcasts.getEpisodes.path, { uri: ex.showUri, limit: 300 });
    for (const op of [users.getProfile, users.getFollowers, users.getFollowing]) await expectSameAnswer(op.path, { uri: ex.userUri });
  }, 60_000);

  it('the same on artists, tracks and users reached from the example ones', async () => {
    const related = await expectSameAnswer(artists.getRelated.path, { uri: ex.artistUri }) as { data: { items: { uri: string }[] } };
    for (const { uri } of related.data.items.slice(0, 5)) {
      for (const op of [artists.getOverview, artists.getRelated, artists.getAppearsOn, artists.getFeaturing, artists.getDiscoveredOn]) {
        await expectSameAnswer(op.path, { uri });
      }
    }
    const recommended = await expectSameAnswer(tracks.getRecommendations.path, { uri: ex.trackUri }) as { data: { items: { uri: string }[] } };
    for (const { uri } of recommended.data.items.slice(0, 5)) await expectSameAnswer(tracks.getRecommendations.path, { uri, limit: 100 });
    const followers = await expectSameAnswer(users.getFollowers.path, { uri: ex.userUri }) as { data: { items: { uri: string }[] } };
    for (const { uri } of followers.data.items.slice(0, 5)) {
      for (const op of [users.getProfile, users.getFollowers, users.getFollowing]) await expectSameAnswer(op.path, { uri });
    }
  }, 60_000);
});
