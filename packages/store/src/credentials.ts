import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { CredentialKind, Database } from './schema.js';

export const credentialKinds = ['api-key', 'token', 'feed'] as const satisfies readonly CredentialKind[];

export interface CredentialInfo {
  id: string;
  kind: CredentialKind;
  name: string | null;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface CreatedCredential extends CredentialInfo {
  /** Shown once; only its hash is kept. */
  secret: string;
}

export interface CredentialStore {
  create(kind: CredentialKind, name?: string): Promise<CreatedCredential>;
  list(): Promise<CredentialInfo[]>;
  /** True when a live credential with that id was revoked now. */
  revoke(id: string): Promise<boolean>;
  /** The id of the live credential of that kind with that secret; null for unknown, revoked or wrong-kind ones. */
  check(secret: string, kind: CredentialKind): Promise<string | null>;
  count(): Promise<number>;
}

/** A secret's prefix tells its kind at a glance (a feed token, `sqf_`, is the one meant to sit in URLs). */
const PREFIX: Record<CredentialKind, string> = { 'api-key': 'sqk_', token: 'sqt_', feed: 'sqf_' };

/** SHA-256 of a 192-bit random secret: a fast lookup key that reveals nothing if the store leaks. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface CredentialCacheOptions {
  /**
   * How long a successful check is remembered in this process, in ms (default 0: every check reads
   * the store). A revocation through this same store object takes effect at once; one made
   * elsewhere (the CLI, another replica) reaches this process within that time.
   */
  cacheMs?: number;
  /** Live credentials remembered at most (least recently used forgotten first; default 10,000). */
  cacheEntries?: number;
  /** The clock of the cache (tests pass their own). */
  now?: () => number;
}

export function createCredentialStore(
  db: Kysely<Database>,
  { cacheMs = 0, cacheEntries = 10_000, now = Date.now }: CredentialCacheOptions = {},
): CredentialStore {
  // only credentials found live are remembered: unknown secrets (guesses) would only fill the cache
  const live = cacheMs > 0 ? new LRUCache<string, { id: string; until: number }>({ max: cacheEntries }) : undefined;
  const keyOf = (hash: string, kind: CredentialKind) => `${kind}:${hash}`;
  return {
    async create(kind, name) {
      const secret = PREFIX[kind] + randomBytes(24).toString('base64url');
      const row = {
        id: `cred_${randomBytes(6).toString('hex')}`,
        kind,
        name: name ?? null,
        secret_hash: hashSecret(secret),
        secret_hint: secret.slice(-4),
        created_at: Date.now(),
        revoked_at: null,
      };
      await db.insertInto('credentials').values(row).execute();
      return { ...toInfo(row), secret };
    },
    async list() {
      const rows = await db.selectFrom('credentials').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toInfo);
    },
    async revoke(id) {
      const result = await db
        .updateTable('credentials')
        .set({ revoked_at: Date.now() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (live) for (const [key, entry] of live.entries()) if (entry.id === id) live.delete(key);
      return Number(result.numUpdatedRows) > 0;
    },
    async check(secret, kind) {
      const hash = hashSecret(secret);
      const cached = live?.get(keyOf(hash, kind));
      if (cached && cached.until > now()) return cached.id;
      const row = await db
        .selectFrom('credentials')
        .select(['id', 'kind', 'revoked_at'])
        .where('secret_hash', '=', hash)
        .executeTakeFirst();
      const id = row?.kind === kind && row.revoked_at === null ? row.id : null;
      if (live) {
        if (id === null) live.delete(keyOf(hash, kind));
        else live.set(keyOf(hash, kind), { id, until: now() + cacheMs });
      }
      return id;
    },
    async count() {
      const row = await db
        .selectFrom('credentials')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

function toInfo(row: {
  id: string;
  kind: CredentialKind;
  name: string | null;
  secret_hint: string;
  created_at: number;
  revoked_at: number | null;
}): CredentialInfo {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    hint: `…${row.secret_hint}`,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    revokedAt: row.revoked_at === null ? null : new Date(Number(row.revoked_at)).toISOString(),
  };
}
