import { openStore } from '@socialquery/store';
import { list, machineLine, positive, storeKinds } from './args.js';
import { load, type LoadOptions, type LoadResult } from './load.js';
import { serviceOn, timerOf } from './measured-service.js';
import { markdownTable, type TargetLine } from './report.js';
import { credentialHeaders } from './scenarios.js';
import { type BenchStore, prepareForumStores } from './stores.js';

export const COMMENTS_USAGE = `Usage: pnpm bench --comments [options]

Measures the forum's comment operations on a forum-only demo store at each scale, on each store:
the first page of the largest thread's comment tree (sort=best and sort=new, the defaults: depth
10, limit 100), a continuation page (the replies of the top-level comment with the most, by its
cursor), and a user's comments (page 1); each under load and alone (one at a time). Beside them,
in the same run and on the same service: forum community posts (sort=hot), the floor the comment
operations are read against.

Options:
  --comments         this mode
  --scales LIST      demo data scales, comma-separated (default 1,100; each forum-only store is built
                     once into the bench cache, README.md)
  --stores LIST      sqlite, postgres or both (default sqlite)
  --duration S       seconds of load per measurement (default 10)
  --connections C    concurrent connections (default 10)`;

/** The comment issue's target: the largest thread's first page, at every scale and store. */
export const TARGET_TREE_P99_MS = 20;

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
  if (!forum?.postId) throw new Error('the bench store holds no forum comments');
  const q = encodeURIComponent;
  const service = await serviceOn(store);
  const headers = credentialHeaders(store, 'bearer');
  const { timed, latencies } = timerOf(service.url, headers);
  try {
    const tree = `/api/v1/forum/post/${q(forum.postId)}/comments`;
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
    ];
    const alone: StoreResult['alone'] = [];
    for (const probe of probes) alone.push({ name: probe.name, ...(await latencies(probe.path)) });
    const loads: StoreResult['loads'] = [];
    for (const probe of probes) {
      say(`measuring ${probe.name} on ${store.kind} at scale ${store.scale}…`);
      await load(service.url + probe.path, { ...options, durationSeconds: 1, headers });
      loads.push({ name: probe.name, result: await load(service.url + probe.path, { ...options, headers }) });
    }
    const comments = await commentsOf(store, forum.postId);
    return { kind: store.kind, scale: store.scale, thread: { postId: forum.postId, comments }, loads, alone };
  } finally {
    await service.stop();
  }
}

async function commentsOf(store: BenchStore, postId: string): Promise<number> {
  const opened = await openStore(store.address, { migrate: false });
  try {
    const { n } = await opened.db
      .selectFrom('forum_comments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow();
    return Number(n);
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
