import { QUERY_PREFIX_WORDS_MAX } from '@socialquery/core';
import { openStore } from '@socialquery/store';
import { forumWordCounts } from '@socialquery/store/testing';
import { sql } from 'kysely';
import { list, machineLine, positive, storeKinds } from './args.js';
import { type LoadOptions, type LoadResult, warmedLoad } from './load.js';
import { serviceOn, timerOf } from './measured-service.js';
import { markdownTable, type TargetLine } from './report.js';
import { credentialHeaders } from './scenarios.js';
import { type BenchStore, prepareForumStores } from './stores.js';

export const COMMENTS_USAGE = `Usage: pnpm bench --comments [options]

Measures the forum's research operations on a forum-only demo store at each scale, on each store:
the first page of the largest thread's comment tree (sort=best and sort=new, the defaults: depth
10, limit 100), a continuation page (the replies of the top-level comment with the most, by its
cursor), a user's comments (page 1), searches (the most frequent comment word in relevance and new
order, two words, a rare word, the broad word in the largest community over 7 days, by that user,
by [deleted] in time order, posts; in the query language: an OR, a phrase, a prefix, an exclusion),
a year of the largest community's comments counted by day, and counts of a query's matches (a rare
word by month, the broad word in that community by day, an OR by community); each under load and alone (one at a time). Beside them, in the same run and on the same service:
forum community posts (sort=hot), the floor they are read against.

Options:
  --comments         this mode
  --scales LIST      demo data scales, comma-separated (default 1,100; each forum-only store is built
                     once into the bench cache, docs/development.md)
  --stores LIST      sqlite, postgres or both (default sqlite)
  --duration S       seconds of load per measurement (default 10)
  --connections C    concurrent connections (default 10)`;

/** The comment issue's targets: the largest thread's first page, a search's, a year of a community by day. */
export const TARGET_TREE_P99_MS = 20;
export const TARGET_SEARCH_P99_MS = 25;
export const TARGET_AGGREGATE_MS = 50;

interface CommentsValues {
  scales?: string | undefined;
  scale?: string | undefined;
  stores: string;
  duration: string;
  connections: string;
}

interface Probe {
  name: string;
  path: string;
}

interface StoreResult {
  kind: string;
  scale: number;
  thread: { postId: string; comments: number };
  loads: { name: string; result: LoadResult }[];
  alone: { name: string; p50: number; p99: number }[];
}

interface TreeBody {
  comments: { id: string; author: string; moreReplies: { count: number; cursor: string } | null }[];
}

export async function commentsCommand(values: CommentsValues, args: readonly string[]): Promise<void> {
  const say = (line: string) => console.error(line);
  if (values.scales && values.scale) throw new Error('give --scales or --scale, not both');
  const scales = [...new Set(list(values.scales ?? values.scale ?? '1,100').map((s) => positive(s, 'scales')))].sort(
    (a, b) => a - b,
  );
  const options: LoadOptions = {
    connections: positive(values.connections, 'connections'),
    durationSeconds: positive(values.duration, 'duration'),
  };
  const results: StoreResult[] = [];
  for (const scale of scales) {
    const stores = await prepareForumStores(scale, storeKinds(values.stores), say);
    try {
      for (const store of stores) results.push(await measureStore(store, options, say));
    } finally {
      for (const store of stores) await store.drop();
    }
  }
  report(results, options, args);
}

async function measureStore(store: BenchStore, options: LoadOptions, say: (line: string) => void) {
  const forum = store.examples.forum;
  if (!forum) throw new Error('the bench store holds no forum data');
  const largest = await largestThread(store);
  const q = encodeURIComponent;
  const service = await serviceOn(store);
  const headers = credentialHeaders(store, 'bearer');
  const { timed, latencies } = timerOf(service.url, headers);
  try {
    const tree = `/api/v1/forum/post/${q(largest.postId)}/comments`;
    // the top-level comment with the most replies, and one of the thread's commenters
    const { body: top } = await timed<TreeBody>(`${tree}?depth=1&limit=500`);
    const widest = top.comments.reduce((a, b) => ((b.moreReplies?.count ?? 0) > (a.moreReplies?.count ?? 0) ? b : a));
    const commenter = top.comments.find((c) => c.author !== '[deleted]')!.author;
    const probes: Probe[] = [
      { name: 'forum-hot (the floor)', path: `/api/v1/forum/community/${q(forum.community)}/posts?sort=hot` },
      { name: 'largest thread, page 1 (best)', path: tree },
      { name: 'largest thread, page 1 (new)', path: `${tree}?sort=new` },
      {
        name: `continuation: ${widest.moreReplies?.count ?? 0} replies of one comment`,
        path: `${tree}?cursor=${q(widest.moreReplies!.cursor)}`,
      },
      { name: 'user comments, page 1', path: `/api/v1/forum/user/${q(commenter)}/comments` },
      ...(await searchProbes(store, forum.community, commenter)),
      {
        name: `aggregate comments by day, ${forum.community}, a year`,
        path: `/api/v1/forum/aggregate?kind=comments&groupBy=day&community=${q(forum.community)}&after=1y&limit=1000`,
      },
    ];
    const alone: StoreResult['alone'] = [];
    for (const probe of probes) alone.push({ name: probe.name, ...(await latencies(probe.path)) });
    const loads: StoreResult['loads'] = [];
    for (const probe of probes) {
      say(`measuring ${probe.name} on ${store.kind} at scale ${store.scale}…`);
      loads.push({ name: probe.name, result: await warmedLoad(service.url + probe.path, { ...options, headers }) });
    }
    return { kind: store.kind, scale: store.scale, thread: largest, loads, alone };
  } finally {
    await service.stop();
  }
}

/** Searches of the store's most frequent comment word, two words, a rare word, within a community, and by an author. */
async function searchProbes(store: BenchStore, community: string, author: string): Promise<Probe[]> {
  const opened = await openStore(store.address, { migrate: false });
  try {
    const rows = await forumWordCounts(opened.db, 'c');
    const words = rows.filter((row) => /^\p{L}{3,}$/u.test(row.term));
    if (words.length < 2) return [];
    const broad = words[0]!.term;
    const two = `${words[1]!.term} ${broad}`;
    const rare = [...words].sort((a, b) => Math.abs(a.docs - 50) - Math.abs(b.docs - 50))[0]!.term;
    // the query language: the shortest prefix of the rare word that stands for at most 50 words
    const prefix =
      [...rare]
        .map((_, i) => rare.slice(0, i + 1))
        .find((p) => p.length >= 3 && rows.filter((row) => row.term.startsWith(p)).length <= QUERY_PREFIX_WORDS_MAX) ??
      rare;
    const q = encodeURIComponent;
    const comments = `/api/v1/forum/search/comments?q=`;
    return [
      { name: `search comments "${broad}" (relevance)`, path: `${comments}${q(broad)}` },
      { name: `search comments "${broad}" (new)`, path: `${comments}${q(broad)}&sort=new` },
      { name: `search comments "${two}"`, path: `${comments}${q(two)}` },
      { name: `search comments "${rare}"`, path: `${comments}${q(rare)}` },
      {
        name: `search comments "${broad}" in ${community}, 7d`,
        path: `${comments}${q(broad)}&community=${q(community)}&after=7d`,
      },
      { name: `search comments "${broad}" by ${author}`, path: `${comments}${q(broad)}&author=${q(author)}` },
      // an author of many comments whose text is gone: none holds the word
      {
        name: `search comments "${broad}" by [deleted], new`,
        path: `${comments}${q(broad)}&author=%5Bdeleted%5D&sort=new`,
      },
      { name: `search posts "${broad}" (relevance)`, path: `/api/v1/forum/search/posts?q=${q(broad)}` },
      // the query language (docs/query-language.md): an OR, a phrase, a prefix, an exclusion of a frequent word
      { name: `search comments ${words[1]!.term} OR ${rare}`, path: `${comments}${q(`${words[1]!.term} OR ${rare}`)}` },
      { name: `search comments "${two}" (a phrase)`, path: `${comments}${q(`"${two}"`)}` },
      { name: `search comments ${prefix}*`, path: `${comments}${q(`${prefix}*`)}` },
      { name: `search comments ${broad} -${words[1]!.term}`, path: `${comments}${q(`${broad} -${words[1]!.term}`)}` },
      // counts of what a search finds (docs/forum-aggregate.md, "Counting matches")
      {
        name: `aggregate comments "${rare}" by month, all time`,
        path: `/api/v1/forum/aggregate?kind=comments&groupBy=month&q=${q(rare)}`,
      },
      {
        name: `aggregate comments "${broad}" by day, ${community}, a year`,
        path: `/api/v1/forum/aggregate?kind=comments&groupBy=day&q=${q(broad)}&community=${q(community)}&after=1y&limit=1000`,
      },
      {
        name: `aggregate comments "${words[1]!.term} OR ${rare}" by community, a year`,
        path: `/api/v1/forum/aggregate?kind=comments&groupBy=community&q=${q(`${words[1]!.term} OR ${rare}`)}&after=1y`,
      },
    ];
  } finally {
    await opened.close();
  }
}

/** The thread with the most comments, from the reply counts the store keeps. */
async function largestThread(store: BenchStore): Promise<{ postId: string; comments: number }> {
  const opened = await openStore(store.address, { migrate: false });
  try {
    const { rows } = await sql<{ post_id: string; n: number | string }>`select post_id, sum(docs) as n
      from forum_reply_counts group by post_id order by sum(docs) desc, post_id limit 1`.execute(opened.db);
    if (!rows[0]) throw new Error('the bench store holds no forum comments');
    return { postId: rows[0].post_id, comments: Number(rows[0].n) };
  } finally {
    await opened.close();
  }
}

function report(results: StoreResult[], options: LoadOptions, args: readonly string[]) {
  const sections: string[] = [`Command: \`pnpm bench ${args.join(' ')}\``, ''];
  const targets: TargetLine[] = [];
  for (const result of results) {
    const title = `${result.kind}, scale ${result.scale}`;
    const floor = result.loads[0]!.result;
    const rows = result.loads.map(({ name, result: load }, i) => ({
      measured: name,
      'req/s': Math.round(load.requestsPerSecond),
      'p50 ms': load.p50,
      'p99 ms': load.p99,
      'vs forum-hot': (load.requestsPerSecond / floor.requestsPerSecond).toFixed(2),
      'alone p50 ms': result.alone[i]!.p50,
      'alone p99 ms': result.alone[i]!.p99,
      unexpected: load.unexpected,
    }));
    console.log(`\n${title}: the largest thread is post ${result.thread.postId} (${result.thread.comments} comments)`);
    console.table(rows);
    sections.push(
      `#### ${title}`,
      '',
      `The largest thread: post \`${result.thread.postId}\`, ${result.thread.comments.toLocaleString('en')} comments. ` +
        `${options.connections} connections, ${options.durationSeconds} s each.`,
      '',
      markdownTable(rows),
      '',
    );
    for (const [i, { name, result: load }] of result.loads.entries()) {
      if (name.startsWith('search'))
        targets.push({
          target: `search first page p99 ≤ ${TARGET_SEARCH_P99_MS} ms`,
          subject: `${title}: ${name}`,
          figure: `${load.p99} ms (alone: ${result.alone[i]!.p99} ms)`,
          met: load.p99 <= TARGET_SEARCH_P99_MS,
        });
      if (name.startsWith('aggregate comments by day'))
        targets.push({
          target: `aggregate by day over a community's year ≤ ${TARGET_AGGREGATE_MS} ms (alone, p99)`,
          subject: title,
          figure: `${result.alone[i]!.p99} ms (under load p99 ${load.p99} ms)`,
          met: result.alone[i]!.p99 <= TARGET_AGGREGATE_MS,
        });
    }
    const page1 = result.loads[1]!.result;
    targets.push({
      target: `largest thread's first page p99 ≤ ${TARGET_TREE_P99_MS} ms`,
      subject: title,
      figure: `${page1.p99} ms at ${options.connections} connections (alone: ${result.alone[1]!.p99} ms)`,
      met: page1.p99 <= TARGET_TREE_P99_MS,
    });
  }
  const targetRows = targets.map((t) => ({
    target: t.target,
    subject: t.subject,
    figure: t.figure,
    met: t.met ? 'yes' : 'NO',
  }));
  console.log('\ntargets');
  console.table(targetRows);
  sections.push('Targets:', '', markdownTable(targets.map((t) => ({ ...t, met: t.met ? 'yes' : '**no**' }))), '');
  console.log(`\n${machineLine()}\n\n${sections.join('\n')}`);
}
