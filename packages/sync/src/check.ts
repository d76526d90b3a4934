import { type Clock, systemClock } from './clock.js';
import { maskSecrets, type SyncConfig } from './config.js';
import { type ClientDeps, type SyncPlatform, unsetCredentials } from './platform.js';
import { syncPlatforms } from './run.js';

/** One platform's credentials check. */
export interface CredentialCheck {
  platform: string;
  /** The API's name (`reddit`). */
  api: string;
  /**
   * `ok`: the request was answered with a success; `failed`: it was not (or the credentials are set only in
   * part, or not at all for a platform asked for by name); `unset`: none of its variables is set (not checked).
   */
  status: 'ok' | 'failed' | 'unset';
  /** ok: the request sent; failed: why, as the upstream answered (credentials masked); unset: the variables. */
  detail: string;
  /** What the check costs (the adapter's `checkCost`). */
  cost: string;
}

export interface CheckOptions {
  config: SyncConfig;
  /** The platforms to check (default: every one with credentials set); one named whose credentials are unset fails. */
  only?: readonly string[];
  clock?: Clock;
  /** Options of the clients (default CHECK_UPSTREAM). */
  upstream?: ClientDeps['upstream'];
  /** The adapters (default syncPlatforms). */
  platforms?: readonly SyncPlatform[];
}

/**
 * A check is one request, answered at once: no retry (a 5xx or no answer is reported as it is; the next
 * check tries again), and 10 s for an answer.
 */
export const CHECK_UPSTREAM: ClientDeps['upstream'] = { retries: 0, timeoutMs: 10_000 };

/**
 * Checks each platform's configured credentials with the one cheap request its adapter names (`check`: a
 * token request, or the cheapest authenticated call), all at once. Touches no store. Every message is masked
 * as runs mask theirs.
 */
export async function checkCredentials(options: CheckOptions): Promise<CredentialCheck[]> {
  const { config, only } = options;
  const platforms = (options.platforms ?? syncPlatforms).filter((adapter) => !only || only.includes(adapter.platform));
  const deps: ClientDeps = {
    config,
    clock: options.clock ?? systemClock,
    upstream: options.upstream ?? CHECK_UPSTREAM,
    onWait: () => {},
  };
  const mask = (text: string) => maskSecrets(config, text);
  return Promise.all(
    platforms.map(async (adapter): Promise<CredentialCheck> => {
      const base = { platform: adapter.platform, api: adapter.api, cost: adapter.checkCost };
      const variables = adapter.credentials(config);
      const unset = unsetCredentials(variables);
      if (!only && unset.length === Object.keys(variables).length)
        return { ...base, status: 'unset', detail: `${unset.join(' and ')} not set` };
      try {
        return { ...base, status: 'ok', detail: mask(await adapter.check(deps)) };
      } catch (error) {
        return { ...base, status: 'failed', detail: mask(error instanceof Error ? error.message : String(error)) };
      }
    }),
  );
}

/** `forum (reddit): ok: POST /api/v1/access_token; cost: one token request, no API request`, `… failed: <why>`. */
export function checkLine(check: CredentialCheck): string {
  const name = `${check.platform} (${check.api})`;
  if (check.status === 'ok') return `${name}: ok: ${check.detail}; cost: ${check.cost}`;
  if (check.status === 'unset') return `${name}: not configured (${check.detail})`;
  return `${name}: failed: ${check.detail}`;
}
