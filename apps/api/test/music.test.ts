import { ErrorBody, type Operation } from '@socialquery/core';
import {
  type Album,
  filterByValues,
  LIST_SIZES,
  MAX_OFFSET,
  musicContract,
  musicOperations,
  parseUri,
  searchItemSchemas,
} from '@socialquery/music';
import type { Examples } from '@socialquery/store';
import request from 'supertest';
import type { z } from 'zod';
import { startTestService, type TestService } from './harness.js';
import { describeOperationRules } from './operation-rules.case.js';

let service: TestService;
let ex: NonNullable<Examples['music']>;

beforeAll(async () => {
  service = await startTestService();
  ex = (await service.store.examples()).music!;
});
afterAll(() => service.close());

const { explore, artists, albums, tracks, playlists, podcasts, users } = musicContract;

const get = (operation: Operation, query: Record<string, string | number>) =>
  request(service.app).get(operation.path).query(query).set('x-api-key', service.apiKey);

/** A 200 whose body satisfies the operation's response schema, parsed. */
async function call<O extends Operation>(
  operation: O,
  query: Record<string, string | number>,
): Promise<z.output<O['response']>> {
  const res = await get(operation, query);
  if (res.status !== 200)
    throw new Error(`${operation.id} ${JSON.stringify(query)} → ${res.status} ${JSON.stringify(res.body)}`);
  return operation.response.parse(res.body) as z.output<O['response']>;
}

function expectError(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = ErrorBody.parse(res.body);
  expect(body).toMatchObject({ statusCode: status, code });
  return body;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const nameKey = (text: string) => words(text).join(' ');
const idOf = (uri: string) => parseUri(uri)!.id;
const sortedDesc = (values: (string | number)[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);
const sortedAsc = (values: (string | number)[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

/** Every item of an offset-paged listing, walked `size` at a time. */
async function walk<O extends Operation>(operation: O, query: Record<string, string | number>, size: number) {
  const items: { id: string }[] = [];
  let total = -1;
  for (let offset = 0; offset < 2_000; offset += size) {
    const body = (await call(operation, { ...query, offset, limit: size })) as {
      data: { totalCount: number; offset: number; limit: number; items: { id: string }[] };
    };
    expect(body.data).toMatchObject({ offset, limit: size });
    if (total >= 0) expect(body.data.totalCount).toBe(total);
    total = body.data.totalCount;
    items.push(...body.data.items);
    if (body.data.items.length < size) break;
  }
  return { items, total };
}

// ---------------------------------------------------------------------------------------------
// Shared rules: auth, unknown/repeated parameters, limits, 405, error body, response schema
// ---------------------------------------------------------------------------------------------

const validQuery: Record<string, () => Record<string, string>> = {
  'explore.search': () => ({ keyword: ex.keyword }),
  'explore.suggestions': () => ({ keyword: ex.keyword.slice(0, 3) }),
  'albums.getDetail': () => ({ uri: ex.albumUri }),
  'albums.getTracks': () => ({ uri: ex.albumUri }),
  'tracks.getDetail': () => ({ uri: ex.trackUri }),
  'tracks.getLyrics': () => ({ uri: ex.trackUri }),
  'tracks.getRecommendations': () => ({ uri: ex.trackUri }),
  'tracks.getMany': () => ({ ids: `${ex.trackUri},zzNoSuchTrack` }),
  'playlists.getDetail': () => ({ uri: ex.playlistUri }),
  'playlists.getTracks': () => ({ uri: ex.playlistUri }),
  'podcasts.getDetail': () => ({ uri: ex.showUri }),
  'podcasts.getEpisodes': () => ({ uri: ex.showUri }),
  'users.getProfile': () => ({ uri: ex.userUri }),
  'users.getFollowers': () => ({ uri: ex.userUri }),
  'users.getFollowing': () => ({ uri: ex.userUri }),
  'history.get': () => ({ record: ex.record!, id: ex.id! }),
};
for (const [key, operation] of Object.entries(musicOperations)) {
  const query = validQuery[key] ?? (() => ({ uri: ex.artistUri }));
  describeOperationRules(
    operation,
    () => service,
    () => ({ path: {}, query: query() }),
  );
}

// ---------------------------------------------------------------------------------------------
// URIs
// ---------------------------------------------------------------------------------------------

describe('music URIs', () => {
  const uriOperations = Object.entries(musicOperations).filter(([, op]) => 'uri' in op.params.query.shape);
  const kindOf = (operation: Operation) => {
    const description = operation.params.query!.shape.uri!.description ?? '';
    return /music:(\w+):/.exec(description)![1]!;
  };
  const exampleOf = (kind: string) =>
    ({
      artist: ex.artistUri,
      album: ex.albumUri,
      track: ex.trackUri,
      playlist: ex.playlistUri,
      show: ex.showUri,
      user: ex.userUri,
    })[kind]!;

  it('every operation taking a URI answers a URI of another kind with 400 invalid_parameter naming uri', async () => {
    expect(uriOperations).toHaveLength(23);
    for (const [, operation] of uriOperations) {
      const kind = kindOf(operation);
      const other = kind === 'track' ? ex.albumUri : ex.trackUri;
      const body = expectError(await get(operation, { uri: other }), 400, 'invalid_parameter');
      expect(body.issues?.[0]?.path).toBe('uri');
      expect(body.message).toContain(`music:${kind}:<id>`);
      expect((await get(operation, { uri: exampleOf(kind) })).status).toBe(200);
    }
  });

  it('answers malformed URIs with 400 invalid_parameter and a missing one with 400 missing_parameter', async () => {
    for (const [, operation] of uriOperations) {
      const kind = kindOf(operation);
      for (const bad of [
        idOf(exampleOf(kind)),
        `music:${kind}:`,
        `spotify:${kind}:abc`,
        `music:${kind}:a:b`,
        `music:${kind}:a b`,
        'music::x',
      ]) {
        expectError(await get(operation, { uri: bad }), 400, 'invalid_parameter');
      }
      expectError(await get(operation, {}), 400, 'missing_parameter');
    }
  });

  it('answers an unknown URI of the right kind with 404 not_found naming it', async () => {
    for (const [, operation] of uriOperations) {
      const uri = `music:${kindOf(operation)}:zzNoSuchId0`;
      const body = expectError(await get(operation, { uri }), 404, 'not_found');
      expect(body.message).toContain(uri);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// explore
// ---------------------------------------------------------------------------------------------

describe('explore.search', () => {
  /** The documented tiers, from what the response shows: 2 for the exact name, 1 for a name holding every term, 0 else. */
  const scoreOf = (terms: string[], name: string) =>
    words(name).join(' ') === terms.join(' ') ? 2 : terms.every((term) => words(name).includes(term)) ? 1 : 0;

  it('finds songs holding every keyword term in the name or an artist name, best ranked first', async () => {
    const body = await call(explore.search, { keyword: ex.keyword, limit: 100 });
    expect(body.data.length).toBeGreaterThan(20);
    const terms = [...new Set(words(ex.keyword))];
    for (const item of body.data) {
      const song = searchItemSchemas.song.parse(item);
      const text = new Set(words([song.name, ...song.artists.map((a) => a.name)].join(' ')));
      expect(terms.every((t) => text.has(t))).toBe(true);
    }
    expect(sortedDesc(body.data.map((item) => scoreOf(terms, item.name)))).toBe(true);
  });

  it('defaults to 20 songs and pages by offset without overlap', async () => {
    const first = await call(explore.search, { keyword: ex.keyword });
    expect(first.data).toHaveLength(20);
    const all = await call(explore.search, { keyword: ex.keyword, limit: 45 });
    const pages = [];
    for (const offset of [0, 15, 30])
      pages.push(...(await call(explore.search, { keyword: ex.keyword, offset, limit: 15 })).data);
    expect(pages.map((i) => i.uri)).toEqual(all.data.map((i) => i.uri));
    expect(new Set(pages.map((i) => i.uri)).size).toBe(45);
    expect(first.data.map((i) => i.uri)).toEqual(all.data.slice(0, 20).map((i) => i.uri));
  });

  it('every filterBy returns items of its own kind', async () => {
    for (const filterBy of filterByValues) {
      const body = await call(explore.search, { keyword: ex.keyword, filterBy, limit: 50 });
      expect(body.data.length).toBeGreaterThan(0);
      for (const item of body.data) {
        expect(searchItemSchemas[filterBy].safeParse(item).error).toBeUndefined();
        const others = filterByValues.filter((f) => f !== filterBy);
        expect(others.some((f) => searchItemSchemas[f].safeParse(item).success)).toBe(false);
      }
    }
  });

  it('finds each kind by its name: artist, album, playlist, show, profile, genre', async () => {
    const artist = (await call(artists.getOverview, { uri: ex.artistUri })).data;
    const album = (await call(albums.getDetail, { uri: ex.albumUri })).data;
    const playlist = (await call(playlists.getDetail, { uri: ex.playlistUri })).data;
    const show = (await call(podcasts.getDetail, { uri: ex.showUri })).data;
    const user = (await call(users.getProfile, { uri: ex.userUri })).data;
    const cases = [
      ['artist', artist.name, artist.uri],
      ['album', album.name, album.uri],
      ['playlist', playlist.name, playlist.uri],
      ['podcast_show', show.name, show.uri],
      ['profile', user.name, user.uri],
    ] as const;
    for (const [filterBy, name, uri] of cases) {
      const body = await call(explore.search, { keyword: name, filterBy, limit: 100 });
      expect(body.data.map((i) => i.uri)).toContain(uri);
      // an exact name outranks any partial one
      expect(nameKey(body.data[0]!.name)).toBe(nameKey(name));
    }
    if (artist.genres[0]) {
      const genres = await call(explore.search, { keyword: artist.genres[0], filterBy: 'genres_mood' });
      expect(genres.data.map((g) => nameKey(g.name))).toContain(nameKey(artist.genres[0]));
    }
  });

  it('answers a keyword without letters or digits, or with no match, with an empty array', async () => {
    expect((await call(explore.search, { keyword: '!!!' })).data).toEqual([]);
    expect((await call(explore.search, { keyword: 'qqxqzzv' })).data).toEqual([]);
  });

  it('rejects a bad filterBy, offset or a missing keyword', async () => {
    expect(
      expectError(await get(explore.search, { keyword: 'a', filterBy: 'songs' }), 400, 'invalid_parameter').issues?.[0]
        ?.path,
    ).toBe('filterBy');
    expectError(await get(explore.search, { keyword: 'a', filterBy: 'SONG' }), 400, 'invalid_parameter');
    expectError(await get(explore.search, { keyword: 'a', offset: '-1' }), 400, 'invalid_parameter');
    expectError(await get(explore.search, { keyword: 'a', offset: '10001' }), 400, 'invalid_parameter');
    expectError(await get(explore.search, {}), 400, 'missing_parameter');
    expectError(await get(explore.search, { keyword: '' }), 400, 'invalid_parameter');
  });
});

describe('bulk export of an offset-paged listing', () => {
  it('follows offset and limit as far as paging reaches, from the offset given: what walking those pages gives', async () => {
    // "the" matches more songs than paging reaches (offset 10,000 + one page); start near the end to keep it short
    for (const [filterBy, start] of [
      ['song', MAX_OFFSET - 250],
      ['artist', 0],
    ] as const) {
      const walked: unknown[] = [];
      for (let offset = start; offset < MAX_OFFSET + 100; offset += 100) {
        // past the largest offset, the rest of the page that starts there
        const from = Math.min(offset, MAX_OFFSET);
        const page = (await call(explore.search, { keyword: 'the', filterBy, offset: from, limit: 100 })).data.slice(
          offset - from,
        );
        walked.push(...page);
        if (page.length < 100 - (offset - from)) break;
      }
      const res = await get(explore.search, { keyword: 'the', filterBy, offset: start, format: 'ndjson' });
      expect(res.status).toBe(200);
      const lines = res.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
      expect(lines).toEqual(walked);
      if (filterBy === 'song') expect(lines).toHaveLength(350); // 9,750 … 10,099
    }
  });
});

describe('explore.suggestions', () => {
  it('mixes text suggestions (artist names by prefix) and track suggestions, texts first', async () => {
    const artist = (await call(artists.getOverview, { uri: ex.artistUri })).data;
    const prefix = nameKey(artist.name).slice(0, 3);
    const body = await call(explore.suggestions, { keyword: prefix.toUpperCase() });
    const { suggestions } = body.data;
    expect(suggestions.length).toBeGreaterThan(0);
    const texts = suggestions.filter((s) => s.type === 'text');
    const trackItems = suggestions.filter((s) => s.type === 'track');
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.length).toBeLessThanOrEqual(LIST_SIZES.textSuggestions);
    expect(trackItems.length).toBeLessThanOrEqual(LIST_SIZES.trackSuggestions);
    expect(suggestions.map((s) => s.type)).toEqual([...texts.map(() => 'text'), ...trackItems.map(() => 'track')]);
    for (const s of texts) {
      expect(s.suggestion.startsWith(prefix)).toBe(true);
      expect(s.uri).toBe(`music:search:${s.suggestion.split(' ').join('+')}`);
    }
    expect(new Set(texts.map((s) => s.suggestion)).size).toBe(texts.length);
    for (const s of trackItems) expect(nameKey(s.name).startsWith(prefix)).toBe(true);
  });

  it('suggests a track by the start of its name', async () => {
    const track = (await call(tracks.getDetail, { uri: ex.trackUri })).data;
    const prefix = nameKey(track.name);
    const { suggestions } = (await call(explore.suggestions, { keyword: prefix })).data;
    const trackItems = suggestions.filter((s) => s.type === 'track');
    expect(trackItems.length).toBeGreaterThan(0);
    for (const s of trackItems) {
      expect(nameKey(s.name).startsWith(prefix)).toBe(true);
      expect(s).toMatchObject({ uri: expect.stringMatching(/^music:track:/), duration: expect.any(Number) });
    }
  });

  it('answers an unmatched prefix with no suggestions', async () => {
    expect((await call(explore.suggestions, { keyword: 'qqxqzzv' })).data.suggestions).toEqual([]);
    expectError(await get(explore.suggestions, {}), 400, 'missing_parameter');
  });
});

// ---------------------------------------------------------------------------------------------
// artists
// ---------------------------------------------------------------------------------------------

describe('artists', () => {
  const credits = (album: Album, uri: string) => album.artists.some((a) => a.uri === uri);

  it.each([
    ['getAlbums', 'ALBUM'],
    ['getSingles', 'SINGLE'],
    ['getCompilations', 'COMPILATION'],
  ] as const)(
    '%s: releases of type %s crediting the artist, by date both ways, paged without overlap',
    async (method, type) => {
      const operation = artists[method];
      const desc = await call(operation, { uri: ex.artistUri, limit: 100 });
      expect(desc.data.items.length).toBeGreaterThan(0);
      expect(desc.data).toMatchObject({ offset: 0, limit: 100 });
      for (const album of desc.data.items) {
        expect(album.type).toBe(type);
        expect(credits(album, ex.artistUri)).toBe(true);
      }
      const dates = desc.data.items.map((a) => a.date.isoString);
      expect(sortedDesc(dates)).toBe(true);
      const asc = await call(operation, { uri: ex.artistUri, limit: 100, order_by: 'DATE_ASC' });
      expect(sortedAsc(asc.data.items.map((a) => a.date.isoString))).toBe(true);
      expect(new Set(asc.data.items.map((a) => a.id))).toEqual(new Set(desc.data.items.map((a) => a.id)));
      const walked = await walk(operation, { uri: ex.artistUri }, 3);
      expect(walked.total).toBe(desc.data.totalCount);
      expect(walked.items.map((a) => a.id)).toEqual(desc.data.items.map((a) => a.id));
      expectError(await get(operation, { uri: ex.artistUri, order_by: 'NEWEST' }), 400, 'invalid_parameter');
    },
  );

  it('the albums listing is long enough to need several pages (default limit 20)', async () => {
    const first = await call(artists.getAlbums, { uri: ex.artistUri });
    const singles = await call(artists.getSingles, { uri: ex.artistUri });
    expect(first.data.limit).toBe(20);
    expect(first.data.totalCount + singles.data.totalCount).toBeGreaterThan(3);
  });

  it('getOverview: the artist, most played tracks crediting it, the newest release', async () => {
    const { data } = await call(artists.getOverview, { uri: ex.artistUri });
    expect(data.uri).toBe(ex.artistUri);
    expect(data.topTracks.length).toBeGreaterThan(0);
    expect(data.topTracks.length).toBeLessThanOrEqual(LIST_SIZES.topTracks);
    expect(sortedDesc(data.topTracks.map((t) => t.playcount))).toBe(true);
    for (const track of data.topTracks) expect(track.artists.map((a) => a.uri)).toContain(ex.artistUri);
    const newest = await Promise.all(
      [artists.getAlbums, artists.getSingles, artists.getCompilations].map(
        async (op) => (await call(op, { uri: ex.artistUri, limit: 1 })).data.items[0]?.date.isoString ?? '',
      ),
    );
    expect(data.latestRelease!.date.isoString).toBe(newest.sort().at(-1));
  });

  it('getDiscographyOverview: counts and the newest of each kind agree with the listings', async () => {
    const { data } = await call(artists.getDiscographyOverview, { uri: ex.artistUri });
    expect(data.artist.uri).toBe(ex.artistUri);
    const kinds = [
      [artists.getAlbums, data.totalAlbums, data.albums],
      [artists.getSingles, data.totalSingles, data.singles],
      [artists.getCompilations, data.totalCompilations, data.compilations],
    ] as const;
    for (const [operation, total, newest] of kinds) {
      const listing = await call(operation, { uri: ex.artistUri, limit: LIST_SIZES.discographyPerKind });
      expect(total).toBe(listing.data.totalCount);
      expect(newest).toEqual(listing.data.items);
    }
    expect(data.totalCompilations).toBeGreaterThan(0);
  });

  it('getRelated: up to 20 other artists, never the artist itself', async () => {
    const { data } = await call(artists.getRelated, { uri: ex.artistUri });
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.items.length).toBeLessThanOrEqual(LIST_SIZES.related);
    expect(data.items.map((a) => a.uri)).not.toContain(ex.artistUri);
    expect(new Set(data.items.map((a) => a.uri)).size).toBe(data.items.length);
  });

  it('getAppearsOn: releases not crediting the artist, newest first', async () => {
    const { data } = await call(artists.getAppearsOn, { uri: ex.artistUri });
    expect(data.items.length).toBeGreaterThan(0);
    for (const album of data.items) expect(credits(album, ex.artistUri)).toBe(false);
    expect(sortedDesc(data.items.map((a) => a.date.isoString))).toBe(true);
    // each holds a track crediting the artist
    const tracksOf = await call(albums.getTracks, { uri: data.items[0]!.uri });
    expect(tracksOf.data.items.some((t) => t.artists.some((a) => a.uri === ex.artistUri))).toBe(true);
  });

  it('getFeaturing: tracks crediting the artist other than first, most played first', async () => {
    const { data } = await call(artists.getFeaturing, { uri: ex.artistUri });
    expect(data.items.length).toBeGreaterThan(0);
    for (const track of data.items) {
      expect(track.artists[0]!.uri).not.toBe(ex.artistUri);
      expect(track.artists.slice(1).map((a) => a.uri)).toContain(ex.artistUri);
    }
    expect(sortedDesc(data.items.map((t) => t.playcount))).toBe(true);
  });

  it("getPlaylists and getDiscoveredOn: playlists holding the artist's tracks", async () => {
    const built = await call(artists.getPlaylists, { uri: ex.artistUri });
    const discovered = await call(artists.getDiscoveredOn, { uri: ex.artistUri });
    expect(built.data.items.length).toBeGreaterThan(0);
    expect(discovered.data.items.length).toBeGreaterThan(0);
    expect(sortedDesc(discovered.data.items.map((p) => p.followers))).toBe(true);
    expect(built.data.totalCount).toBe(discovered.data.totalCount);
    const tracksOf = await call(playlists.getTracks, { uri: discovered.data.items[0]!.uri });
    expect(tracksOf.data.items.some((t) => t.artists.some((a) => a.uri === ex.artistUri))).toBe(true);
  });

  it('getConcerts: earliest first', async () => {
    const { data } = await call(artists.getConcerts, { uri: ex.artistUri });
    expect(data.items.length).toBeGreaterThan(0);
    expect(sortedAsc(data.items.map((c) => c.date))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// albums, tracks
// ---------------------------------------------------------------------------------------------

describe('albums', () => {
  it('getDetail and getTracks agree; tracks in disc and track order, paged without overlap', async () => {
    const album = (await call(albums.getDetail, { uri: ex.albumUri })).data;
    expect(album.uri).toBe(ex.albumUri);
    const all = await call(albums.getTracks, { uri: ex.albumUri });
    expect(all.data).toMatchObject({ totalCount: album.totalTracks, offset: 0, limit: 300 });
    expect(all.data.items).toHaveLength(album.totalTracks);
    const order = all.data.items.map((t) => t.discNumber * 1000 + t.trackNumber);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const walked = await walk(albums.getTracks, { uri: ex.albumUri }, 2);
    expect(walked.items.map((t) => t.id)).toEqual(all.data.items.map((t) => t.id));
    expectError(await get(albums.getTracks, { uri: ex.albumUri, limit: '301' }), 400, 'invalid_parameter');
  });
});

describe('tracks', () => {
  it('getDetail: the documented shape, the album it is on', async () => {
    const { data } = await call(tracks.getDetail, { uri: ex.trackUri });
    expect(data.uri).toBe(ex.trackUri);
    expect(data.duration.totalMilliseconds).toBeGreaterThan(0);
    const album = (await call(albums.getDetail, { uri: data.album.uri })).data;
    expect(album.type).toBe(data.album.type);
    const onAlbum = await call(albums.getTracks, { uri: data.album.uri });
    expect(onAlbum.data.items.map((t) => t.uri)).toContain(ex.trackUri);
  });

  it('getLyrics: timed lines in order', async () => {
    const { data } = await call(tracks.getLyrics, { uri: ex.trackUri });
    expect(data.track.uri).toBe(ex.trackUri);
    expect(data.lines.length).toBeGreaterThan(0);
    expect(sortedAsc(data.lines.map((l) => l.startTimeMs))).toBe(true);
  });

  it('getLyrics: 404 "track has no lyrics" for a track without any', async () => {
    // the demo's example when it names one, else the first such track of the example playlist
    const candidates = ex.trackWithoutLyricsUri
      ? [{ uri: ex.trackWithoutLyricsUri }]
      : (await call(playlists.getTracks, { uri: ex.playlistUri })).data.items;
    let without: string | undefined;
    for (const track of candidates) {
      const res = await get(tracks.getLyrics, { uri: track.uri });
      if (res.status === 404) {
        without = track.uri;
        expect(expectError(res, 404, 'not_found').message).toContain('track has no lyrics');
        break;
      }
      expect(res.status).toBe(200);
    }
    expect(without).toBeDefined();
    expect((await get(tracks.getDetail, { uri: without! })).status).toBe(200);
  });

  it('getRecommendations: up to limit (default 20) other tracks', async () => {
    const standard = await call(tracks.getRecommendations, { uri: ex.trackUri });
    expect(standard.data.items.length).toBeGreaterThan(0);
    expect(standard.data.items.length).toBeLessThanOrEqual(20);
    expect(standard.data.items.map((t) => t.uri)).not.toContain(ex.trackUri);
    const few = await call(tracks.getRecommendations, { uri: ex.trackUri, limit: 3 });
    expect(few.data.items.map((t) => t.uri)).toEqual(standard.data.items.slice(0, 3).map((t) => t.uri));
    const many = await call(tracks.getRecommendations, { uri: ex.trackUri, limit: 100 });
    expect(many.data.items.slice(0, standard.data.items.length)).toEqual(standard.data.items);
  });
});

describe('tracks.getRecommendations: paging by data.cursor (keyset by rank, an addition beside totalCount and items)', () => {
  /** Follows data.cursor to the end with the page sizes given in turn (the last one repeated). */
  async function walkAll(uri: string, sizes: number[]) {
    const uris: string[] = [];
    const cursors: string[] = [];
    const totals = new Set<number>();
    let cursor = '';
    do {
      const limit = sizes[Math.min(cursors.length, sizes.length - 1)]!;
      const body = await call(tracks.getRecommendations, { uri, limit, ...(cursor ? { cursor } : {}) });
      uris.push(...body.data.items.map((t) => t.uri));
      cursors.push(body.data.cursor);
      totals.add(body.data.totalCount);
      cursor = body.data.cursor;
      if (cursors.length > 200) throw new Error('paging did not end');
    } while (cursor !== '');
    return { uris, cursors, totals };
  }
  /** A track's stored recommendations in rank order (those whose track is stored), straight from the tables. */
  async function ranked(trackId: string) {
    const rows = await service.store.db
      .selectFrom('music_track_recommendations as r')
      .innerJoin('music_tracks as t', 't.id', 'r.recommended_id')
      .select(['r.recommended_id', 'r.rank', 'r.score'])
      .where('r.track_id', '=', trackId)
      .where('r.recommended_id', '<>', trackId)
      .orderBy('r.rank')
      .execute();
    return rows.map((r) => ({ uri: `music:track:${r.recommended_id}`, score: Number(r.score) }));
  }
  /** The URI of the track with the most stored recommendations. */
  let uri: string;
  beforeAll(async () => {
    const top = await service.store.db
      .selectFrom('music_track_recommendations')
      .select((eb) => ['track_id', eb.fn.countAll().as('n')])
      .groupBy('track_id')
      .orderBy('n', 'desc')
      .orderBy('track_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    uri = `music:track:${top.track_id}`;
  });

  it('walking every page gives the whole listing once, in rank order, as one big page does; the last cursor is empty', async () => {
    const whole = await call(tracks.getRecommendations, { uri: uri, limit: 100 });
    expect(whole.data.cursor).toBe('');
    const expected = whole.data.items.map((t) => t.uri);
    expect(expected).toEqual((await ranked(idOf(uri))).map((r) => r.uri));
    expect(expected.length).toBeGreaterThan(3);
    const { uris, cursors, totals } = await walkAll(uri, [3]);
    expect(uris).toEqual(expected);
    expect(cursors).toHaveLength(Math.ceil(expected.length / 3));
    expect(cursors.slice(0, -1).every((c) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(c))).toBe(true);
    expect(cursors.at(-1)).toBe('');
    expect([...totals]).toEqual([whole.data.totalCount]);
    // the page size may change between pages; an empty cursor is none
    expect((await walkAll(uri, [1, 50, 2])).uris).toEqual(expected);
    expect(await call(tracks.getRecommendations, { uri: uri, cursor: '' })).toEqual(
      await call(tracks.getRecommendations, { uri: uri }),
    );
  });

  it('pages once through recommendations of equal score (told apart by their stored rank)', async () => {
    const tied = await service.store.db
      .selectFrom('music_track_recommendations')
      .select('track_id')
      .groupBy(['track_id', 'score'])
      .having((eb) => eb.fn.countAll(), '>', 2)
      .orderBy('track_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const expected = await ranked(tied.track_id);
    expect(new Set(expected.map((r) => r.score)).size).toBeLessThan(expected.length);
    for (const sizes of [[1], [2], [3, 1]])
      expect((await walkAll(`music:track:${tied.track_id}`, sizes)).uris).toEqual(expected.map((r) => r.uri));
  });

  it('refuses a cursor of another track, tampered with or made up: 400 invalid_cursor', async () => {
    const first = await call(tracks.getRecommendations, { uri: uri, limit: 2 });
    const { cursor } = first.data;
    const other = await service.store.db
      .selectFrom('music_track_recommendations')
      .select('track_id')
      .where('track_id', '<>', idOf(uri))
      .executeTakeFirstOrThrow();
    const [payload, signature] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ rank: 0 })).toString('base64url');
    for (const [target, bad] of [
      [`music:track:${other.track_id}`, cursor],
      [uri, `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`],
      [uri, `${forged}.${signature}`],
      [uri, 'garbage'],
    ]) {
      const body = expectError(
        await get(tracks.getRecommendations, { uri: target!, cursor: bad! }),
        400,
        'invalid_cursor',
      );
      expect(body.message).toBe('the paging token is invalid or belongs to another query');
    }
    // (control) the cursor on its own track goes on where the page ended, whatever the limit
    const whole = await call(tracks.getRecommendations, { uri: uri, limit: 100 });
    const next = await call(tracks.getRecommendations, { uri: uri, limit: 1, cursor });
    expect(next.data.items).toEqual(whole.data.items.slice(2, 3));
  });

  it('bulk export follows the cursor: every recommendation once, in rank order', async () => {
    const whole = await call(tracks.getRecommendations, { uri: uri, limit: 100 });
    const res = await get(tracks.getRecommendations, { uri: uri, limit: 1, format: 'ndjson' });
    expect(res.status).toBe(200);
    const lines = res.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { uri: string });
    expect(lines).toEqual(whole.data.items);
  });
});

// ---------------------------------------------------------------------------------------------
// playlists, podcasts, users
// ---------------------------------------------------------------------------------------------

describe('playlists', () => {
  it('getDetail and getTracks agree; paged without overlap', async () => {
    const playlist = (await call(playlists.getDetail, { uri: ex.playlistUri })).data;
    expect(playlist.uri).toBe(ex.playlistUri);
    const all = await call(playlists.getTracks, { uri: ex.playlistUri });
    expect(all.data).toMatchObject({ totalCount: playlist.totalTracks, limit: 300 });
    expect(all.data.items.length).toBe(Math.min(300, playlist.totalTracks));
    const walked = await walk(playlists.getTracks, { uri: ex.playlistUri }, 7);
    expect(walked.items.map((t) => t.id)).toEqual(all.data.items.map((t) => t.id));
    const owner = (await call(users.getProfile, { uri: playlist.owner.uri })).data;
    expect(owner.name).toBe(playlist.owner.name);
  });
});

describe('podcasts', () => {
  it('getDetail and getEpisodes agree; newest first, default limit 50, paged without overlap', async () => {
    const show = (await call(podcasts.getDetail, { uri: ex.showUri })).data;
    expect(show.uri).toBe(ex.showUri);
    const first = await call(podcasts.getEpisodes, { uri: ex.showUri });
    expect(first.data).toMatchObject({ totalCount: show.totalEpisodes, offset: 0, limit: 50 });
    expect(first.data.items.length).toBe(Math.min(50, show.totalEpisodes));
    const all = await call(podcasts.getEpisodes, { uri: ex.showUri, limit: 300 });
    expect(sortedDesc(all.data.items.map((e) => e.releaseDate.isoString))).toBe(true);
    const walked = await walk(podcasts.getEpisodes, { uri: ex.showUri }, 4);
    expect(walked.items.map((e) => e.id)).toEqual(all.data.items.map((e) => e.id));
    for (const bad of ['0', '301'])
      expectError(await get(podcasts.getEpisodes, { uri: ex.showUri, limit: bad }), 400, 'invalid_parameter');
  });
});

describe('users', () => {
  it('getProfile counts agree with getFollowers and getFollowing; the lists never hold the user', async () => {
    const profile = (await call(users.getProfile, { uri: ex.userUri })).data;
    expect(profile.uri).toBe(ex.userUri);
    const followers = (await call(users.getFollowers, { uri: ex.userUri })).data;
    const following = (await call(users.getFollowing, { uri: ex.userUri })).data;
    expect(followers.totalCount).toBe(profile.followersCount);
    expect(following.totalCount).toBe(profile.followingCount);
    expect(followers.items.length).toBe(Math.min(LIST_SIZES.follows, followers.totalCount));
    expect(following.items.length).toBeGreaterThan(0);
    for (const list of [followers, following]) {
      expect(list.items.map((u) => u.uri)).not.toContain(ex.userUri);
      expect(new Set(list.items.map((u) => u.uri)).size).toBe(list.items.length);
    }
    expect(profile.publicPlaylists.length).toBe(Math.min(LIST_SIZES.profilePlaylists, profile.totalPublicPlaylists));
    for (const playlist of profile.publicPlaylists) expect(playlist.owner.uri).toBe(ex.userUri);
    expect(sortedDesc(profile.publicPlaylists.map((p) => p.followers))).toBe(true);
  });

  it("a follower's following list holds the user", async () => {
    const followers = (await call(users.getFollowers, { uri: ex.userUri })).data;
    const follower = followers.items[0]!;
    const theirs = await call(users.getFollowing, { uri: follower.uri });
    if (theirs.data.totalCount <= LIST_SIZES.follows) expect(theirs.data.items.map((u) => u.uri)).toContain(ex.userUri);
  });
});

// ---------------------------------------------------------------------------------------------
// Batch lookup (an extension)
// ---------------------------------------------------------------------------------------------

describe('GET /api/v1/music/tracks (tracks.getMany)', () => {
  const someTrackIds = async (n: number) =>
    (await service.store.db.selectFrom('music_tracks').select('id').orderBy('id').limit(n).execute()).map(
      (row) => row.id,
    );

  it('does not collide with /track/… routes', () => {
    expect(tracks.getMany.path).toBe('/api/v1/music/tracks');
    expect(Object.values(musicOperations).filter((op) => op.path === tracks.getMany.path)).toHaveLength(1);
  });

  it('answers the tracks found in request order, repeats once, notFound in request order', async () => {
    const [a, b, c] = await someTrackIds(3);
    const body = await call(tracks.getMany, { ids: `${c},nope1,${a},${c},nope2,${b},nope1` });
    expect(body.data.tracks.map((t) => t.id)).toEqual([c, a, b]);
    expect(body.data.notFound).toEqual(['nope1', 'nope2']);
    expect(body).toMatchObject({ message: 'Request successful', statusCode: 200 });
  });

  it('each track equals what tracks.getDetail answers for it', async () => {
    const ids = await someTrackIds(5);
    const body = await call(tracks.getMany, { ids: ids.join(',') });
    for (const [i, id] of ids.entries())
      expect(body.data.tracks[i]).toEqual((await call(tracks.getDetail, { uri: `music:track:${id}` })).data);
  });

  it('takes music:track URIs too: an id and its URI are one track; notFound keeps the form given', async () => {
    const [a, b] = await someTrackIds(2);
    const body = await call(tracks.getMany, {
      ids: `music:track:${a},${b},${a},music:track:zzNoSuchTrack,zzNoSuchTrack`,
    });
    expect(body.data.tracks.map((t) => t.id)).toEqual([a, b]);
    expect(body.data.notFound).toEqual(['music:track:zzNoSuchTrack']);
  });

  it('a catalog URI of another kind → 400 invalid_parameter naming ids; malformed values are ids that are not found', async () => {
    const refused = expectError(
      await get(tracks.getMany, { ids: `${ex.trackUri},${ex.albumUri}` }),
      400,
      'invalid_parameter',
    );
    expect(refused.issues?.[0]?.path).toBe('ids');
    expect(refused.message).toContain(ex.albumUri);
    const body = await call(tracks.getMany, { ids: 'music:track:bad id!,music:nope:x,nope' });
    expect(body.data).toEqual({ tracks: [], notFound: ['music:track:bad id!', 'music:nope:x', 'nope'] });
  });

  it('takes 100 ids; 101, an empty entry or none → 400', async () => {
    const hundred = await someTrackIds(100);
    const body = await call(tracks.getMany, { ids: hundred.join(',') });
    expect(body.data.tracks.map((t) => t.id)).toEqual(hundred);
    expect(body.data.notFound).toEqual([]);
    for (const ids of [[...hundred, 'one-more'].join(','), '', ',', `${hundred[0]},`, 'x'.repeat(101)]) {
      expect(expectError(await get(tracks.getMany, { ids }), 400, 'invalid_parameter').issues?.[0]?.path).toBe('ids');
    }
    expectError(await get(tracks.getMany, {}), 400, 'missing_parameter');
  });

  it('fields trims each track and keeps notFound', async () => {
    const [a] = await someTrackIds(1);
    const res = await get(tracks.getMany, { ids: `${a},nope`, fields: 'id,album.name' });
    expect(res.status).toBe(200);
    const detail = (await call(tracks.getDetail, { uri: `music:track:${a}` })).data;
    expect(res.body.data).toEqual({ tracks: [{ id: a, album: { name: detail.album.name } }], notFound: ['nope'] });
  });
});
