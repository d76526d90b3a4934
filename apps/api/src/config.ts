import { DEFAULT_STORE_ADDRESS } from '@socialquery/store';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
  /** Signs paging tokens; when unset, a secret is generated once and kept in the store. */
  SOCIALQUERY_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of: ${logLevels.join(', ')}` }).default('info'),
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
