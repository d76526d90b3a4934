import { openStore } from '@socialquery/store';
import { sql } from 'kysely';
import { list, machineLine, positive, storeKinds } from './args.js';
import { type LoadOptions, type LoadResult, warmedLoad } from './load.js';
import { round, serviceOn, timerOf } from './measured-service.js';
import { markdownTable, type TargetLine } from './report.js';
import { credentialHeaders } from './scenarios.js';
import { type BenchStore, prepareMusicStores, prepareStores } from './stores.js';

export const SEARCH_USAGE = `Usage: pnpm bench --search [options]

Measures video search over a fixed query set at each scale, on each store: a broad word (the
store's most frequent title term), two words, a rare word and a word with no match, each in a
one-hour window (at the moment the store's demo data is relative to) and in THIS_YEAR, of type
VIDEO and MOVIE: 16 requests that each connection sends in turn. Beside it, in the same run and
on the same service: forum community posts (sort=hot), the floor the search is held to (half its
req/s); each query alone, one at a time (its own latency); the broad word's page 1 against its
page 50; and the index's size on disk. Then music search at each music catalog size: every
filterBy with a broad word, two words, a rare word and a word with no match (28 requests in turn),
suggestions for prefixes of 1, 2 and 4+ letters, a rare one and one without match (5 in turn),
each alone, and a broad search at offset 0 against offset 980 (page 50).

Options:
  --search           this mode
  --scales LIST      demo data scales, comma-separated (default 1,100; each store is built once
                     into the bench cache, docs/development.md)
  --music-scales LIST  music catalog sizes, comma-separated (default 0.1,1: 122 k and 1.22 M rows;
                     a music-only store each, built once into the bench cache)
  --stores LIST      sqlite, postgres or both (default sqlite)
  --duration S       seconds of load per measurement (default 10)
  --connections C    concurrent connections (default 10)`;

/** The targets (the search issue's): at the largest scale, and growth between scales; music at every catalog size. */
export const TARGET_MUSIC_P99_MS = 20;
export const TARGET_SEARCH_P99_MS = 25;
export const TARGET_SEARCH_VS_FORUM = 0.5;
export const TARGET_SEARCH_GROWTH = 2;
export const TARGET_DEEP_PAGE_GROWTH = 2;

const NO_MATCH = 'zzqxjv';

interface SearchValues {
  'music-scales'?: string | undefined;
  scales?: string | undefined;
  scale?: string | undefined;
  stores: string;
  duration: string;
  connections: string;
}

interface Query {
  name: string;
  path: string;
}

interface StoreResult {
  kind: string;
  scale: number;
  words: { broad: string; two: string; rare: string };
  set: LoadResult;
  forumHot: LoadResult;
  alone: { name: string; p50: number; p99: number; total: number }[];
  page1: number;
  page50: number;
  indexMiB: number;
  videosMiB: number;
}

export async function searchCommand(values: SearchValues, args: readonly string[]): Promise<void> {
  const say = (line: string) => console.error(line);
  if (values.scales && values.scale) throw new Error('give --scales or --scale, not both');
  const scales = [...new Set(list(values.scales ?? values.scale ?? '1,100').map((s) => positive(s, 'scales')))].sort(
    (a, b) => a - b,
  );
  const options: LoadOptions = {
    connections: positive(values.connections, 'connections'),
    durationSeconds: positive(values.duration, 'duration'),
  };
  const musicScales = [...new Set(list(values['music-scales'] ?? '0.1,1').map((s) => fraction(s)))].sort(
    (a, b) => a - b,
  );
  const results: StoreResult[] = [];
  for (const scale of scales) {
    const stores = await prepareStores(scale, storeKinds(values.stores), say);
    try {
      for (const store of stores) results.push(await measureStore(store, options, say));
    } finally {
      for (const store of stores) await store.drop();
    }
  }
  const music: MusicResult[] = [];
  for (const musicScale of musicScales) {
    const stores = await prepareMusicStores(musicScale, storeKinds(values.stores), say);
    try {
      for (const store of stores) music.push(await measureMusic(store, options, say));
    } finally {
      for (const store of stores) await store.drop();
    }
  }
  report(results, music, args);
}

function fraction(value: string): number {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || Number(value) <= 0) throw new Error('--music-scales: positive numbers');
  return Number(value);
}

/** The query set's words, from the store's own counts. */
async function wordsOf(store: BenchStore): Promise<StoreResult['words']> {
  const opened = await openStore(store.address, { migrate: false });
  try {
    const { rows } = await sql<{ term: string; docs: number | string }>`select term, sum(docs) as docs
      from video_search_terms where type = 'VIDEO' group by term order by sum(docs) desc, term`.execute(opened.db);
    const words = rows.filter((row) => /^\p{L}+$/u.test(row.term)).map((row) => ({ ...row, docs: Number(row.docs) }));
    const broad = words[0]!.term;
    const keyword = store.examples.video!.keyword;
    const two = keyword === broad ? `${broad} ${words[1]!.term}` : `${keyword} ${broad}`;
    // the word nearest 50 videos
    const rare = [...words].sort((a, b) => Math.abs(a.docs - 50) - Math.abs(b.docs - 50))[0]!.term;
    return { broad, two, rare };
  } finally {
    await opened.close();
  }
}

/**
 * The service on a store, with the heavy-work limits raised: the sets are ten connections of one
 * key, which the per-credential limit (2 by default) would mostly refuse.
 */
async function measureStore(store: BenchStore, options: LoadOptions, say: (line: string) => void) {
  const words = await wordsOf(store);
  const q = encodeURIComponent;
  const seeded = Date.parse(store.examples.seededAt);
  const hour = `&after=${q(new Date(seeded - 3_600_000).toISOString())}&before=${q(new Date(seeded + 60_000).toISOString())}`;
  const queries: Query[] = [];
  for (const [word, keyword] of Object.entries({ ...words, none: NO_MATCH }))
    for (const [window, suffix] of [
      ['hour', hour],
      ['year', ''],
    ] as const)
      for (const type of ['VIDEO', 'MOVIE'])
        queries.push({
          name: `${word} (${keyword}), ${window}, ${type}`,
          path: `/api/v1/search?keyword=${q(keyword)}&uploadDate=THIS_YEAR&type=${type}${suffix}`,
        });
  const service = await serviceOn(store);
  const headers = credentialHeaders(store, 'apiKey');
  const { timed: time, latencies } = timerOf(service.url, headers);
  const timed = (path: string) => time<SearchBody>(path);
  try {
    const alone: StoreResult['alone'] = [];
    for (const query of queries) {
      const { body } = await timed(query.path);
      alone.push({ name: query.name, ...(await latencies(query.path)), total: body.pagination.total });
    }
    say(`measuring the query set on ${store.kind} at scale ${store.scale}…`);
    const set = await warmedLoad(service.url, { ...options, headers, paths: queries.map((query) => query.path) });
    say(`measuring forum-hot beside it…`);
    const forumPath = `/api/v1/forum/community/${q(store.examples.forum!.community)}/posts?sort=hot`;
    const bearer = credentialHeaders(store, 'bearer');
    const forumHot = await warmedLoad(service.url + forumPath, { ...options, headers: bearer });
    // the broad word's page 50 (this year, videos), reached by its tokens
    const first = `/api/v1/search?keyword=${q(words.broad)}&uploadDate=THIS_YEAR`;
    let deep = first;
    for (let page = 1; page < 50; page++) {
      const { body } = await timed(deep);
      if (!body.pagination.paginationToken) throw new Error(`${first} ends at page ${page}`);
      deep = `${first}&paginationToken=${q(body.pagination.paginationToken)}`;
    }
    const page1 = (await latencies(first)).p50;
    const page50 = (await latencies(deep)).p50;
    return {
      kind: store.kind,
      scale: store.scale,
      words,
      set,
      forumHot,
      alone,
      page1,
      page50,
      ...(await sizes(store)),
    };
  } finally {
    await service.stop();
  }
}

interface MusicResult {
  kind: string;
  scale: number;
  words: { broad: string; two: string; rare: string };
  search: LoadResult;
  suggestions: LoadResult;
  alone: { name: string; p50: number; p99: number; items: number }[];
  offset0: number;
  offset980: number;
}

const FILTERS = ['song', 'album', 'artist', 'playlist', 'podcast_show', 'profile', 'genres_mood'];

/** The music query set's words, from the store's own counts (the tracks'). */
async function musicWordsOf(store: BenchStore): Promise<MusicResult['words']> {
  const opened = await openStore(store.address, { migrate: false });
  try {
    const { rows } = await sql<{ term: string; docs: number | string }>`select term, docs from music_search_terms
      where kind = 'music_tracks' order by docs desc, term`.execute(opened.db);
    const words = rows.filter((row) => /^\p{L}+$/u.test(row.term)).map((row) => ({ ...row, docs: Number(row.docs) }));
    const rare = [...words].sort((a, b) => Math.abs(a.docs - 50) - Math.abs(b.docs - 50))[0]!.term;
    return { broad: words[0]!.term, two: `${words[1]!.term} ${words[0]!.term}`, rare };
  } finally {
    await opened.close();
  }
}

async function measureMusic(
  store: BenchStore,
  options: LoadOptions,
  say: (line: string) => void,
): Promise<MusicResult> {
  const words = await musicWordsOf(store);
  const q = encodeURIComponent;
  const searches: Query[] = [];
  for (const [word, keyword] of Object.entries({ ...words, none: NO_MATCH }))
    for (const filterBy of FILTERS)
      searches.push({
        name: `search ${word} (${keyword}), ${filterBy}`,
        path: `/api/v1/music/search?keyword=${q(keyword)}&filterBy=${filterBy}`,
      });
  const prefixes = [words.broad.slice(0, 1), words.broad.slice(0, 2), words.broad, words.rare.slice(0, 5), 'zzq'];
  const suggestions = prefixes.map((prefix) => ({
    name: `suggestions "${prefix}"`,
    path: `/api/v1/music/search/suggestions?keyword=${q(prefix)}`,
  }));
  const service = await serviceOn(store);
  const headers = credentialHeaders(store, 'apiKey');
  const { timed: time, latencies: p50 } = timerOf(service.url, headers);
  const timed = (path: string) => time<{ data: unknown }>(path);
  try {
    const alone: MusicResult['alone'] = [];
    for (const query of [...searches, ...suggestions]) {
      const { body } = await timed(query.path);
      const data = body.data as unknown[] | { suggestions: unknown[] };
      alone.push({
        name: query.name,
        ...(await p50(query.path)),
        items: Array.isArray(data) ? data.length : data.suggestions.length,
      });
    }
    const set = async (queries: Query[]) => {
      const paths = queries.map((query) => query.path);
      return warmedLoad(service.url, { ...options, headers, paths });
    };
    say(`measuring music search on ${store.kind} at music scale ${store.scale}…`);
    const search = await set(searches);
    say(`measuring music suggestions…`);
    const suggested = await set(suggestions);
    const broad = `/api/v1/music/search?keyword=${q(words.broad)}`;
    const offset0 = (await p50(broad)).p50;
    const offset980 = (await p50(`${broad}&offset=980`)).p50;
    return { kind: store.kind, scale: store.scale, words, search, suggestions: suggested, alone, offset0, offset980 };
  } finally {
    await service.stop();
  }
}

interface SearchBody {
  pagination: { total: number; paginationToken: string };
}

/** The search index's tables and indexes on disk, and the videos table's, in MiB. */
async function sizes(store: BenchStore): Promise<{ indexMiB: number; videosMiB: number }> {
  const opened = await openStore(store.address, { migrate: false });
  try {
    const { rows } =
      store.kind === 'sqlite'
        ? await sql<{ index: number; videos: number }>`select
            (select sum(pgsize) from dbstat where name like 'video_search%' or name like 'sqlite_autoindex_video_search%') as "index",
            (select sum(pgsize) from dbstat where name = 'video_videos') as videos`.execute(opened.db)
        : await sql<{ index: number; videos: number }>`select
            pg_total_relation_size('video_search') + pg_total_relation_size('video_search_terms') as "index",
            pg_relation_size('video_videos') as videos`.execute(opened.db);
    const mib = (bytes: unknown) => round(Number(bytes) / 1_048_576);
    return { indexMiB: mib(rows[0]?.index), videosMiB: mib(rows[0]?.videos) };
  } finally {
    await opened.close();
  }
}

/** One store's tables: printed, and as Markdown lines for the report. */
function section(
  title: string,
  words: StoreResult['words'],
  sentence: string,
  summary: Record<string, string | number>[],
  alone: Record<string, string | number>[],
): string[] {
  console.log(`\n${title}: words ${JSON.stringify(words)}`);
  console.table(summary);
  console.table(alone);
  return [
    `#### ${title}`,
    '',
    `Words: broad \`${words.broad}\`, two \`${words.two}\`, rare \`${words.rare}\`, none \`${NO_MATCH}\`. ${sentence}`,
    '',
    markdownTable(summary),
    '',
    markdownTable(alone),
    '',
  ];
}

function report(results: StoreResult[], music: MusicResult[], args: readonly string[]) {
  const sections: string[] = [`Command: \`pnpm bench ${args.join(' ')}\``, ''];
  const targets: TargetLine[] = [];
  const largest = Math.max(...results.map((result) => result.scale));
  for (const result of results) {
    const title = `${result.kind}, scale ${result.scale}`;
    const ratio = result.set.requestsPerSecond / result.forumHot.requestsPerSecond;
    const summary = [
      {
        measured: 'query set (16 requests in turn)',
        'req/s': Math.round(result.set.requestsPerSecond),
        'p50 ms': result.set.p50,
        'p99 ms': result.set.p99,
        'vs forum-hot': ratio.toFixed(2),
        unexpected: result.set.unexpected,
      },
      {
        measured: 'forum-hot (the floor)',
        'req/s': Math.round(result.forumHot.requestsPerSecond),
        'p50 ms': result.forumHot.p50,
        'p99 ms': result.forumHot.p99,
        'vs forum-hot': '1.00',
        unexpected: result.forumHot.unexpected,
      },
    ];
    const alone = result.alone.map((query) => ({
      query: query.name,
      'p50 ms': query.p50,
      'p99 ms': query.p99,
      total: query.total,
    }));
    sections.push(
      ...section(
        title,
        result.words,
        `Page 1 of the broad word (this year) ${result.page1} ms, page 50 ${result.page50} ms (one at a time, p50). ` +
          `Index on disk: ${result.indexMiB} MiB (the videos table: ${result.videosMiB} MiB).`,
        summary,
        alone,
      ),
    );
    targets.push({
      target: `page 50 within ${TARGET_DEEP_PAGE_GROWTH}× page 1`,
      subject: title,
      figure: `${(result.page50 / result.page1).toFixed(2)}× (${result.page1} → ${result.page50} ms)`,
      met: result.page50 <= TARGET_DEEP_PAGE_GROWTH * result.page1,
    });
    if (result.scale !== largest) continue;
    targets.push({
      target: `query set p99 ≤ ${TARGET_SEARCH_P99_MS} ms at 10 connections`,
      subject: title,
      figure: `${result.set.p99} ms`,
      met: result.set.p99 <= TARGET_SEARCH_P99_MS,
    });
    targets.push({
      target: `query set ≥ ${TARGET_SEARCH_VS_FORUM} × forum-hot req/s`,
      subject: title,
      figure: `${ratio.toFixed(2)} (${Math.round(result.set.requestsPerSecond)} vs ${Math.round(result.forumHot.requestsPerSecond)} req/s)`,
      met: ratio >= TARGET_SEARCH_VS_FORUM,
    });
    const smallest = results.find((other) => other.kind === result.kind && other.scale < result.scale);
    if (smallest) {
      const growth = result.alone.map((query, i) => query.p50 / Math.max(smallest.alone[i]!.p50, 0.01));
      const worst = growth.indexOf(Math.max(...growth));
      targets.push({
        target: `no query's latency grows more than ${TARGET_SEARCH_GROWTH}× from scale ${smallest.scale}`,
        subject: title,
        figure: `worst ${growth[worst]!.toFixed(2)}× (${result.alone[worst]!.name}: ${smallest.alone[worst]!.p50} → ${result.alone[worst]!.p50} ms)`,
        met: growth[worst]! <= TARGET_SEARCH_GROWTH,
      });
    }
  }
  for (const result of music) {
    const title = `music ${result.kind}, music scale ${result.scale}`;
    const summary = [
      ['search (28 requests in turn)', result.search],
      ['suggestions (5 in turn)', result.suggestions],
    ].map(([measured, load]) => ({
      measured: measured as string,
      'req/s': Math.round((load as LoadResult).requestsPerSecond),
      'p50 ms': (load as LoadResult).p50,
      'p99 ms': (load as LoadResult).p99,
      unexpected: (load as LoadResult).unexpected,
    }));
    const alone = result.alone.map((query) => ({
      query: query.name,
      'p50 ms': query.p50,
      'p99 ms': query.p99,
      items: query.items,
    }));
    sections.push(
      ...section(
        title,
        result.words,
        `The broad word's songs at offset 0: ${result.offset0} ms, at offset 980: ${result.offset980} ms (one at a time, p50).`,
        summary,
        alone,
      ),
    );
    for (const [name, load] of [
      ['search', result.search],
      ['suggestions', result.suggestions],
    ] as const)
      targets.push({
        target: `music ${name} p99 ≤ ${TARGET_MUSIC_P99_MS} ms`,
        subject: title,
        figure: `${load.p99} ms`,
        met: load.p99 <= TARGET_MUSIC_P99_MS,
      });
    targets.push({
      target: `music offset 980 within ${TARGET_DEEP_PAGE_GROWTH}× offset 0`,
      subject: title,
      figure: `${(result.offset980 / result.offset0).toFixed(2)}× (${result.offset0} → ${result.offset980} ms)`,
      met: result.offset980 <= TARGET_DEEP_PAGE_GROWTH * result.offset0,
    });
    const smaller = music.find((other) => other.kind === result.kind && other.scale < result.scale);
    if (smaller) {
      const growth = result.alone.map((query, i) => query.p50 / Math.max(smaller.alone[i]!.p50, 0.01));
      const worst = growth.indexOf(Math.max(...growth));
      targets.push({
        target: `no music query's latency grows more than ${TARGET_SEARCH_GROWTH}× from music scale ${smaller.scale}`,
        subject: title,
        figure: `worst ${growth[worst]!.toFixed(2)}× (${result.alone[worst]!.name}: ${smaller.alone[worst]!.p50} → ${result.alone[worst]!.p50} ms)`,
        met: growth[worst]! <= TARGET_SEARCH_GROWTH,
      });
    }
  }
  const targetRows = targets.map((t) => ({ ...t, met: t.met ? 'yes' : 'NO' }));
  console.log('\ntargets');
  console.table(targetRows);
  sections.push('#### Search targets', '', markdownTable(targetRows), '', machineLine(), '');
  console.log(`\n${sections.join('\n')}`);
}
