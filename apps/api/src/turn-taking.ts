import type { IncomingMessage, ServerResponse } from 'node:http';
import { contextOf } from './request-context.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** How long one turn of the event loop runs waiting requests, at most (one more may begin before it ends). */
export const TURN_BUDGET_MS = 5;

export interface Turns {
  /** The server's request listener: queues the request for its turn. */
  listener: Listener;
  /** Call on the server's `connection` event: the next turn is kept short (one request). */
  connected: () => void;
}

/**
 * The server's request listener, running the requests in the order they arrived, in turns of the
 * event loop of bounded length, so that a busy service still takes new connections.
 *
 * libuv (1.45 on, so Node 20) accepts one connection per turn of the event loop, and Node's HTTP
 * server runs the listener for every request that arrived in a turn before the next turn begins.
 * With N busy connections a turn lasts N requests' work, and a new connection waits one such turn
 * for each connection ahead of it in the kernel's queue: 256 clients connecting to a busy replica
 * waited up to the whole 5 s of a run for their first answer while the others were answered in
 * ~50 ms, on the service and on a bare node:http server alike (BENCHMARKS.md, "Fifth pass": new
 * connections to a busy server). Here an arriving request only joins a queue, and `setImmediate`
 * runs the queue:
 *
 * - after a turn in which a connection was accepted, one request only, so that the next
 *   connection waiting in the kernel's queue is accepted one request later;
 * - otherwise as many requests as fit in `budgetMs`, so that the requests keep their share of
 *   the event loop beside the heavy work that runs a step a turn (an export's pages, export.ts).
 *   One request a turn throughout halved forum-hot's requests/s beside two exports and two
 *   searches.
 *
 * What fits is measured, not timed while the turn runs: a handler returns at its first `await`
 * (every store call is one, even better-sqlite3's behind Kysely), and the rest of its work runs
 * after the turn, before the event loop moves on. So the event loop's busy time from one turn's
 * start to the next's (its idle wait for I/O left out), over the requests the first started, is a
 * request's cost (a moving average, `msPerRequest`), and a turn starts `budgetMs / msPerRequest`
 * of them. Timed alone, a turn started every waiting request (256 at 256 connections, ~65 ms of
 * work on SQLite), and a connection accepted between two such turns waited for the next
 * (BENCHMARKS.md, "Sixth pass"). The clock still ends a turn whose handlers run long before their
 * first `await`.
 *
 * A request's clock starts when it arrives here (`receivedAt`), so the access log's duration
 * includes its wait. A request whose connection closed while it waited is dropped unhandled: its
 * client has gone before any work began (a client that gave up under load costs no query).
 */
export function takingTurns(
  listener: Listener,
  {
    budgetMs = TURN_BUDGET_MS,
    /** The clock of the budget and of `receivedAt` (tests pass their own); the access log reads `performance.now()`. */
    now = () => performance.now(),
    /** The event loop's idle time so far, in ms of the same clock. */
    idle = () => performance.eventLoopUtilization().idle,
  }: { budgetMs?: number; now?: () => number; idle?: () => number } = {},
): Turns {
  /** Arrived and not yet handled, from `next` on (handled entries are cleared for the collector). */
  let waiting: ([IncomingMessage, ServerResponse] | undefined)[] = [];
  let next = 0;
  let scheduled = false;
  let accepted = false;
  /** A request's share of the event loop's busy time, in ms: a moving average over the turns. */
  let msPerRequest = 0;
  /** The last turn: when it began, the idle time until then, and how many requests it started. */
  let last: { at: number; idle: number; started: number } | undefined;
  const turn = () => {
    const at = now();
    const idleAt = idle();
    if (last && last.started > 0) {
      const busy = at - last.at - (idleAt - last.idle);
      msPerRequest += (busy / last.started - msPerRequest) / 8;
    }
    // before the first measure, the clock alone ends the turn (budgetMs / 0 is Infinity)
    const limit = accepted ? 1 : Math.max(1, Math.floor(budgetMs / msPerRequest));
    accepted = false;
    const until = at + budgetMs;
    let started = 0;
    try {
      while (next < waiting.length) {
        const [req, res] = waiting[next]!;
        waiting[next++] = undefined;
        if (req.socket.destroyed) continue;
        listener(req, res);
        if (++started >= limit || now() >= until) break;
      }
    } finally {
      last = { at, idle: idleAt, started };
      // also after a listener threw: the requests behind it still get their turn
      if (next < waiting.length) setImmediate(turn);
      else {
        scheduled = false;
        waiting = [];
        next = 0;
      }
    }
  };
  return {
    listener: (req, res) => {
      contextOf(res).receivedAt = now();
      waiting.push([req, res]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(turn);
      }
    },
    connected: () => {
      accepted = true;
    },
  };
}
