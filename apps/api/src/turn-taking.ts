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
 * - otherwise requests until `budgetMs` have passed, so that the requests keep their share of the
 *   event loop beside the heavy work that runs a step a turn (an export's pages, export.ts). One
 *   request a turn throughout halved forum-hot's requests/s beside two exports and two searches.
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
  }: { budgetMs?: number; now?: () => number } = {},
): Turns {
  /** Arrived and not yet handled, from `next` on (handled entries are cleared for the collector). */
  let waiting: ([IncomingMessage, ServerResponse] | undefined)[] = [];
  let next = 0;
  let scheduled = false;
  let accepted = false;
  const turn = () => {
    const short = accepted;
    accepted = false;
    const until = now() + budgetMs;
    try {
      while (next < waiting.length) {
        const [req, res] = waiting[next]!;
        waiting[next++] = undefined;
        if (req.socket.destroyed) continue;
        listener(req, res);
        if (short || now() >= until) break;
      }
    } finally {
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
