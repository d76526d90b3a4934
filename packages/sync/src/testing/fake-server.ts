import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../clock.js';

/**
 * What every platform's fake shares: a loopback HTTP server that logs each request and plays scripted
 * faults before the platform's handler, and a clock whose waits take no time.
 */

/** A clock whose sleeps move `now` forward at once (yielding to I/O first), recording each wait. */
export function fakeClock(
  start = Date.parse('2026-03-02T12:00:00Z'),
): Clock & { sleeps: number[]; advance(ms: number): void } {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
    advance: (ms) => void (now += ms),
    async sleep(ms, signal) {
      sleeps.push(ms);
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw signal.reason;
      now += ms;
    },
  };
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization?: string;
  /** The request's body, as sent (a form, JSON). */
  body?: string;
}

/** A scripted answer: a status with headers and body, or `drop` (the connection is destroyed: no answer). */
export type Fault = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop';

export interface Fake {
  url: string;
  requests: LoggedRequest[];
  /** The next requests whose path starts with `prefix` get these answers, one each, in order. */
  fail(prefix: string, ...faults: Fault[]): void;
  /** Headers added to every answer (rate-limit headers). */
  headers: Record<string, string>;
  close(): Promise<void>;
}

export type Handler = (
  request: LoggedRequest,
  body: string,
) => { status: number; body: unknown; headers?: Record<string, string>; text?: string };

/** Serves `handler` on 127.0.0.1 (an ephemeral port), logging every request and playing scripted faults first. */
export async function startFake(handler: Handler): Promise<Fake> {
  const faults: { prefix: string; fault: Fault }[] = [];
  const requests: LoggedRequest[] = [];
  const headers: Record<string, string> = {};
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const logged: LoggedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        ...(body !== '' ? { body } : {}),
      };
      requests.push(logged);
      const index = faults.findIndex((f) => url.pathname.startsWith(f.prefix));
      const fault = index === -1 ? undefined : faults.splice(index, 1)[0]!.fault;
      if (fault === 'drop') {
        req.socket.destroy();
        return;
      }
      const answer: { status: number; body?: unknown; headers?: Record<string, string>; text?: string } =
        fault ?? handler(logged, body);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...headers, ...answer.headers });
      res.end(answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    headers,
    fail: (prefix, ...list) => faults.push(...list.map((fault) => ({ prefix, fault }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Upstream options that make retries instant on the fake clock and deterministic. */
export const fastUpstream = { retries: 3, baseDelayMs: 100, maxWaitMs: 600_000, timeoutMs: 5_000, random: () => 0.5 };

/** The bearer token a request carried (empty when none). */
export const bearer = (request: LoggedRequest) => request.authorization?.replace(/^Bearer /, '') ?? '';
