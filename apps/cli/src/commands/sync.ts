import type { Store } from '@socialquery/store';
import {
  listTargetStates,
  parseEvery,
  parseTarget,
  readTargetsFile,
  runSchedule,
  runTargets,
  stopWords,
  summaryLine,
  SyncConfigError,
  syncConfigFromEnv,
  type Target,
  TargetError,
  type TargetSummary,
  unsupportedPlatformMessage,
  describeDiskFull,
} from '@socialquery/sync';
import { type Command, CommanderError, InvalidArgumentError } from 'commander';
import type { Io } from '../io.js';
import { withStore } from '../store-option.js';
import { syncCheckCommand } from './sync-check.js';
import { DRY_RUN_HELP, printDryRun } from './sync-dry-run.js';
import { syncRemoveCommand } from './sync-remove.js';
import { EXIT_FAILED, EXIT_REFUSED, syncContext } from './sync-shared.js';

interface RunFlags {
  every?: string;
  pages?: number;
  loop?: boolean;
  dryRun?: boolean;
}

const every = (value: string) => {
  if (parseEvery(value) === undefined) throw new InvalidArgumentError('expected a duration such as 30s, 10m, 1h or 1d');
  return value;
};
const pages = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new InvalidArgumentError('expected a whole number from 1 to 100');
  return n;
};

/** The forum and microblog commands' target flags (checked by the targets' schemas, packages/sync/src/targets.ts). */
type ForumFlags = Partial<Record<'community' | 'listing' | 'timeframe' | 'search' | 'user' | 'post', string>> & {
  refresh?: number;
};
type VideoFlags = Partial<Record<'channel' | 'search' | 'comments' | 'channelComments', string>> & {
  refresh?: number;
  allReplies?: boolean;
};
type MicroblogFlags = Partial<Record<'user' | 'mentions' | 'search' | 'conversation' | 'followers', string>>;

const refreshCount = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 500) throw new InvalidArgumentError('expected a whole number from 0 to 500');
  return n;
};

const HELP_AFTER = `
Credentials come from the environment only: SOCIALQUERY_REDDIT_CLIENT_ID and SOCIALQUERY_REDDIT_CLIENT_SECRET
(forum), SOCIALQUERY_YOUTUBE_API_KEY (video), SOCIALQUERY_SPOTIFY_CLIENT_ID and SOCIALQUERY_SPOTIFY_CLIENT_SECRET
(music), SOCIALQUERY_X_BEARER_TOKEN (microblog), SOCIALQUERY_TIKTOK_CLIENT_KEY and SOCIALQUERY_TIKTOK_CLIENT_SECRET
(shortvideo); docs/sync.md tells how to get them and what each target costs; \`sync check\` tries them.
Exit codes: 0 every target ran; 1 a target failed (the others still ran); 2 nothing could run (a bad targets
file lists every problem it has, each with its line). \`--dry-run\` shows what a run would fetch, sending and
writing nothing.`;

/**
 * `sync`: keeps the store current from the platforms' official APIs (packages/sync): one target from
 * flags (`sync forum --community rust`) or a targets file (`sync run --targets sync.json`), once or on
 * their intervals (`--loop`), or only told (`--dry-run`); `sync status` shows each target's last success,
 * next run and last error, `sync remove` forgets a target, `sync check` tries the credentials.
 */
export function syncCommand(program: Command, io: Io) {
  const sync = program
    .command('sync')
    .description(
      "keep the store current from the platforms' official APIs (Reddit, YouTube, Spotify, X, TikTok): incremental, on a schedule",
    )
    .addHelpText('after', HELP_AFTER);

  const context = syncContext(program, io);
  const { fail, storeOptions } = context;

  /**
   * Runs targets once (or on their intervals with --loop), printing progress on stderr and a summary line per
   * target; with --dry-run, prints what that would do instead.
   */
  async function runAll(targets: Target[], flags: RunFlags) {
    let config;
    try {
      config = syncConfigFromEnv();
    } catch (error) {
      if (error instanceof SyncConfigError) fail(EXIT_REFUSED, error.message);
      throw error;
    }
    if (flags.dryRun) {
      const planned = config;
      await withStore(storeOptions(), (store) =>
        printDryRun(io, store, targets, { config: planned, schedule: flags.loop ?? false }),
      );
      return;
    }
    const options = (store: Store) => ({
      config,
      ...(flags.every ? { defaultEvery: flags.every } : {}),
      onProgress: (key: string, message: string) => io.err(`${key}: ${message}`),
      describeError: describeDiskFull(store),
    });
    let failed = 0;
    const report = (summaries: TargetSummary[]) => {
      for (const summary of summaries) io.out(summaryLine(summary));
      failed += summaries.filter((summary) => summary.stopped === 'error').length;
    };
    await withStore(storeOptions(), async (store: Store) => {
      if (!flags.loop) {
        report(await runTargets(store.db, targets, options(store)));
        return;
      }
      const controller = new AbortController();
      const stop = () => controller.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      io.err(`syncing ${targets.length} target${targets.length === 1 ? '' : 's'} on their intervals; Ctrl-C stops`);
      try {
        await runSchedule(store.db, targets, {
          ...options(store),
          signal: controller.signal,
          onRun: report,
          onLease: (held) => io.err(held ? 'holding the sync lease' : 'another process holds the sync lease: waiting'),
        });
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      }
    });
    if (failed > 0) throw new CommanderError(EXIT_FAILED, 'socialquery.syncFailed', `${failed} target run(s) failed`);
  }

  const target = (value: unknown): Target => {
    try {
      return parseTarget(value, 'target');
    } catch (error) {
      if (error instanceof TargetError) fail(EXIT_REFUSED, error.message.replace(/^target: /, ''));
      throw error;
    }
  };
  const runFlags = (command: Command) =>
    command
      .option('--every <duration>', 'how often the target runs with --loop (30s, 10m, 1h, 1d; default 1h)', every)
      .option('--pages <n>', 'pages fetched at most per run', pages)
      .option('--loop', 'keep running, each run when the interval has passed (one process per store: a lease)')
      .option('--dry-run', DRY_RUN_HELP);

  runFlags(
    sync
      .command('forum')
      .description(
        "sync a Reddit community's posts or comments, a search's newest posts, a user's submissions, or a post's comments",
      )
      .option('--community <name>', "a community's listing (new posts unless --listing says otherwise)")
      .option(
        '--listing <listing>',
        'new (default: walks to the newest post stored), hot or top (re-fetch their pages), comments (the newest comments)',
      )
      .option('--timeframe <window>', 'with --listing top: hour, day (default), week, month, year or all')
      .option('--search <query>', "the newest posts matching a query (Reddit's search syntax; in --community if given)")
      .option('--user <name>', "a user's submissions")
      .option(
        '--post <id>',
        "a post's comments (and the post; --pages: the most requests, its `more` stubs expanded, default 20)",
      )
      .option(
        '--refresh <n>',
        'with --community (new) or --user: how many of the newest stored posts get their score and comment count read again each run (0-500, default 0; 1 request per 100)',
        refreshCount,
      ),
  ).action(async (flags: RunFlags & ForumFlags) => {
    // how it runs (loop, dry run) is not the target's
    const { loop, dryRun, ...spec } = flags;
    await runAll([target({ platform: 'forum', ...spec })], { ...flags, loop: loop ?? false });
  });

  runFlags(
    sync
      .command('video')
      .description(
        "sync a YouTube channel's uploads, a search's newest videos (100 quota units a page), or the comment threads of a video or a channel",
      )
      .option('--channel <id>', "a channel's uploads (UC…)")
      .option('--search <query>', "a search's newest videos")
      .option(
        '--comments <videoId>',
        "a video's comment threads, newest first, with the replies each carries (1 quota unit per 100 threads)",
      )
      .option(
        '--channel-comments <channelId>',
        'the comment threads of every video of a channel (UC…), newest first (1 quota unit per 100 threads)',
      )
      .option(
        '--all-replies',
        'with --comments/--channel-comments: read every reply of a thread that has more than the 5 the thread carries (comments.list by parentId, 1 quota unit per 100 replies)',
      )
      .option(
        '--refresh <n>',
        "with --channel: how many of the channel's newest stored videos get their view counts read again each run (0-500, default 50; 1 quota unit per 50)",
        refreshCount,
      ),
  ).action(async (flags: RunFlags & VideoFlags) => {
    // how it runs (loop, dry run) is not the target's
    const { loop, dryRun, ...spec } = flags;
    await runAll([target({ platform: 'video', ...spec })], { ...flags, loop: loop ?? false });
  });

  runFlags(
    sync
      .command('music')
      .description("sync a Spotify artist's releases, a playlist's tracks, or a show's episodes")
      .option('--artist <id>', "an artist's albums, singles and compilations, with their tracks")
      .option('--playlist <id>', "a playlist's tracks")
      .option('--show <id>', "a show's episodes"),
  ).action(async (flags: RunFlags & { artist?: string; playlist?: string; show?: string }) => {
    // how it runs (loop, dry run) is not the target's
    const { loop, dryRun, ...spec } = flags;
    await runAll([target({ platform: 'music', ...spec })], { ...flags, loop: loop ?? false });
  });

  runFlags(
    sync
      .command('microblog')
      .description(
        "sync an X user's posts or mentions, a recent search or a conversation's replies (the last 7 days), or a user's followers",
      )
      .option('--user <username>', "a user's posts (newer than the newest stored)")
      .option('--mentions <username>', 'the posts mentioning a user (its newest 800)')
      .option('--search <query>', "a recent search's posts (X's search operators)")
      .option('--conversation <id>', "a conversation's replies (recent search)")
      .option('--followers <username>', "a user's followers"),
  ).action(async (flags: RunFlags & MicroblogFlags) => {
    // how it runs (loop, dry run) is not the target's
    const { loop, dryRun, ...spec } = flags;
    await runAll([target({ platform: 'microblog', ...spec })], { ...flags, loop: loop ?? false });
  });

  runFlags(
    sync
      .command('shortvideo')
      .description("sync a TikTok user's videos (Research API)")
      .option(
        '--user <username>',
        "a user's videos, back to the last run's day (or SOCIALQUERY_TIKTOK_FIRST_RUN_DAYS)",
      ),
  ).action(async (flags: RunFlags & { user?: string }) => {
    // how it runs (loop, dry run) is not the target's
    const { loop, dryRun, ...spec } = flags;
    await runAll([target({ platform: 'shortvideo', ...spec })], { ...flags, loop: loop ?? false });
  });

  sync
    .command('run')
    .description('sync every target of a targets file once, or on their intervals with --loop')
    .requiredOption('--targets <file>', 'the targets file (JSON: {"targets": [...]}, docs/sync.md)')
    .option('--every <duration>', 'the interval of targets that give none (default 1h)', every)
    .option('--loop', 'keep running, each target when its interval has passed (one process per store: a lease)')
    .option('--dry-run', DRY_RUN_HELP)
    .action(async (flags: RunFlags & { targets: string }) => {
      let targets: Target[];
      try {
        targets = await readTargetsFile(flags.targets);
      } catch (error) {
        // every problem of the file, each on its own line; nothing runs
        if (error instanceof TargetError)
          fail(
            EXIT_REFUSED,
            ...error.problems,
            ...(error.problems.length > 1
              ? [`${error.problems.length} problems in ${flags.targets}: nothing was run`]
              : []),
          );
        throw error;
      }
      await runAll(targets, flags);
    });

  sync
    .command('status')
    .description(
      "each target's last success, how its last run stopped (whose quota, when a quota stopped it), next run and last error",
    )
    .option('--json', 'as JSON')
    .action(async (flags: { json?: boolean }) => {
      await withStore(storeOptions(), async (store) => {
        const states = await listTargetStates(store.db);
        if (flags.json) {
          io.out(JSON.stringify(states, null, 2));
          return;
        }
        if (states.length === 0) {
          io.out('no targets have run yet (socialquery sync forum|video|music|microblog|shortvideo|run)');
          return;
        }
        const when = (ms: number | undefined) =>
          ms === undefined ? '-' : new Date(ms).toISOString().slice(0, 19) + 'Z';
        const rows = states.map((state) => [
          state.key,
          when(state.lastSuccessAt),
          // a failure's error has its own column
          state.lastStopped
            ? stopWords(state.lastStopped, state.lastStopped === 'error' ? undefined : state.lastDetail)
            : '-',
          when(state.nextRunAt),
          state.lastError ? `${when(state.lastErrorAt)} ${state.lastError}` : '-',
        ]);
        const header = ['target', 'last success', 'last run', 'next run', 'last error'];
        const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
        for (const row of [header, ...rows])
          io.out(
            row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '),
          );
      });
    });

  syncRemoveCommand(sync, context);
  syncCheckCommand(sync, context);

  sync
    .command('professional')
    .description('no public API: not possible')
    .allowUnknownOption()
    .allowExcessArguments()
    .helpOption(false)
    .action(() => fail(EXIT_REFUSED, unsupportedPlatformMessage('professional')!));
}
