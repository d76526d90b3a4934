import type { AuthScheme } from '@socialquery/core';
import { ServiceError } from '@socialquery/core/server';
import type { CredentialStore } from '@socialquery/store';
import type { Request, RequestHandler } from 'express';
import { contextOf } from './request-context.js';

const BEARER = /^Bearer +([^ ]+) *$/i;

const challenge = (error?: string) => ({
  'WWW-Authenticate': error ? `Bearer realm="socialquery", error="${error}"` : 'Bearer realm="socialquery"',
});

/**
 * Checks the credential an operation's `auth` asks for: `x-api-key` for apiKey operations,
 * `Authorization: Bearer` for bearer ones. Credentials are never read from the query string.
 * Timing: the store looks the secret up by its SHA-256 hash, so no comparison ever runs over the
 * secret itself; timing could only reveal how much of a hash matched, which does not help build a
 * secret (SECURITY.md). The store may remember a live credential for a few seconds
 * (SOCIALQUERY_CREDENTIAL_CACHE_SECONDS): a revocation from elsewhere reaches this replica within that.
 */
export function authenticate(scheme: AuthScheme, credentials: CredentialStore): RequestHandler {
  const kind = scheme === 'apiKey' ? 'api-key' : 'token';
  return async (req, res, next) => {
    const secret = scheme === 'apiKey' ? apiKeyOf(req) : bearerTokenOf(req);
    if (secret === undefined) {
      const what =
        scheme === 'apiKey' ? 'an API key in the x-api-key header' : 'a bearer token in the Authorization header';
      throw new ServiceError('missing_credentials', `this operation needs ${what}`, {
        headers: scheme === 'bearer' ? challenge() : {},
      });
    }
    const credentialId = await credentials.check(secret, kind);
    if (credentialId === null) {
      throw new ServiceError(
        'invalid_credentials',
        `the ${scheme === 'apiKey' ? 'API key' : 'bearer token'} is unknown, revoked, or not valid for this operation`,
        {
          headers: scheme === 'bearer' ? challenge('invalid_token') : {},
        },
      );
    }
    contextOf(res).credentialId = credentialId;
    next();
  };
}

function apiKeyOf(req: Request): string | undefined {
  const value = req.headers['x-api-key'];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** undefined when no Authorization header; an Authorization of another scheme is not a bearer token. */
function bearerTokenOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === '') return undefined;
  const match = BEARER.exec(header);
  if (!match?.[1]) {
    throw new ServiceError('invalid_credentials', 'expected Authorization: Bearer <token>', {
      headers: challenge('invalid_request'),
    });
  }
  return match[1];
}
