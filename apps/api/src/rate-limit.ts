import type { Operation } from '@socialquery/core';
import type { NextFunction, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { createClient, defineScript } from 'redis';
import { sendError } from './error-response.js';
import { contextOf } from './request-context.js';

/**
 * Per-credential request budgets: `limit` units per fixed window of `windowMs`, each operation
 * charging `operation.cost(params)` units (default 1), with the IETF draft-6 headers
 * (`RateLimit-Policy`, `-Limit`, `-Remaining`, `-Reset`), 429 `rate_limited` with `Retry-After` past
 * the budget, and fail-open when the counters cannot be reached.
 *
 * The charge is our own, not express-rate-limit's (used here until 2026-11): that library hands its
 * store nothing but a key, so the cost had to travel inside the key, and it runs five awaits and its
 * checks per request, while a budget in this process's memory can be charged without leaving the
 * call (BENCHMARKS.md, "Per-request cost against the floor"). The counters are ours rather than
 * rate-limiter-flexible's `consume(key, cost)`: over it every test still passed, but it measured
 * slower (BENCHMARKS.md, "Libraries over own code"; about half the charges per second in memory,
 * ~13 % fewer against Redis with 32 in flight: it sends its Lua script with every EVAL, where ours is
 * loaded once and called by its SHA). It would also have narrowed windows to whole seconds in Redis
 * (no expiry at all below one) and brought nothing the service keeps: its fail-open
 * (`insuranceLimiter`) counts per replica in memory instead of serving uncounted, and the reply
 * deadline and stall guard below would stay ours.
 */
export interface RequestBudget {
  /** Charges the authenticated credential the cost of a request with validated parameters (both in its `RequestContext`). */
  charge(operation: Operation): RequestHandler;
  /**
   * Charges a credential `units` more within its current window (an export's rows, as they are
   * sent): false when that takes it past its budget. Unreachable counters count as true (fail-open).
   */
  chargeMore(credentialId: string, units: number): Promise<boolean>;
  /** Settles once the counters are reachable, or the first attempt to reach them failed (then the service fails open). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface RequestBudgetOptions {
  /** Units per window and credential. */
  limit: number;
  windowMs: number;
  logger: Logger;
  /** `redis://…` or `rediss://…`: counters shared by every replica; in this process's memory when absent. */
  redisUrl?: string;
  /** Prepended to Redis keys (tests isolate their runs with it). */
  redisKeyPrefix?: string;
}

export const DEFAULT_RATE_LIMIT = 600;
export const DEFAULT_RATE_WINDOW_SECONDS = 60;
const DEFAULT_REDIS_KEY_PREFIX = 'socialquery:budget:';

/** A charge Redis has not answered by then is given up on: the request is served uncounted rather than kept waiting. */
const REDIS_REPLY_DEADLINE_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 1000;
const REDIS_MAX_RECONNECT_DELAY_MS = 2000;

export function createRequestBudget({
  limit,
  windowMs,
  logger,
  redisUrl,
  redisKeyPrefix,
}: RequestBudgetOptions): RequestBudget {
  const counters = redisUrl
    ? new RedisCounters(redisUrl, redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX, windowMs, logger)
    : new MemoryCounters(windowMs);
  const windowSeconds = Math.ceil(windowMs / 1000);
  const policy = `${limit};w=${windowSeconds}`;
  const limitText = String(limit);

  /** The request is counted: its headers, then on to the operation, or 429 past the budget. */
  const settle = (res: Response, next: NextFunction, { used, resetAt }: Counted) => {
    const resetSeconds = Math.max(0, Math.ceil((resetAt - Date.now()) / 1000));
    if (!res.headersSent) {
      res.setHeader('RateLimit-Policy', policy);
      res.setHeader('RateLimit-Limit', limitText);
      res.setHeader('RateLimit-Remaining', String(Math.max(limit - used, 0)));
      res.setHeader('RateLimit-Reset', String(resetSeconds));
    }
    if (used <= limit) {
      next();
      return;
    }
    // at least 1 s: a Retry-After of 0 invites a retry storm
    const retryAfter = Math.max(1, resetSeconds);
    sendError(
      res,
      'rate_limited',
      `this credential used its budget of ${limit} units per ${windowSeconds} s; retry after ${retryAfter} s`,
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  };
  /** Counters that cannot be reached serve the request uncounted (the Redis counters report their outages once). */
  const uncounted = (error: unknown) => {
    if (error instanceof CountersUnavailable)
      logger.debug('request served without counting: the rate-limit counters are unreachable');
    else
      logger.error({ reason: reasonOf(error) }, 'rate limits: a charge failed; the request is served without counting');
  };

  return {
    charge: (operation) => (_req, res, next) => {
      const context = contextOf(res);
      const { credentialId } = context;
      if (credentialId === undefined)
        throw new Error('rate limit: the budget is charged after authentication and parameter validation');
      const counted = counters.add(credentialId, costOf(operation, context.params ?? {}));
      if (!(counted instanceof Promise)) {
        settle(res, next, counted);
        return;
      }
      counted.then(
        (answer) => settle(res, next, answer),
        (error: unknown) => {
          uncounted(error);
          next();
        },
      );
    },
    async chargeMore(credentialId, units) {
      try {
        return (await counters.add(credentialId, units)).used <= limit;
      } catch (error) {
        if (!(error instanceof CountersUnavailable))
          logger.error({ reason: reasonOf(error) }, 'rate limits: an export charge failed');
        return true;
      }
    },
    ready: () => counters.ready(),
    close: () => counters.close(),
  };
}

function costOf(operation: Operation, params: Record<string, unknown>): number {
  const cost = operation.cost?.(params) ?? 1;
  if (!Number.isSafeInteger(cost) || cost < 1)
    throw new Error(`${operation.id}: cost must be a positive integer, got ${cost}`);
  return cost;
}

/** Thrown by counters that cannot be reached; the request is then served uncounted. */
class CountersUnavailable extends Error {
  override readonly name = 'CountersUnavailable';
}

/** A counter after a charge: the units used in its window, and when the window ends (epoch ms). */
interface Counted {
  used: number;
  resetAt: number;
}

/** Fixed-window counters, one per credential, each charge adding its cost. */
interface Counters {
  /** Adds `amount` to the counter, opening a window when none is open. Synchronous when the counters are local. */
  add(counter: string, amount: number): Counted | Promise<Counted>;
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Counters in this process: one service instance, or tests. Charged without leaving the call. */
class MemoryCounters implements Counters {
  private readonly windows = new Map<string, Counted>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly windowMs: number) {
    this.sweeper = setInterval(() => this.sweep(), windowMs);
    this.sweeper.unref();
  }

  add(counter: string, amount: number): Counted {
    const now = Date.now();
    let window = this.windows.get(counter);
    if (!window || window.resetAt <= now) {
      window = { used: 0, resetAt: now + this.windowMs };
      this.windows.set(counter, window);
    }
    window.used = Math.max(0, window.used + amount);
    return { used: window.used, resetAt: window.resetAt };
  }

  private sweep() {
    const now = Date.now();
    for (const [counter, window] of this.windows) if (window.resetAt <= now) this.windows.delete(counter);
  }

  async ready() {
    // in memory: nothing to connect to
  }

  async close() {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

/**
 * Adds the cost and opens the window in one script: Redis runs a script as one unit, so charges
 * from any number of replicas are serialized and each sees the total including all the others.
 * Returns [total, ms until the window ends].
 */
const chargeScript = defineScript({
  NUMBER_OF_KEYS: 1,
  SCRIPT: `
local used = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return { used, ttl }`,
  parseCommand(parser, key: string, amount: number, windowMs: number) {
    parser.pushKey(key);
    parser.push(String(amount), String(windowMs));
  },
  transformReply: (reply: unknown) => reply as [number, number],
});

function createRedisClient(url: string) {
  return createClient({
    url,
    disableOfflineQueue: true,
    scripts: { charge: chargeScript },
    socket: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, REDIS_MAX_RECONNECT_DELAY_MS),
    },
  });
}

/**
 * Counters in Redis, shared by every replica. No request waits on Redis: while it is disconnected
 * commands fail at once (no offline queue); a charge it does not answer within
 * REDIS_REPLY_DEADLINE_MS is given up on, and until that charge is answered (Redis stalled) the
 * next ones are not sent. Either way the limiter serves the request uncounted (fail-open). The
 * client reconnects by itself; each outage is logged once, and the return.
 */
class RedisCounters implements Counters {
  private readonly client: ReturnType<typeof createRedisClient>;
  private readonly firstAttempt: Promise<void>;
  private reachable: boolean | undefined;
  private stalled = false;
  private closing = false;

  constructor(
    url: string,
    readonly prefix: string,
    private readonly windowMs: number,
    private readonly logger: Logger,
  ) {
    this.client = createRedisClient(url);
    this.client.on('ready', () => this.markReachable());
    this.client.on('error', (error: unknown) => this.markUnreachable(error));
    this.client.on('end', () => this.markUnreachable(new Error('connection closed')));
    this.firstAttempt = new Promise((resolve) => {
      this.client.once('ready', () => resolve());
      this.client.once('error', () => resolve());
      setTimeout(resolve, REDIS_CONNECT_TIMEOUT_MS).unref();
    });
    // Resolves on the first connection, however long Redis takes to come up; rejects only when closed first.
    this.client.connect().catch(() => {});
  }

  async add(counter: string, amount: number): Promise<Counted> {
    if (this.stalled) throw new CountersUnavailable('Redis has not answered the previous charge yet');
    const reply = this.client.charge(this.prefix + counter, amount, this.windowMs);
    reply.then(
      () => this.markReachable(),
      (error: unknown) => this.markUnreachable(error),
    );
    try {
      const [used, ttl] = await withDeadline(reply, REDIS_REPLY_DEADLINE_MS);
      return { used: Number(used), resetAt: Date.now() + Number(ttl) };
    } catch (error) {
      if (error instanceof DeadlinePassed) {
        this.stalled = true;
        reply.then(
          () => (this.stalled = false),
          () => (this.stalled = false),
        );
        this.markUnreachable(error);
      }
      throw new CountersUnavailable('the rate-limit counters are unreachable', { cause: error });
    }
  }

  ready() {
    return this.firstAttempt;
  }

  async close() {
    this.closing = true;
    this.client.destroy();
  }

  private markReachable() {
    if (this.reachable === true) return;
    this.logger.info(
      this.reachable === false
        ? 'rate limits: Redis is reachable again, counting resumes'
        : 'rate limits: counting in Redis',
    );
    this.reachable = true;
  }

  private markUnreachable(error: unknown) {
    if (this.reachable === false || this.closing) return;
    this.reachable = false;
    this.logger.warn(
      { reason: reasonOf(error) },
      'rate limits: Redis is unreachable; requests are served without counting until it returns (fail-open)',
    );
  }
}

class DeadlinePassed extends Error {
  override readonly name = 'DeadlinePassed';
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassed(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** A short reason without the URL (which may hold a password): the message, else the code (an AggregateError has none). */
function reasonOf(error: unknown): string {
  const { message, code, name } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  for (const reason of [message, code, name]) if (typeof reason === 'string' && reason !== '') return reason;
  return String(error);
}
