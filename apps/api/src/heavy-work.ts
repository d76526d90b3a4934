import type { Operation } from '@socialquery/core';
import type { RequestHandler, Response } from 'express';
import { sendError } from './error-response.js';
import { contextOf } from './request-context.js';

/** How many heavy requests (bulk exports, operations declared `heavy`) run at once. */
export interface HeavyWorkLimits {
  /** On this replica, all credentials together. */
  perReplica: number;
  /** For one credential, on this replica. */
  perCredential: number;
}

export const DEFAULT_HEAVY_WORK_LIMITS: HeavyWorkLimits = { perReplica: 4, perCredential: 2 };

/** `Retry-After` of a refusal: the replica's slots free up as any export ends; the credential's only as its own do. */
const RETRY_BUSY_SECONDS = '1';
const RETRY_CREDENTIAL_SECONDS = '5';

function refuse(res: Response, code: 'concurrency_limited' | 'busy', runs: string, retryAfter: string) {
  sendError(
    res,
    code,
    `${runs} heavy requests (bulk exports, searches) at once, its most; retry after ${retryAfter} s`,
    {
      headers: { 'Retry-After': retryAfter },
    },
  );
}

export interface HeavyWork {
  /** The middleware that admits an operation's heavy requests, or undefined when it has none to admit. */
  gate(operation: Operation, exportable: boolean): RequestHandler | undefined;
  /** Heavy requests running now on this replica. */
  running(): number;
}

/**
 * Bounds the heavy work one replica takes on, so a few exports or broad searches cannot starve the
 * cheap requests beside them: at most `perReplica` at once (over it: 503 `busy`), and at most
 * `perCredential` for one credential (over it: 429 `concurrency_limited`), each with `Retry-After`.
 * A request holds its slot until its response is finished or its connection closes. The gate runs
 * after authentication and parameter checks and before the budget's charge: a refused request
 * costs nothing. Counts are per replica (in this process): the request budget is what replicas share.
 */
export function createHeavyWork(limits: HeavyWorkLimits = DEFAULT_HEAVY_WORK_LIMITS): HeavyWork {
  let running = 0;
  const byCredential = new Map<string, number>();
  const admit: RequestHandler = (_req, res, next) => {
    const context = contextOf(res);
    const credential = context.credentialId ?? '';
    const own = byCredential.get(credential) ?? 0;
    if (own >= limits.perCredential) {
      refuse(res, 'concurrency_limited', `this credential already runs ${own}`, RETRY_CREDENTIAL_SECONDS);
      return;
    }
    if (running >= limits.perReplica) {
      refuse(res, 'busy', `this replica already runs ${running}`, RETRY_BUSY_SECONDS);
      return;
    }
    running += 1;
    byCredential.set(credential, own + 1);
    res.once('close', () => {
      running -= 1;
      const left = (byCredential.get(credential) ?? 1) - 1;
      if (left === 0) byCredential.delete(credential);
      else byCredential.set(credential, left);
    });
    next();
  };
  return {
    gate(operation, exportable) {
      if (operation.heavy) return admit;
      if (!exportable) return undefined;
      // a listing's ordinary page is cheap; only its bulk export is heavy
      return (req, res, next) => (contextOf(res).exportFormat === undefined ? next() : admit(req, res, next));
    },
    running: () => running,
  };
}
