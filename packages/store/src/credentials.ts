import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
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

export function createCredentialStore(db: Kysely<Database>): CredentialStore {
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
      return Number(result.numUpdatedRows) > 0;
    },
    async check(secret, kind) {
      const row = await db
        .selectFrom('credentials')
        .select(['id', 'kind', 'revoked_at'])
        .where('secret_hash', '=', hashSecret(secret))
        .executeTakeFirst();
      return row && row.kind === kind && row.revoked_at === null ? row.id : null;
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
