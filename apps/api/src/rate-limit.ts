import type { Operation } from '@socialquery/core';
import type { RequestHandler } from 'express';
import { type AugmentedRequest, type ClientRateLimitInfo, rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { createClient, defineScript } from 'redis';
import { sendError } from './error-response.js';
import { contextOf, type RequestContext } from './request-context.js';

/**
 * Per-credential request budgets: `limit` units per fixed window of `windowMs`, each operation
 * charging `operation.cost(params)` units (default 1). express-rate-limit does the framework part
 * (headers, the 429, fail-open on store errors); the stores here add what it lacks: charging a
 * request more than one unit.
 *
 * The counters are our own rather than rate-limiter-flexible's `consume(key, cost)`: over it every
 * test still passed, but it measured slower (BENCHMARKS.md, "Libraries over own code"; about half
 * the charges per second in memory, ~13 % fewer against Redis with 32 in flight: it sends its Lua
 * script with every EVAL, where ours is loaded once and called by its SHA). It would also have
 * narrowed windows to whole seconds in Redis (no expiry at all below one) and brought nothing the
 * service keeps: its fail-open (`insuranceLimiter`) counts per replica in memory instead of serving
 * uncounted, and the reply deadline and stall guard below would stay ours.
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
  const store = redisUrl
    ? new RedisCostStore(redisUrl, redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX, logger)
    : new MemoryCostStore();
  const windowSeconds = Math.ceil(windowMs / 1000);
  const limiter = rateLimit({
    windowMs,
    limit,
    store,
    standardHeaders: 'draft-6',
    legacyHeaders: false,
    keyGenerator: (_req, res) => chargeKeyOf(contextOf(res)),
    passOnStoreError: true,
    logger: limiterLogger(logger),
    handler: (req, res) => {
      const retryAfter = secondsUntil((req as AugmentedRequest).rateLimit?.resetTime);
      sendError(
        res,
        'rate_limited',
        `this credential used its budget of ${limit} units per ${windowSeconds} s; retry after ${retryAfter} s`,
        {
          headers: { 'Retry-After': String(retryAfter) },
        },
      );
    },
  });
  return {
    charge: (operation) => (req, res, next) => {
      const context = contextOf(res);
      context.cost = costOf(operation, context.params ?? {});
      return limiter(req, res, next);
    },
    async chargeMore(credentialId, units) {
      try {
        return (await store.increment(chargeKey(credentialId, units))).totalHits <= limit;
      } catch (error) {
        if (!(error instanceof CountersUnavailable))
          logger.error({ reason: reasonOf(error) }, 'rate limits: an export charge failed');
        return true;
      }
    },
    ready: () => store.ready(),
    close: () => store.close(),
  };
}

function costOf(operation: Operation, params: Record<string, unknown>): number {
  const cost = operation.cost?.(params) ?? 1;
  if (!Number.isSafeInteger(cost) || cost < 1)
    throw new Error(`${operation.id}: cost must be a positive integer, got ${cost}`);
  return cost;
}

/** Whole seconds until `resetTime`, at least 1 (a Retry-After of 0 invites a retry storm). */
function secondsUntil(resetTime: Date | undefined): number {
  return resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : 1;
}

/**
 * express-rate-limit hands its store nothing but the key (its `Store.increment(key)` has no
 * request), so the request's cost — a typed field of its `RequestContext` everywhere else — is
 * written into the key here and read back by `parseChargeKey`, the one place each way:
 * `<cost>:<credential id>`. The stores count under the credential id alone. (An AsyncLocalStorage
 * could carry the cost instead, but on Node 20 it turns on promise hooks for the whole process: the
 * service measured ~5 % slower against its handler baseline in `pnpm bench`.)
 */
const chargeKey = (credentialId: string, cost: number) => `${cost}:${credentialId}`;

function chargeKeyOf({ credentialId, cost }: RequestContext): string {
  if (credentialId === undefined || cost === undefined)
    throw new Error('rate limit: the budget is charged after authentication and parameter validation');
  return chargeKey(credentialId, cost);
}

function parseChargeKey(key: string): { cost: number; counter: string } {
  const colon = key.indexOf(':');
  return { cost: Number(key.slice(0, colon)), counter: key.slice(colon + 1) };
}

/**
 * express-rate-limit logs its configuration checks, and every store failure once per request;
 * the Redis store reports its outages itself (once per outage), and keys are never logged.
 */
function limiterLogger(logger: Logger) {
  const describe = (error: unknown) => {
    const { code, help } = (error ?? {}) as { code?: unknown; help?: unknown };
    return { code, help };
  };
  return {
    warn: (error: unknown, message?: string) => logger.warn(describe(error), message ?? 'express-rate-limit warning'),
    error: (error: unknown, message?: string) => {
      if (error instanceof CountersUnavailable)
        logger.debug('request served without counting: the rate-limit counters are unreachable');
      else logger.error(describe(error), message ?? 'express-rate-limit error');
    },
  };
}

/** Thrown by a store whose counters cannot be reached; the limiter then serves the request uncounted. */
class CountersUnavailable extends Error {
  override readonly name = 'CountersUnavailable';
}

/** A fixed-window counter that charges each request its cost, keyed by credential. */
abstract class CostStore implements Store {
  protected windowMs = DEFAULT_RATE_WINDOW_SECONDS * 1000;

  init(options: { windowMs: number }) {
    this.windowMs = options.windowMs;
  }

  increment(key: string): Promise<ClientRateLimitInfo> {
    const { cost, counter } = parseChargeKey(key);
    return this.add(counter, cost);
  }

  /** Called by express-rate-limit only with `skipFailedRequests`/`skipSuccessfulRequests`, which the budget does not use. */
  async decrement(key: string) {
    const { cost, counter } = parseChargeKey(key);
    await this.add(counter, -cost);
  }

  resetKey(key: string) {
    return this.remove(parseChargeKey(key).counter);
  }

  /** Adds `amount` to the counter, opening a window when none is open: the new total and the window's end. */
  protected abstract add(counter: string, amount: number): Promise<ClientRateLimitInfo>;
  protected abstract remove(counter: string): Promise<void>;
  abstract ready(): Promise<void>;
  abstract close(): Promise<void>;
}

/** Counters in this process: one service instance, or tests. */
class MemoryCostStore extends CostStore {
  readonly localKeys = true;
  private readonly windows = new Map<string, { used: number; resetAt: number }>();
  private sweeper: NodeJS.Timeout | undefined;

  override init(options: { windowMs: number }) {
    super.init(options);
    clearInterval(this.sweeper);
    this.sweeper = setInterval(() => this.sweep(), this.windowMs);
    this.sweeper.unref();
  }

  protected async add(counter: string, amount: number) {
    const now = Date.now();
    let window = this.windows.get(counter);
    if (!window || window.resetAt <= now) {
      window = { used: 0, resetAt: now + this.windowMs };
      this.windows.set(counter, window);
    }
    window.used = Math.max(0, window.used + amount);
    return { totalHits: window.used, resetTime: new Date(window.resetAt) };
  }

  protected async remove(counter: string) {
    this.windows.delete(counter);
  }

  private sweep() {
    const now = Date.now();
    for (const [counter, window] of this.windows) if (window.resetAt <= now) this.windows.delete(counter);
  }

  async ready() {}

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
class RedisCostStore extends CostStore {
  readonly localKeys = false;
  private readonly client: ReturnType<typeof createRedisClient>;
  private readonly firstAttempt: Promise<void>;
  private reachable: boolean | undefined;
  private stalled = false;
  private closing = false;

  constructor(
    url: string,
    readonly prefix: string,
    private readonly logger: Logger,
  ) {
    super();
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

  protected async add(counter: string, amount: number) {
    if (this.stalled) throw new CountersUnavailable('Redis has not answered the previous charge yet');
    const reply = this.client.charge(this.prefix + counter, amount, this.windowMs);
    reply.then(
      () => this.markReachable(),
      (error: unknown) => this.markUnreachable(error),
    );
    try {
      const [used, ttl] = await withDeadline(reply, REDIS_REPLY_DEADLINE_MS);
      return { totalHits: Number(used), resetTime: new Date(Date.now() + Number(ttl)) };
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

  protected async remove(counter: string) {
    await this.client.del(this.prefix + counter);
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
