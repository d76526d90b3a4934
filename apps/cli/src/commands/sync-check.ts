import {
  checkCredentials,
  checkLine,
  SyncConfigError,
  syncConfigFromEnv,
  syncPlatforms,
  unsupportedPlatformMessage,
} from '@socialquery/sync';
import { type Command, CommanderError } from 'commander';
import { EXIT_FAILED, EXIT_REFUSED, type SyncContext } from './sync-shared.js';

/**
 * `sync check [platform...]`: each platform's configured credentials proved with one cheap request
 * (packages/sync/src/check.ts); what each costs is its adapter's `checkCost`, listed in the help.
 */
export function syncCheckCommand(sync: Command, { io, fail }: SyncContext) {
  const costs = syncPlatforms.map((adapter) => `  ${adapter.platform} (${adapter.api}): ${adapter.checkCost}`);
  sync
    .command('check')
    .description(
      "check each platform's credentials with one cheap request to its API (or token endpoint); reads and writes no store",
    )
    .argument(
      '[platform...]',
      'only these: forum, video, music, microblog, shortvideo (default: every one with credentials set)',
    )
    .option('--json', 'as JSON: platform, api, status (ok, failed or unset), detail, cost')
    .addHelpText(
      'after',
      `
What each check sends and costs:
${costs.join('\n')}
A check is not retried and waits 10 s at most for its answer. Exit codes: 0 every check passed; 1 a check
failed (the others still ran); 2 nothing to check (no credentials set, an unknown platform, a bad variable).`,
    )
    .action(async (platforms: string[], flags: { json?: boolean }) => {
      for (const platform of platforms) {
        const unsupported = unsupportedPlatformMessage(platform);
        if (unsupported) fail(EXIT_REFUSED, unsupported);
      }
      let config;
      try {
        config = syncConfigFromEnv();
      } catch (error) {
        if (error instanceof SyncConfigError) fail(EXIT_REFUSED, error.message);
        throw error;
      }
      const checks = await checkCredentials({ config, ...(platforms.length > 0 ? { only: platforms } : {}) });
      if (flags.json) io.out(JSON.stringify(checks, null, 2));
      else for (const check of checks) io.out(checkLine(check));
      if (checks.every((check) => check.status === 'unset'))
        fail(EXIT_REFUSED, 'no platform has credentials set: nothing to check (docs/sync.md says how to get them)');
      const failed = checks.filter((check) => check.status === 'failed').length;
      if (failed > 0)
        throw new CommanderError(EXIT_FAILED, 'socialquery.syncCheckFailed', `${failed} credentials check(s) failed`);
    });
}
