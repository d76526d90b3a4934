import { DEFAULT_STORE_ADDRESS, parseDemoScales } from '@socialquery/store';
import { z } from 'zod';
import { DEFAULT_HEAVY_WORK_LIMITS } from './heavy-work.js';
import { DEFAULT_RATE_LIMIT, DEFAULT_RATE_WINDOW_SECONDS } from './rate-limit.js';
import { CorsOrigins } from './security.js';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const logFormats = ['json', 'pretty'] as const;
export type LogFormat = (typeof logFormats)[number];

/** A whole number from `min` (default 1) to `max`, written in base-10 digits. */
const wholeNumber = (max: number, what: string, min = 1) => {
  const error = `must be a whole number from ${min} to ${max} (${what})`;
  return z
    .string()
    .regex(/^[0-9]{1,10}$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
};

/** The service's configuration, read from the environment and validated once at start. */
export const ConfigSchema = z.object({
  PORT: z
    .string()
    .regex(/^[0-9]{1,5}$/, { error: 'must be a port number from 0 to 65535' })
    .transform(Number)
    .refine((n) => n <= 65535, { error: 'must be a port number from 0 to 65535' })
    .default(8080),
  HOST: z.string().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  SOCIALQUERY_STORE: z.string().min(1, { error: 'must not be empty' }).default(DEFAULT_STORE_ADDRESS),
  /** PostgreSQL stores: connections per replica. */
  SOCIALQUERY_POOL_SIZE: wholeNumber(1000, 'connections').default(10),
  /** PostgreSQL stores: a statement running longer is cancelled and the request answers 503. */
  SOCIALQUERY_STATEMENT_TIMEOUT_MS: wholeNumber(3_600_000, 'milliseconds').default(10_000),
  /** Signs paging tokens; when unset, a secret is generated once and kept in the store. */
  SOCIALQUERY_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** Units of request budget per credential and window; an operation costs 1 unless its contract says more. */
  SOCIALQUERY_RATE_LIMIT: wholeNumber(1_000_000_000, 'requests per window').default(DEFAULT_RATE_LIMIT),
  SOCIALQUERY_RATE_WINDOW: wholeNumber(86_400, 'seconds').default(DEFAULT_RATE_WINDOW_SECONDS),
  /** Where the budget counters live, shared by every replica; in each process's memory when unset. */
  SOCIALQUERY_REDIS: z
    .url({ protocol: /^rediss?$/, hostname: /./, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  /** Heavy requests (bulk exports, searches) a replica runs at once; more → 503 `busy`. */
  SOCIALQUERY_HEAVY_CONCURRENCY: wholeNumber(10_000, 'requests').default(DEFAULT_HEAVY_WORK_LIMITS.perReplica),
  /** Heavy requests one credential runs at once on a replica; more → 429 `concurrency_limited`. */
  SOCIALQUERY_HEAVY_PER_CREDENTIAL: wholeNumber(10_000, 'requests').default(DEFAULT_HEAVY_WORK_LIMITS.perCredential),
  /** How long a replica remembers a live credential: a revocation from elsewhere (CLI, another replica) reaches it within this; 0 reads the store on every request. */
  SOCIALQUERY_CREDENTIAL_CACHE_SECONDS: wholeNumber(3600, 'seconds', 0).default(5),
  /** SQLite store files: threads that run heavy operations (searches) off the event loop; 0 runs them on it. */
  SOCIALQUERY_READER_THREADS: wholeNumber(16, 'threads', 0).default(1),
  /** Browser origins allowed to call the API (CORS), comma-separated, or `*`; CORS is off when unset. */
  SOCIALQUERY_CORS_ORIGINS: CorsOrigins.optional(),
  /** Per-set scales of the demo that `--demo-if-empty` seeds (`music=1`: the whole music catalog); the first-run demo (FIRST_RUN_DEMO_SCALES) when unset. */
  SOCIALQUERY_DEMO_SCALES: z
    .string()
    .transform((text, ctx) => {
      try {
        return parseDemoScales(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  /** The `/explore` page: `on` (default) or `off`. */
  SOCIALQUERY_EXPLORER: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** The Arctic Shift and Pushshift routes under `/compat/` (docs/compat.md): `on` (default) or `off`. */
  SOCIALQUERY_COMPAT_ROUTES: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of: ${logLevels.join(', ')}` }).default('info'),
  /** `json` lines, or `pretty` text for a person at a terminal; unset: pretty when stdout is a terminal. */
  LOG_FORMAT: z.enum(logFormats, { error: `must be one of: ${logFormats.join(', ')}` }).optional(),
});

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.keys(ConfigSchema.shape);
  const picked = Object.fromEntries(known.map((name) => [name, env[name] === '' ? undefined : env[name]]));
  const result = ConfigSchema.safeParse(picked);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')} ${issue.message}`);
  throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
}
