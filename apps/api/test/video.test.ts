import { ErrorBody, parseSearchQuery, queryHolds } from '@socialquery/core';
import { planSearch } from '@socialquery/core/server';
import {
  type ChannelVideo,
  channelVideos,
  ChannelVideosResponse,
  type Format,
  relatedVideos,
  RelatedResponse,
  search,
  SearchResponse,
  streamingData,
  StreamingResponse,
  topShortSongs,
  TrendingResponse,
  UPLOAD_WINDOW_MS,
  type UploadDate,
  uploadDates,
  videosByIds,
  VideosByIdsResponse,
} from '@socialquery/video';
import request from 'supertest';
import { NOW, startTestService, type TestService } from './harness.js';
import { describeOperationRules } from './operation-rules.case.js';

let service: TestService;
let keyword: string;
let videoId: string;
let channelId: string;

beforeAll(async () => {
  service = await startTestService();
  ({ keyword, videoId, channelId } = (await service.store.examples()).video!);
});
afterAll(() => service.close());

const get = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(path).query(query).set('X-API-Key', service.apiKey);

function expectError(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: status, code });
}

// ---------------------------------------------------------------------------------------------
// Ground truth from the store's tables
// ---------------------------------------------------------------------------------------------

interface Row {
  id: string;
  num: number;
  title: string;
  channel_name: string;
  channel_id: string;
  views: number;
  duration: number;
  published_at: number;
  type: string;
  blocked_regions: string;
}

/** The demo's videos, read once: no test of this suite writes to the store. */
let videos: Promise<Row[]> | undefined;
function allVideos(): Promise<Row[]> {
  videos ??= service.store.db
    .selectFrom('video_videos')
    .selectAll()
    .execute()
    .then((rows) =>
      rows.map((r) => ({
        ...r,
        num: Number(r.num),
        views: Number(r.views),
        duration: Number(r.duration),
        published_at: Number(r.published_at),
      })),
    );
  return videos;
}
const tokens = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A video's title and channel-name words, split once (the whole demo's, for every search checked). */
const wordsByVideo = new WeakMap<Row, { title: Set<string>; channel: Set<string> }>();
function wordsOf(video: Row) {
  let found = wordsByVideo.get(video);
  if (!found)
    wordsByVideo.set(
      video,
      (found = { title: new Set(tokens(video.title)), channel: new Set(tokens(video.channel_name)) }),
    );
  return found;
}

/**
 * The videos a search must return, in rank order: every term a whole word of the title or channel
 * name, of the type, in the window, available in the region; those whose title holds every term
 * first, then by views and num, both descending. The window: the uploadDate window ending now, or
 * (none given) the whole archive up to now; either narrowed to strictly after `after` and before
 * `before` (epoch ms).
 */
async function expectedMatches(query: {
  keyword: string;
  uploadDate: UploadDate | undefined;
  after?: number;
  before?: number;
  type?: string;
  geoCode?: string;
}): Promise<Row[]> {
  const terms = tokens(query.keyword);
  const since = query.uploadDate ? NOW.getTime() - UPLOAD_WINDOW_MS[query.uploadDate] : -Infinity;
  const inTitle = (v: Row) => (terms.every((t) => wordsOf(v).title.has(t)) ? 1 : 0);
  return (await allVideos())
    .filter((v) => {
      const words = wordsOf(v);
      return (
        terms.every((t) => words.title.has(t) || words.channel.has(t)) &&
        v.type === (query.type ?? 'VIDEO') &&
        v.published_at >= since &&
        v.published_at <= NOW.getTime() &&
        v.published_at > (query.after ?? -Infinity) &&
        v.published_at < (query.before ?? Infinity) &&
        !v.blocked_regions.includes(`,${query.geoCode ?? 'US'},`)
      );
    })
    .sort((a, b) => inTitle(b) - inTitle(a) || b.views - a.views || b.num - a.num);
}

/** A first page's total: the count, or (a broad search) an estimate within a fifth of it. */
function expectTotalOf(total: number, count: number) {
  expect(Math.abs(total - count)).toBeLessThanOrEqual(count * 0.2);
}

/** Every page of a search: the ids, the first page's total, the last page's (the count), the pages. */
async function walkSearch(query: Record<string, string>) {
  const ids: string[] = [];
  let token = '';
  let pages = 0;
  let first = -1;
  let total: number;
  do {
    const res = await get(search.path, { ...query, ...(token ? { paginationToken: token } : {}) });
    expect(res.status).toBe(200);
    const body = SearchResponse.parse(res.body);
    expect(body.data.contents.length).toBeLessThanOrEqual(20);
    if (body.pagination.hasMore) expect(body.data.contents).toHaveLength(20);
    ids.push(...body.data.contents.map((c) => c.videoId));
    // every page but the last answers the first page's total (raised, if it was estimated short, to
    // what has been answered and one more); the last one the count
    if (first >= 0 && body.pagination.hasMore) expect(body.pagination.total).toBe(Math.max(first, ids.length + 1));
    if (first < 0) first = body.pagination.total;
    total = body.pagination.total;
    expect(body.pagination.hasMore).toBe(body.pagination.paginationToken !== '');
    token = body.pagination.paginationToken;
    pages++;
  } while (token && pages < 200);
  return { ids, first, total, pages };
}

// ---------------------------------------------------------------------------------------------
// Shared rules
// ---------------------------------------------------------------------------------------------

describeOperationRules(
  search,
  () => service,
  () => ({ path: {}, query: { keyword, uploadDate: 'THIS_YEAR' } }),
);
describeOperationRules(
  topShortSongs,
  () => service,
  () => ({ path: {}, query: {} }),
);
describeOperationRules(
  relatedVideos,
  () => service,
  () => ({ path: {}, query: { videoId } }),
);
describeOperationRules(
  streamingData,
  () => service,
  () => ({ path: {}, query: { videoId } }),
);
describeOperationRules(
  videosByIds,
  () => service,
  () => ({ path: {}, query: { ids: `${videoId},nosuchvideo` } }),
);
describeOperationRules(
  channelVideos,
  () => service,
  () => ({ path: {}, query: { channelId } }),
);

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

describe('search', () => {
  it('the example keyword has several pages this year', async () => {
    expect((await expectedMatches({ keyword, uploadDate: 'THIS_YEAR' })).length).toBeGreaterThan(60);
  });

  it('walks every match exactly once, in rank order, 20 a page; the total is close on the first page, the count on the last', async () => {
    const expected = await expectedMatches({ keyword, uploadDate: 'THIS_YEAR' });
    const { ids, first, total, pages } = await walkSearch({ keyword, uploadDate: 'THIS_YEAR' });
    expect(ids).toEqual(expected.map((v) => v.id));
    expect(pages).toBe(Math.ceil(expected.length / 20));
    expectTotalOf(first, expected.length);
    expect(total).toBe(expected.length);
  });

  it.each(uploadDates)('uploadDate %s keeps the window ending now', async (uploadDate) => {
    const expected = await expectedMatches({ keyword, uploadDate });
    const res = await get(search.path, { keyword, uploadDate });
    const body = SearchResponse.parse(res.body);
    expectTotalOf(body.pagination.total, expected.length);
    expect(body.data.contents.map((item) => item.videoId)).toEqual(expected.slice(0, 20).map((v) => v.id));
  });

  it('defaults to 1_HOUR_AGO, VIDEO, US, en', async () => {
    const general = 'recipe guitar workout'.split(' ');
    let found = 0;
    for (const word of general) {
      const expected = await expectedMatches({ keyword: word, uploadDate: '1_HOUR_AGO' });
      const body = SearchResponse.parse((await get(search.path, { keyword: word })).body);
      expect(body.pagination.total).toBe(expected.length);
      expect(body.data.contents.map((item) => item.videoId)).toEqual(expected.slice(0, 20).map((v) => v.id));
      found += expected.length;
    }
    expect(found).toBeGreaterThan(0);
  });

  it('geoCode leaves out videos blocked in that region', async () => {
    const us = await expectedMatches({ keyword, uploadDate: 'THIS_YEAR', geoCode: 'US' });
    const de = await expectedMatches({ keyword, uploadDate: 'THIS_YEAR', geoCode: 'DE' });
    expect(de.length).not.toBe(us.length);
    const { ids, total } = await walkSearch({ keyword, uploadDate: 'THIS_YEAR', geoCode: 'DE' });
    expect(total).toBe(de.length);
    expect(ids).toEqual(de.map((v) => v.id));
  });

  it('type MOVIE returns movies only', async () => {
    const expected = await expectedMatches({ keyword: 'full movie', uploadDate: 'THIS_YEAR', type: 'MOVIE' });
    expect(expected.length).toBeGreaterThan(0);
    const { ids, total } = await walkSearch({ keyword: 'full movie', uploadDate: 'THIS_YEAR', type: 'MOVIE' });
    expect(total).toBe(expected.length);
    expect(ids).toEqual(expected.map((v) => v.id));
    const videos = await walkSearch({ keyword: 'movie', uploadDate: 'THIS_YEAR', type: 'VIDEO' });
    expect(videos.total).toBe(
      (await expectedMatches({ keyword: 'movie', uploadDate: 'THIS_YEAR', type: 'VIDEO' })).length,
    );
  });

  it('requires every term: a two-term query returns only videos with both', async () => {
    const query = `${keyword} chicken`;
    const expected = await expectedMatches({ keyword: query, uploadDate: 'THIS_YEAR' });
    expect(expected.length).toBeGreaterThan(0);
    const { ids } = await walkSearch({ keyword: query, uploadDate: 'THIS_YEAR' });
    expect(ids).toEqual(expected.map((v) => v.id));
  });

  it('matches whole words only, and ranks a title holding every term above a match through the channel name', async () => {
    const prefix = keyword.slice(0, -1);
    expect((await expectedMatches({ keyword: prefix, uploadDate: 'THIS_YEAR' })).length).toBe(0);
    const none = SearchResponse.parse((await get(search.path, { keyword: prefix, uploadDate: 'THIS_YEAR' })).body);
    expect(none.pagination.total).toBe(0);
    // a channel-name word beside a title word: both tiers, title matches first
    const row = (await allVideos()).find((v) => tokens(v.title).includes(keyword))!;
    const mixed = `${keyword} ${tokens(row.channel_name)[0]}`;
    const expected = await expectedMatches({ keyword: mixed, uploadDate: 'THIS_YEAR' });
    const { ids } = await walkSearch({ keyword: mixed, uploadDate: 'THIS_YEAR' });
    expect(ids).toEqual(expected.map((v) => v.id));
  });

  it('localises publishedTimeText (en, de) and formats duration', async () => {
    const rows = new Map((await allVideos()).map((v) => [v.id, v]));
    for (const language of ['en', 'de'] as const) {
      const body = SearchResponse.parse((await get(search.path, { keyword, uploadDate: 'THIS_YEAR', language })).body);
      for (const item of body.data.contents) {
        const row = rows.get(item.videoId)!;
        const age = NOW.getTime() - row.published_at;
        const units: [Intl.RelativeTimeFormatUnit, number][] = [
          ['year', 365 * 86_400_000],
          ['month', 30 * 86_400_000],
          ['week', 7 * 86_400_000],
          ['day', 86_400_000],
          ['hour', 3_600_000],
          ['minute', 60_000],
        ];
        const [unit, ms] = units.find(([, m]) => age >= m) ?? ['second', 1000];
        expect(item.publishedTimeText).toBe(
          new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(-Math.floor(age / ms), unit),
        );
        expect(item.publishedTimeText).toMatch(language === 'en' ? / ago$/ : /^vor /);
        const s = row.duration;
        const mmss = `${Math.floor((s % 3600) / 60)}:${String(s % 60).padStart(2, '0')}`;
        expect(item.duration).toBe(s >= 3600 ? `${Math.floor(s / 3600)}:${mmss.padStart(5, '0')}` : mmss);
        expect(item.duration).toMatch(/^(\d+:[0-5]\d:[0-5]\d|[0-5]?\d:[0-5]\d)$/);
        expect(item.title).toBe(row.title);
        expect(item.channelId).toBe(row.channel_id);
        expect(item.views).toBe(row.views);
      }
    }
    const de = SearchResponse.parse(
      (await get(search.path, { keyword, uploadDate: 'THIS_YEAR', language: 'de' })).body,
    );
    const en = SearchResponse.parse((await get(search.path, { keyword, uploadDate: 'THIS_YEAR' })).body);
    expect(de.data.contents.map((c) => c.videoId)).toEqual(en.data.contents.map((c) => c.videoId));
  });

  it('refinements are narrower queries drawn from the result titles', async () => {
    const body = SearchResponse.parse((await get(search.path, { keyword, uploadDate: 'THIS_YEAR' })).body);
    expect(body.data.refinements.length).toBeGreaterThan(0);
    for (const refinement of body.data.refinements) {
      expect(refinement.startsWith(`${keyword} `)).toBe(true);
      const term = refinement.slice(keyword.length + 1);
      expect(body.data.contents.some((c) => tokens(c.title).includes(term))).toBe(true);
    }
  });

  it('an unmatched keyword is an empty page, not an error', async () => {
    const body = SearchResponse.parse(
      (await get(search.path, { keyword: 'zzqxnotaword', uploadDate: 'THIS_YEAR' })).body,
    );
    expect(body.data.contents).toEqual([]);
    expect(body.pagination).toEqual({ total: 0, hasMore: false, paginationToken: '' });
  });

  it('rejects tampered, garbage and foreign tokens: 400 invalid_cursor', async () => {
    const first = SearchResponse.parse((await get(search.path, { keyword, uploadDate: 'THIS_YEAR' })).body);
    const token = first.pagination.paginationToken;
    expect(token).not.toBe('');
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    expectError(
      await get(search.path, { keyword, uploadDate: 'THIS_YEAR', paginationToken: tampered }),
      400,
      'invalid_cursor',
    );
    expectError(
      await get(search.path, { keyword, uploadDate: 'THIS_YEAR', paginationToken: 'garbage' }),
      400,
      'invalid_cursor',
    );
    expectError(
      await get(search.path, { keyword: 'workout', uploadDate: 'THIS_YEAR', paginationToken: token }),
      400,
      'invalid_cursor',
    );
    expectError(
      await get(search.path, { keyword, uploadDate: 'THIS_MONTH', paginationToken: token }),
      400,
      'invalid_cursor',
    );
    expectError(
      await get(search.path, { keyword, uploadDate: 'THIS_YEAR', geoCode: 'DE', paginationToken: token }),
      400,
      'invalid_cursor',
    );
    // the language only changes texts: the token still fits
    expect(
      (await get(search.path, { keyword, uploadDate: 'THIS_YEAR', language: 'de', paginationToken: token })).status,
    ).toBe(200);
  });

  it.each([
    [{}, 'missing_parameter'],
    [{ keyword: '' }, 'invalid_parameter'],
    [{ keyword: 'x', uploadDate: 'LAST_DECADE' }, 'invalid_parameter'],
    [{ keyword: 'x', type: 'SHORT' }, 'invalid_parameter'],
    [{ keyword: 'x', geoCode: 'XX' }, 'invalid_parameter'],
    [{ keyword: 'x', language: 'klingon' }, 'invalid_parameter'],
    [{ keyword: 'x', uploadDate: 'this_year' }, 'invalid_parameter'],
  ])('rejects %j: 400 %s', async (query, code) => {
    expectError(await get(search.path, query), 400, code);
  });
});

describe('search: the query language (docs/query-language.md)', () => {
  /** What a keyword in the language must find this year: the videos it holds for, ranked as a search ranks. */
  async function expectedFor(keyword: string): Promise<string[]> {
    const query = parseSearchQuery(keyword, { fields: ['title', 'channel'] });
    const all = await allVideos();
    const vocabulary = [...new Set(all.flatMap((v) => [...wordsOf(v).title, ...wordsOf(v).channel]))].sort();
    const plan = await planSearch(query, async (prefix, limit) =>
      vocabulary.filter((word) => word.startsWith(prefix)).slice(0, limit),
    );
    // relevance: a title holding every word of one of the query's word sets first
    const tier = (v: Row) => (plan.branches.some((set) => set.every((w) => wordsOf(v).title.has(w))) ? 1 : 0);
    const since = NOW.getTime() - UPLOAD_WINDOW_MS.THIS_YEAR;
    return all
      .filter(
        (v) =>
          queryHolds(query, { title: tokens(v.title), channel: tokens(v.channel_name) }) &&
          v.type === 'VIDEO' &&
          v.published_at >= since &&
          v.published_at <= NOW.getTime() &&
          !v.blocked_regions.includes(',US,'),
      )
      .sort((a, b) => tier(b) - tier(a) || b.views - a.views || b.num - a.num)
      .map((v) => v.id);
  }

  /** Every page of a search this year (a page may hold fewer than 20 when results are checked on their text). */
  async function walk(keyword: string) {
    const ids: string[] = [];
    let token = '';
    let total: number;
    do {
      const res = await get(search.path, {
        keyword,
        uploadDate: 'THIS_YEAR',
        ...(token ? { paginationToken: token } : {}),
      });
      expect(res.status).toBe(200);
      const body = SearchResponse.parse(res.body);
      expect(body.data.contents.length).toBeLessThanOrEqual(20);
      ids.push(...body.data.contents.map((c) => c.videoId));
      total = body.pagination.total;
      token = body.pagination.paginationToken;
    } while (token);
    return { ids, total };
  }

  it('phrases, OR, prefixes, exclusions and title:/channel: terms: every match once, in rank order', async () => {
    const all = await allVideos();
    const titled = all.find((v) => wordsOf(v).title.has(keyword) && tokens(v.title).length >= 3)!;
    const [first, second] = tokens(titled.title);
    const channelWord = tokens(titled.channel_name)[0]!;
    const words = [...new Set(all.flatMap((v) => tokens(v.title)))];
    const prefix = [...new Set(words.map((w) => w.slice(0, 3)))].find((p) => {
      const n = words.filter((w) => w.startsWith(p)).length;
      return p.length === 3 && n >= 3 && n <= 20;
    })!;
    for (const q of [
      `${keyword} OR guitar`,
      `"${first} ${second}"`,
      `${keyword} -${second}`,
      `title:${keyword}`,
      `channel:${channelWord}`,
      `${prefix}*`,
      `-title:${keyword} ${keyword} OR ${first}`,
    ]) {
      const expected = await expectedFor(q);
      expect({ q, found: expected.length > 0 }).toEqual({ q, found: true });
      const { ids, total } = await walk(q);
      expect({ q, ids }).toEqual({ q, ids: expected });
      expect({ q, total }).toEqual({ q, total: expected.length });
    }
  });

  it('refuses a malformed keyword with the fault and its character; a keyword of no word is an empty page', async () => {
    const res = await get(search.path, { keyword: 'pasta "open' });
    expectError(res, 400, 'invalid_parameter');
    expect(ErrorBody.parse(res.body)).toMatchObject({
      message: 'keyword is not a valid query: this quote is not closed (at character 7)',
      issues: [{ path: 'keyword' }],
    });
    const empty = SearchResponse.parse((await get(search.path, { keyword: '"?!"' })).body);
    expect(empty.data.contents).toEqual([]);
  });
});

describe('search: after and before (exclusive bounds on the publish time, an extension)', () => {
  it('walks exactly the matches published strictly inside the window, within uploadDate; the token keeps the window', async () => {
    const matches = (await expectedMatches({ keyword, uploadDate: 'THIS_YEAR' })).sort(
      (a, b) => b.published_at - a.published_at,
    );
    const [upper, lower] = [matches[3]!, matches[matches.length - 4]!];
    const inside = matches.filter((v) => v.published_at > lower.published_at && v.published_at < upper.published_at);
    expect(inside.length).toBeGreaterThan(40);
    const window = {
      after: new Date(lower.published_at).toISOString(),
      before: new Date(upper.published_at).toISOString(),
    };
    const { ids, total } = await walkSearch({ keyword, uploadDate: 'THIS_YEAR', ...window });
    expect(total).toBe(inside.length);
    expect([...ids].sort()).toEqual(inside.map((v) => v.id).sort());
    expect(ids).not.toContain(upper.id);
    expect(ids).not.toContain(lower.id);
    // the ranking is the one without a window, restricted to it
    const { ids: unwindowed } = await walkSearch({ keyword, uploadDate: 'THIS_YEAR' });
    const kept = new Set(ids);
    expect(ids).toEqual(unwindowed.filter((id) => kept.has(id)));
  });

  it('narrows uploadDate, never widens it; the token is refused with another window', async () => {
    const month = await expectedMatches({ keyword, uploadDate: 'THIS_MONTH' });
    const wide = await get(search.path, { keyword, uploadDate: 'THIS_MONTH', after: '2000-01-01' });
    expect(SearchResponse.parse(wide.body).data.contents.map((c) => c.videoId)).toEqual(
      month.slice(0, 20).map((v) => v.id),
    );
    const first = SearchResponse.parse(
      (await get(search.path, { keyword, uploadDate: 'THIS_YEAR', after: '2000-01-01' })).body,
    );
    expect(first.pagination.hasMore).toBe(true);
    const token = first.pagination.paginationToken;
    expect(
      (await get(search.path, { keyword, uploadDate: 'THIS_YEAR', after: '946684800', paginationToken: token })).status,
    ).toBe(200);
    for (const other of [{}, { after: '2000-01-02' }, { after: '2000-01-01', before: '9999-01-01' }] as Record<
      string,
      string
    >[]) {
      expectError(
        await get(search.path, { keyword, uploadDate: 'THIS_YEAR', ...other, paginationToken: token }),
        400,
        'invalid_cursor',
      );
    }
  });

  it('trending and related take no time window: unknown parameters there', async () => {
    expectError(await get(topShortSongs.path, { after: '2024-05-01' }), 400, 'unknown_parameter');
    expectError(await get(relatedVideos.path, { videoId, before: '2024-05-01' }), 400, 'unknown_parameter');
  });
});

describe('search: after/before without uploadDate (a window over the whole archive, an extension)', () => {
  /** Before every uploadDate window: THIS_YEAR starts on 2025-06-15 at NOW. */
  const past = '2025-06-01';
  const pastMs = Date.parse(past);

  it('before alone finds the old matches, exactly, in rank order, every one once; THIS_YEAR and the default find none of them', async () => {
    const expected = await expectedMatches({ keyword, uploadDate: undefined, before: pastMs });
    expect(expected.length).toBeGreaterThan(40);
    const { ids, first, total, pages } = await walkSearch({ keyword, before: past });
    expect(ids).toEqual(expected.map((v) => v.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages).toBe(Math.ceil(expected.length / 20));
    expectTotalOf(first, expected.length);
    expect(total).toBe(expected.length);
    // the published moments, from the store: strictly before `before`
    const published = new Map((await allVideos()).map((v) => [v.id, v.published_at]));
    expect(ids.every((id) => published.get(id)! < pastMs)).toBe(true);
    // with uploadDate, before narrows its window as it always did: nothing is left of the widest one
    const year = SearchResponse.parse(
      (await get(search.path, { keyword, uploadDate: 'THIS_YEAR', before: past })).body,
    );
    expect(year.data.contents).toEqual([]);
    expect(year.pagination).toEqual({ total: 0, hasMore: false, paginationToken: '' });
    const { ids: thisYear } = await walkSearch({ keyword, uploadDate: 'THIS_YEAR' });
    const recent = SearchResponse.parse((await get(search.path, { keyword })).body).data.contents;
    const found = new Set(ids);
    expect([...thisYear, ...recent.map((c) => c.videoId)].filter((id) => found.has(id))).toEqual([]);
  });

  it('after and before: the matches published strictly between them, ranked as the ordinary search ranks them', async () => {
    const old = (await expectedMatches({ keyword, uploadDate: undefined, before: pastMs })).sort(
      (a, b) => b.published_at - a.published_at,
    );
    const [upper, lower] = [old[2]!, old[old.length - 3]!];
    const window = { after: new Date(lower.published_at).toISOString(), before: String(upper.published_at / 1000) };
    const expected = await expectedMatches({
      keyword,
      uploadDate: undefined,
      after: lower.published_at,
      before: upper.published_at,
    });
    expect(expected.length).toBeGreaterThan(20);
    const { ids, total } = await walkSearch({ keyword, ...window });
    expect(total).toBe(expected.length);
    expect(ids).toEqual(expected.map((v) => v.id));
    expect(ids).not.toContain(upper.id);
    expect(ids).not.toContain(lower.id);
    // after alone reaches to now: within this year, the THIS_YEAR walk restricted to the window, in its order
    const since = NOW.getTime() - 200 * 86_400_000;
    const { ids: recent } = await walkSearch({ keyword, after: new Date(since).toISOString() });
    const { ids: thisYear } = await walkSearch({ keyword, uploadDate: 'THIS_YEAR' });
    const published = new Map((await allVideos()).map((v) => [v.id, v.published_at]));
    expect(recent.length).toBeGreaterThan(20);
    expect(recent).toEqual(thisYear.filter((id) => published.get(id)! > since));
  });

  it('a token of a whole-archive walk is refused with an uploadDate, and one of an uploadDate walk without it: 400 invalid_cursor', async () => {
    const archive = SearchResponse.parse((await get(search.path, { keyword, before: past })).body);
    const token = archive.pagination.paginationToken;
    expect(token).not.toBe('');
    for (const uploadDate of uploadDates)
      expectError(
        await get(search.path, { keyword, uploadDate, before: past, paginationToken: token }),
        400,
        'invalid_cursor',
      );
    expectError(await get(search.path, { keyword, paginationToken: token }), 400, 'invalid_cursor');
    // the same window spelled otherwise fits
    const second = await get(search.path, { keyword, before: String(pastMs / 1000), paginationToken: token });
    expect(second.status).toBe(200);
    expect(SearchResponse.parse(second.body).data.contents).toHaveLength(20);

    const before = new Date(NOW.getTime() - 30 * 86_400_000).toISOString();
    const year = SearchResponse.parse((await get(search.path, { keyword, uploadDate: 'THIS_YEAR', before })).body);
    expect(year.pagination.hasMore).toBe(true);
    expectError(
      await get(search.path, { keyword, before, paginationToken: year.pagination.paginationToken }),
      400,
      'invalid_cursor',
    );
  });

  it('with uploadDate, before still narrows its window; without either, the default hour is unchanged', async () => {
    const before = NOW.getTime() - 10 * 86_400_000;
    const month = await expectedMatches({ keyword, uploadDate: 'THIS_MONTH', before });
    expect(month.length).toBeGreaterThan(0);
    const { ids } = await walkSearch({ keyword, uploadDate: 'THIS_MONTH', before: new Date(before).toISOString() });
    expect(ids).toEqual(month.map((v) => v.id));
    for (const word of ['recipe', 'guitar', 'workout', keyword]) {
      const implicit = await get(search.path, { keyword: word });
      const explicit = await get(search.path, { keyword: word, uploadDate: '1_HOUR_AGO' });
      expect(implicit.body).toEqual(explicit.body);
      const hour = await expectedMatches({ keyword: word, uploadDate: '1_HOUR_AGO' });
      expect(SearchResponse.parse(implicit.body).data.contents.map((c) => c.videoId)).toEqual(
        hour.slice(0, 20).map((v) => v.id),
      );
    }
  });

  it('bulk export (format=ndjson) follows a whole-archive walk to its end: every match once, in rank order', async () => {
    const expected = await expectedMatches({ keyword, uploadDate: undefined, before: pastMs });
    const res = await get(search.path, { keyword, before: past, format: 'ndjson', fields: 'videoId' });
    expect(res.status).toBe(200);
    const lines = res.text
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { videoId: string }).videoId);
    expect(lines).toEqual(expected.map((v) => v.id));
  });
});

// ---------------------------------------------------------------------------------------------
// A channel's uploads (an extension)
// ---------------------------------------------------------------------------------------------

describe('channel/videos', () => {
  /** The channel's videos from the table, newest first, then num descending. */
  const uploadsOf = async (id: string) =>
    (await allVideos())
      .filter((v) => v.channel_id === id)
      .sort((a, b) => b.published_at - a.published_at || b.num - a.num);

  /** Every page of a channel's uploads: the ids, every page's total, the pages. */
  async function walkChannel(query: Record<string, string>) {
    const ids: string[] = [];
    const totals: number[] = [];
    let token = '';
    do {
      const res = await get(channelVideos.path, { ...query, ...(token ? { paginationToken: token } : {}) });
      expect(res.status).toBe(200);
      const body = ChannelVideosResponse.parse(res.body);
      expect(body).toMatchObject({ message: 'Request successful', statusCode: 200 });
      if (body.pagination.hasMore) expect(body.data.contents).toHaveLength(20);
      else expect(body.data.contents.length).toBeLessThanOrEqual(20);
      expect(body.pagination.hasMore).toBe(body.pagination.paginationToken !== '');
      ids.push(...body.data.contents.map((c) => c.videoId));
      totals.push(body.pagination.total);
      token = body.pagination.paginationToken;
    } while (token && totals.length < 100);
    return { ids, totals };
  }

  it('walks every video of the channel once, newest first, 20 a page; the total is the count on every page', async () => {
    const expected = await uploadsOf(channelId);
    expect(expected.length).toBeGreaterThan(40);
    const { ids, totals } = await walkChannel({ channelId });
    expect(ids).toEqual(expected.map((v) => v.id));
    expect(totals).toEqual(Array.from({ length: Math.ceil(expected.length / 20) }, () => expected.length));
  });

  it('items are the search items of the same videos (texts in the language), plus publishedAt', async () => {
    const hit = SearchResponse.parse(
      (await get(search.path, { keyword, uploadDate: 'THIS_YEAR', language: 'de' })).body,
    ).data.contents[0]!;
    let found: ChannelVideo | undefined;
    let token = '';
    do {
      const res = await get(channelVideos.path, {
        channelId: hit.channelId,
        language: 'de',
        ...(token ? { paginationToken: token } : {}),
      });
      const body = ChannelVideosResponse.parse(res.body);
      found = body.data.contents.find((c) => c.videoId === hit.videoId);
      token = body.pagination.paginationToken;
    } while (!found && token);
    const { publishedAt, ...item } = found!;
    expect(item).toEqual(hit);
    const row = (await allVideos()).find((v) => v.id === hit.videoId)!;
    expect(publishedAt).toBe(new Date(row.published_at).toISOString());
    expect(item.publishedTimeText).toMatch(/^vor /);
  });

  it('after/before keep the videos published strictly between them; the token is bound to them and to the channel', async () => {
    const all = await uploadsOf(channelId);
    const [upper, lower] = [all[2]!, all[all.length - 3]!];
    const window = {
      after: new Date(lower.published_at).toISOString(),
      before: String(upper.published_at / 1000),
    };
    const inside = all.filter((v) => v.published_at > lower.published_at && v.published_at < upper.published_at);
    expect(inside.length).toBeGreaterThan(20);
    const { ids, totals } = await walkChannel({ channelId, ...window });
    expect(ids).toEqual(inside.map((v) => v.id));
    expect(new Set(totals)).toEqual(new Set([inside.length]));

    const first = ChannelVideosResponse.parse((await get(channelVideos.path, { channelId, ...window })).body);
    const token = first.pagination.paginationToken;
    expect(token).not.toBe('');
    // the same moments spelled otherwise fit; the language changes texts only
    const same = { after: String(lower.published_at / 1000), before: new Date(upper.published_at).toISOString() };
    expect((await get(channelVideos.path, { channelId, ...same, paginationToken: token })).status).toBe(200);
    expect(
      (await get(channelVideos.path, { channelId, ...window, language: 'de', paginationToken: token })).status,
    ).toBe(200);
    const other = (await allVideos()).find((v) => v.channel_id !== channelId)!.channel_id;
    for (const query of [
      { channelId } as Record<string, string>,
      { channelId, after: window.after },
      { channelId, ...window, before: '9999-01-01' },
      { channelId: other, ...window },
    ])
      expectError(await get(channelVideos.path, { ...query, paginationToken: token }), 400, 'invalid_cursor');
  });

  it('bulk export (format=ndjson) follows the token to the end: every video once, in order', async () => {
    const expected = await uploadsOf(channelId);
    const res = await get(channelVideos.path, { channelId, format: 'ndjson', fields: 'videoId,publishedAt' });
    expect(res.status).toBe(200);
    const lines = res.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { videoId: string; publishedAt: string });
    expect(lines).toEqual(
      expected.map((v) => ({ videoId: v.id, publishedAt: new Date(v.published_at).toISOString() })),
    );
  });

  it('rejects tampered and garbage tokens and tokens of a search: 400 invalid_cursor', async () => {
    const token = ChannelVideosResponse.parse((await get(channelVideos.path, { channelId })).body).pagination
      .paginationToken;
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    const searchToken = SearchResponse.parse((await get(search.path, { keyword, uploadDate: 'THIS_YEAR' })).body)
      .pagination.paginationToken;
    for (const paginationToken of [tampered, 'garbage', searchToken])
      expectError(await get(channelVideos.path, { channelId, paginationToken }), 400, 'invalid_cursor');
  });

  it('an unknown channel → 404; a known channel without videos in the window → an empty page', async () => {
    expectError(await get(channelVideos.path, { channelId: 'UCnosuchchannel' }), 404, 'not_found');
    expect(ErrorBody.parse((await get(channelVideos.path, { channelId: 'UCnosuchchannel' })).body).message).toContain(
      'UCnosuchchannel',
    );
    const body = ChannelVideosResponse.parse(
      (await get(channelVideos.path, { channelId, after: new Date(NOW.getTime() + 1000).toISOString() })).body,
    );
    expect(body.data.contents).toEqual([]);
    expect(body.pagination).toEqual({ total: 0, hasMore: false, paginationToken: '' });
  });

  it.each([
    [{}, 'missing_parameter'],
    [{ channelId: '' }, 'invalid_parameter'],
    [{ channelId: 'x'.repeat(65) }, 'invalid_parameter'],
    [{ channelId: 'x', language: 'klingon' }, 'invalid_parameter'],
    [{ channelId: 'x', after: 'yesterday' }, 'invalid_parameter'],
    [{ channelId: 'x', after: '2024-05-02', before: '2024-05-01' }, 'invalid_parameter'],
    [{ channelId: 'x', limit: '5' }, 'unknown_parameter'],
  ])('rejects %j: 400 %s', async (query, code) => {
    expectError(await get(channelVideos.path, query), 400, code);
  });
});

// ---------------------------------------------------------------------------------------------
// Charts
// ---------------------------------------------------------------------------------------------

async function storedChart(country: string, type: string, date: string) {
  return service.store.db
    .selectFrom('video_chart_entries')
    .selectAll()
    .where('country', '=', country)
    .where('chart_type', '=', type)
    .where('chart_date', '=', date)
    .orderBy('position')
    .execute();
}
const dayBefore = (date: string, days: number) => {
  const d = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)) - days));
  return d.toISOString().slice(0, 10).replaceAll('-', '');
};

describe('trending/top-short-song', () => {
  it('defaults to the global DAILY chart of 20251106, ordered by position', async () => {
    const body = TrendingResponse.parse((await get(topShortSongs.path)).body);
    const stored = await storedChart('global', 'DAILY', '20251106');
    expect(stored.length).toBe(20);
    expect(body.data.contents.map((c) => c.videoId)).toEqual(stored.map((r) => r.video_id));
    expect(body.data.contents.map((c) => c.position.currentPosition)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(body.pagination).toEqual({ total: 20, hasMore: false, paginationToken: '' });
    for (const [i, item] of body.data.contents.entries()) {
      const row = stored[i]!;
      expect(item.songwriters).toEqual(JSON.parse(row.songwriters));
      expect(item.songProducers).toEqual(JSON.parse(row.producers));
      expect(
        `${item.releaseDate.year}-${String(item.releaseDate.month).padStart(2, '0')}-${String(item.releaseDate.day).padStart(2, '0')}`,
      ).toBe(row.release_date);
    }
  });

  it.each([
    ['DAILY', 1, '20251106'],
    ['WEEKLY', 7, '20251106'],
    ['DAILY', 1, '20260601'],
  ])('%s charts agree with the previous chart date (previous position, periods on chart)', async (type, step, date) => {
    for (const country of ['global', 'de', 'jp']) {
      const body = TrendingResponse.parse(
        (await get(topShortSongs.path, { countryCode: country, filterByType: type, filterByDate: date })).body,
      );
      const before = TrendingResponse.parse(
        (
          await get(topShortSongs.path, {
            countryCode: country,
            filterByType: type,
            filterByDate: dayBefore(date, step),
          })
        ).body,
      );
      const previous = new Map(before.data.contents.map((c) => [c.videoId, c.position]));
      for (const item of body.data.contents) {
        const was = previous.get(item.videoId);
        expect(item.position.previousPosition).toBe(was?.currentPosition ?? 0);
        if (was) expect(item.position.periodsOnChart).toBe(was.periodsOnChart + 1);
        else expect(item.position.percentViewsChange).toBe(0);
      }
    }
  });

  it('has a chart for every country, both types, on the last 60 days', async () => {
    const today = NOW.toISOString().slice(0, 10).replaceAll('-', '');
    for (const country of topShortSongs.params.query.shape.countryCode.unwrap().options) {
      const res = await get(topShortSongs.path, { countryCode: country, filterByDate: dayBefore(today, 59) });
      expect(TrendingResponse.parse(res.body).data.contents).toHaveLength(20);
    }
    const rows = await service.store.db
      .selectFrom('video_chart_entries')
      .select('chart_date')
      .distinct()
      .where('chart_type', '=', 'WEEKLY')
      .execute();
    expect(rows.length).toBeGreaterThan(8);
  });

  it('localises publishedTimeText', async () => {
    const de = TrendingResponse.parse((await get(topShortSongs.path, { language: 'de' })).body);
    for (const item of de.data.contents) expect(item.publishedTimeText).toMatch(/^vor /);
  });

  it('a date without a chart is a 404 naming it', async () => {
    expectError(await get(topShortSongs.path, { filterByDate: '20200101' }), 404, 'not_found');
    expect(ErrorBody.parse((await get(topShortSongs.path, { filterByDate: '20200101' })).body).message).toContain(
      '20200101',
    );
    expectError(await get(topShortSongs.path, { filterByType: 'WEEKLY', filterByDate: '20251107' }), 404, 'not_found');
  });

  it.each(['2025-11-06', '20251332', '20250230', '2025110', 'today', '202511061'])(
    'a malformed date %s is a 400',
    async (date) => {
      expectError(await get(topShortSongs.path, { filterByDate: date }), 400, 'invalid_parameter');
    },
  );

  it.each<Record<string, string>>([
    { countryCode: 'US' },
    { countryCode: 'xx' },
    { filterByType: 'MONTHLY' },
    { geoCode: 'us' },
  ])('rejects %j: 400', async (query) => {
    expectError(await get(topShortSongs.path, query), 400, 'invalid_parameter');
  });
});

// ---------------------------------------------------------------------------------------------
// Related videos
// ---------------------------------------------------------------------------------------------

describe('video/related', () => {
  it('returns videos of the same channel or sharing title terms, best first, never the video itself', async () => {
    const rows = new Map((await allVideos()).map((v) => [v.id, v]));
    const self = rows.get(videoId)!;
    const body = RelatedResponse.parse((await get(relatedVideos.path, { videoId })).body);
    const items = body.data.relatedVideos;
    expect(items.length).toBe(20);
    expect(body.pagination).toEqual({ total: 20, hasMore: false, paginationToken: '' });
    const own = new Set(
      tokens(self.title).filter(
        (t) =>
          ![
            'a',
            'an',
            'and',
            'the',
            'of',
            'in',
            'on',
            'for',
            'to',
            'with',
            'how',
            'my',
            'your',
            'is',
            'vs',
            'i',
          ].includes(t) && !/^\d+$/.test(t),
      ),
    );
    const score = (id: string) => {
      const row = rows.get(id)!;
      return 2 * tokens(row.title).filter((t) => own.has(t)).length + (row.channel_id === self.channel_id ? 3 : 0);
    };
    const scores = items.map((item) => score(item.videoId));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const [i, item] of items.entries()) {
      expect(item.videoId).not.toBe(videoId);
      expect(scores[i]).toBeGreaterThan(0);
      const row = rows.get(item.videoId)!;
      expect(item.published).toBe(new Date(row.published_at).toISOString().slice(0, 10));
      expect(item.lengthSeconds).toBe(row.duration);
      expect(item.viewCount).toBe(row.views);
      expect(item.author).toMatchObject({ id: row.channel_id, name: row.channel_name });
      if (i > 0 && scores[i] === scores[i - 1]) expect(items[i - 1]!.viewCount).toBeGreaterThanOrEqual(item.viewCount);
    }
    expect(items.some((item) => rows.get(item.videoId)!.channel_id === self.channel_id)).toBe(true);
  });

  it('unknown video: 404', async () => {
    expectError(await get(relatedVideos.path, { videoId: 'nosuchvideo' }), 404, 'not_found');
  });

  it('missing videoId: 400', async () => {
    expectError(await get(relatedVideos.path), 400, 'missing_parameter');
  });
});

// ---------------------------------------------------------------------------------------------
// Streaming data
// ---------------------------------------------------------------------------------------------

describe('video/streaming-data', () => {
  const formatsOf = async (id = videoId) =>
    StreamingResponse.parse((await get(streamingData.path, { videoId: id })).body).data.formats;
  const pick = async (quality: string, id = videoId) => {
    const res = await get(streamingData.path, { videoId: id, quality });
    expect(res.status).toBe(200);
    return StreamingResponse.parse(res.body).data.selectedFormat;
  };
  const video = (formats: Format[]) => formats.filter((f) => f.hasVideo);
  const muxedFirst = (a: Format, b: Format) => Number(b.hasAudio) - Number(a.hasAudio);

  it('lists audio-only, video-only and muxed formats at several resolutions', async () => {
    const formats = await formatsOf();
    expect(formats.some((f) => f.hasAudio && !f.hasVideo)).toBe(true);
    expect(formats.some((f) => f.hasVideo && !f.hasAudio)).toBe(true);
    expect(formats.some((f) => f.hasVideo && f.hasAudio)).toBe(true);
    expect(new Set(video(formats).map((f) => f.height)).size).toBeGreaterThanOrEqual(5);
    expect(await formatsOf()).toEqual(formats);
  });

  it.each(['best', 'highest', undefined])('%s selects the highest resolution (muxed preferred)', async (quality) => {
    const formats = await formatsOf();
    const top = Math.max(...video(formats).map((f) => f.height));
    const expected = video(formats)
      .filter((f) => f.height === top)
      .sort(muxedFirst)[0]!;
    const selected = quality
      ? await pick(quality)
      : StreamingResponse.parse((await get(streamingData.path, { videoId })).body).data.selectedFormat;
    expect(selected).toMatchObject({ itag: expected.itag, height: top });
  });

  it.each(['worst', 'lowest'])('%s selects the lowest resolution', async (quality) => {
    const formats = await formatsOf();
    const low = Math.min(...video(formats).map((f) => f.height));
    expect(await pick(quality)).toMatchObject({
      itag: video(formats)
        .filter((f) => f.height === low)
        .sort(muxedFirst)[0]!.itag,
    });
  });

  it('bestaudio selects the highest-bitrate audio-only format', async () => {
    const formats = await formatsOf();
    const best = formats.filter((f) => !f.hasVideo).sort((a, b) => b.bitrate - a.bitrate)[0]!;
    expect(await pick('bestaudio')).toMatchObject({ itag: best.itag, hasVideo: false, hasAudio: true });
  });

  it('a label selects that resolution, else the nearest below, else the nearest above', async () => {
    const formats = await formatsOf();
    const heights = [...new Set(video(formats).map((f) => f.height))].sort((a, b) => a - b);
    const exact = (h: number) =>
      video(formats)
        .filter((f) => f.height === h)
        .sort(muxedFirst)[0]!.itag;
    expect((await pick('720p')).itag).toBe(exact(720));
    expect((await pick('360p')).itag).toBe(18);
    expect((await pick('600p')).height).toBe(480);
    expect((await pick('600p')).itag).toBe(exact(480));
    expect((await pick('100p')).height).toBe(heights[0]);
    expect((await pick('9000p')).height).toBe(heights.at(-1));
  });

  it('selectedFormat carries a direct url', async () => {
    expect((await pick('best')).url).toMatch(/^https:\/\/.+itag=\d+/);
  });

  it.each(['hd', 'BEST', '720', 'p720', '0p', 'best audio'])('rejects quality %s: 400', async (quality) => {
    expectError(await get(streamingData.path, { videoId, quality }), 400, 'invalid_parameter');
  });

  it('unknown video: 404', async () => {
    expectError(await get(streamingData.path, { videoId: 'nosuchvideo' }), 404, 'not_found');
  });
});

// ---------------------------------------------------------------------------------------------
// Batch lookup (an extension)
// ---------------------------------------------------------------------------------------------

describe('video/videos (batch lookup)', () => {
  const lookup = async (ids: string, extra: Record<string, string> = {}) => {
    const res = await get(videosByIds.path, { ids, ...extra });
    expect(res.status).toBe(200);
    return VideosByIdsResponse.parse(res.body);
  };
  const someIds = async (n: number) =>
    (await allVideos())
      .map((v) => v.id)
      .sort()
      .slice(0, n);

  it('does not shadow and is not shadowed by the other /api/v1/video routes', async () => {
    expect(videosByIds.path).toBe('/api/v1/video/videos');
    expect((await get(relatedVideos.path, { videoId })).status).toBe(200);
    expectError(await get(`${videosByIds.path}/${videoId}`, { ids: videoId }), 404, 'not_found');
  });

  it('answers the records found in request order, repeated ids once, and notFound in request order', async () => {
    const [a, b, c] = await someIds(3);
    const body = await lookup(`${c},nope1,${a},${c},nope2,${b},nope1`);
    expect(body.data.videos.map((v) => v.videoId)).toEqual([c, a, b]);
    expect(body.data.notFound).toEqual(['nope1', 'nope2']);
    expect(body.pagination).toEqual({ total: 3, hasMore: false, paginationToken: '' });
    expect(body).toMatchObject({ message: 'Request successful', statusCode: 200 });
  });

  it('only unknown ids: 200 with no videos, never a 404', async () => {
    const body = await lookup('nope,NOPE,🙂,a b');
    expect(body.data).toEqual({ videos: [], notFound: ['nope', 'NOPE', '🙂', 'a b'] });
    expect(body.pagination.total).toBe(0);
  });

  it('each record equals the related-video record of the same video, fields from the store', async () => {
    const related = RelatedResponse.parse((await get(relatedVideos.path, { videoId })).body).data.relatedVideos;
    const body = await lookup(related.map((v) => v.videoId).join(','));
    expect(body.data.videos).toEqual(related);
    const rows = new Map((await allVideos()).map((v) => [v.id, v]));
    for (const item of body.data.videos) {
      const row = rows.get(item.videoId)!;
      expect(item).toMatchObject({
        title: row.title,
        viewCount: row.views,
        lengthSeconds: row.duration,
        author: { id: row.channel_id, name: row.channel_name },
      });
    }
  });

  it('takes 100 ids; 101 distinct ids, an empty entry or a missing ids → 400', async () => {
    const hundred = await someIds(100);
    const body = await lookup(hundred.join(','));
    expect(body.data.videos.map((v) => v.videoId)).toEqual(hundred);
    expect(body.data.notFound).toEqual([]);
    // 100 distinct ids written 150 times is still 100
    expect((await lookup([...hundred, ...hundred.slice(0, 50)].join(','))).data.videos).toHaveLength(100);
    const refused = await get(videosByIds.path, { ids: [...hundred, 'one-more'].join(',') });
    expectError(refused, 400, 'invalid_parameter');
    expect(ErrorBody.parse(refused.body)).toMatchObject({
      message: expect.stringContaining('at most 100 ids'),
      issues: [{ path: 'ids' }],
    });
    for (const ids of ['', ',', `${videoId},`, `,${videoId}`, `${videoId},,x`])
      expectError(await get(videosByIds.path, { ids }), 400, 'invalid_parameter');
    expectError(await get(videosByIds.path), 400, 'missing_parameter');
    expectError(await get(videosByIds.path, { ids: 'x'.repeat(65) }), 400, 'invalid_parameter');
  });

  it('fields trims each video and keeps notFound and pagination', async () => {
    const [a] = await someIds(1);
    const full = await lookup(`${a},nope`);
    const trimmed = (await get(videosByIds.path, { ids: `${a},nope`, fields: 'videoId,author.name' }))
      .body as VideosByIdsResponse;
    expect(trimmed.data).toEqual({
      videos: [{ videoId: a, author: { name: full.data.videos[0]!.author.name } }],
      notFound: ['nope'],
    });
    expect(trimmed.pagination).toEqual(full.pagination);
    expectError(await get(videosByIds.path, { ids: a!, fields: 'notFound' }), 400, 'invalid_parameter');
  });
});
