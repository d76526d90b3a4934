import { z } from 'zod';

/**
 * Catalog URIs: `music:<kind>:<id>` (every catalog object carries one).
 *
 * Operations take URIs of the catalog kinds (artist, album, track, playlist, show, user). Three
 * more kinds only appear in responses, so that every catalog object carries a `uri`: genre (genres
 * and moods), episode (podcast episodes) and concert. A text suggestion's URI is
 * `music:search:<terms joined by +>`.
 */
export const URI_SCHEME = 'music';

export const resourceKinds = ['artist', 'album', 'track', 'playlist', 'show', 'user'] as const;
export type ResourceKind = (typeof resourceKinds)[number];

export const catalogKinds = [...resourceKinds, 'genre', 'episode', 'concert'] as const;
export type CatalogKind = (typeof catalogKinds)[number];

/** Ids are 1–64 ASCII letters, digits, `_` or `-`. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface CatalogUri {
  kind: CatalogKind;
  id: string;
}

/** `music:<kind>:<id>` → its kind and id; undefined when it is not a well-formed catalog URI. */
export function parseUri(value: string): CatalogUri | undefined {
  const parts = value.split(':');
  if (parts.length !== 3 || parts[0] !== URI_SCHEME) return undefined;
  const [, kind, id] = parts as [string, string, string];
  if (!(catalogKinds as readonly string[]).includes(kind) || !ID_PATTERN.test(id)) return undefined;
  return { kind: kind as CatalogKind, id };
}

export function formatUri(kind: CatalogKind, id: string): string {
  return `${URI_SCHEME}:${kind}:${id}`;
}

/** The id of a URI the operation's parameter schema has already checked to be of `kind`. */
export function idOf(uri: string, kind: ResourceKind): string {
  const parsed = parseUri(uri);
  if (parsed?.kind !== kind) throw new Error(`not a ${kind} URI: ${uri}`);
  return parsed.id;
}

/** A text suggestion's URI: `music:search:` and the terms joined by `+` (`music:search:daft+punk`). */
export function searchUri(terms: readonly string[]): string {
  return `${URI_SCHEME}:search:${terms.map(encodeURIComponent).join('+')}`;
}

/**
 * The `uri` query parameter of an operation on `kind`: required; a malformed URI or one of another
 * kind fails validation, which the service answers with 400 `invalid_parameter` (and the client
 * with a RequestSetupError). The value stays the URI; handlers take its id with `idOf`.
 */
export function uriParam(kind: ResourceKind) {
  const expected = `must be a catalog URI ${URI_SCHEME}:${kind}:<id>`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .min(1, { error: 'must not be empty' })
    .superRefine((value, ctx) => {
      const parsed = parseUri(value);
      if (!parsed) ctx.addIssue({ code: 'custom', message: expected });
      else if (parsed.kind !== kind)
        ctx.addIssue({ code: 'custom', message: `${expected} (got one of kind ${parsed.kind})` });
    })
    .describe(`${/^[aeiou]/.test(kind) ? 'An' : 'A'} ${kind} URI, \`${URI_SCHEME}:${kind}:<id>\`.`);
}
