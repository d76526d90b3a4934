import { Agent, createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contextOf } from './request-context.js';
import { takingTurns, type Turns } from './turn-taking.js';

/** A request and response as far as `takingTurns` looks at them. */
function arrival(closed = false) {
  const req = { socket: { destroyed: closed } } as unknown as IncomingMessage;
  const res = {} as ServerResponse;
  return { req, res };
}

/** Counts the turns of the event loop (one `setImmediate` a turn) until stopped. */
function turnCounter() {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => turn, stop: () => void (running = false) };
}

const nextTurns = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : setImmediate(() => step(left - 1)));
    step(n);
  });

describe('takingTurns', () => {
  /** A listener that records which arrival it handled and in which turn, each taking `ms` of a clock of its own. */
  function recorder(arrivals: readonly { req: IncomingMessage }[], ms: number) {
    const turns = turnCounter();
    let clock = 0;
    const handled: { n: number; turn: number }[] = [];
    const handle = (req: IncomingMessage) => {
      handled.push({ n: arrivals.findIndex((a) => a.req === req), turn: turns.now() });
      clock += ms;
    };
    /** Each handled arrival's turn, counted from the first's. */
    const relativeTurns = () => handled.map((h) => h.turn - handled[0]!.turn);
    return { handle, handled, relativeTurns, now: () => clock, stop: turns.stop };
  }

  it('runs the requests in arrival order, in turns of the event loop that end once the budget is spent', async () => {
    const arrivals = [0, 1, 2, 3, 4].map(() => arrival());
    const seen = recorder(arrivals, 3);
    const { listener } = takingTurns(seen.handle, { budgetMs: 5, now: seen.now, idle: () => 0 });
    for (const { req, res } of arrivals) listener(req, res);
    expect(seen.handled).toEqual([]); // nothing runs where the requests arrive
    await nextTurns(6);
    seen.stop();
    expect(seen.handled.map((h) => h.n)).toEqual([0, 1, 2, 3, 4]);
    // 3 ms each against 5: the second request of a turn ends it
    expect(seen.relativeTurns()).toEqual([0, 0, 1, 1, 2]);
  });

  it('runs one request in the turn after a connection was accepted, then full turns again', async () => {
    const arrivals = [0, 1, 2, 3, 4, 5].map(() => arrival());
    const seen = recorder(arrivals, 1);
    const turns = takingTurns(seen.handle, { budgetMs: 1_000, now: seen.now, idle: () => 0 });
    for (const { req, res } of arrivals) turns.listener(req, res);
    turns.connected();
    await nextTurns(1);
    turns.connected();
    await nextTurns(4);
    seen.stop();
    expect(seen.handled.map((h) => h.n)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(seen.relativeTurns()).toEqual([0, 1, 2, 2, 2, 2]);
  });

  /**
   * Handlers that return at their first `await`, as the service's do, and do their 1 ms of work
   * after it; each answer brings that connection's next request (keep-alive clients). Timed while
   * it runs, a turn takes no time and starts every waiting request; measured across turns, it
   * starts what its budget holds.
   */
  it('starts as many requests a turn as the budget holds, by what the requests took across turns', async () => {
    let clock = 0;
    const startedInTurn = new Map<number, number>();
    const turnCount = turnCounter();
    const rounds = new Map<IncomingMessage, number>();
    const handle = async (req: IncomingMessage) => {
      const turn = turnCount.now();
      startedInTurn.set(turn, (startedInTurn.get(turn) ?? 0) + 1);
      await Promise.resolve();
      clock += 1;
      const round = rounds.get(req) ?? 0;
      if (round < 40) {
        const again = arrival();
        rounds.set(again.req, round + 1);
        turns.listener(again.req, again.res);
      }
    };
    const turns = takingTurns((req) => void handle(req), { budgetMs: 2, now: () => clock, idle: () => 0 });
    for (const { req, res } of [0, 1, 2, 3].map(() => arrival())) turns.listener(req, res);
    await nextTurns(200);
    turnCount.stop();
    const perTurn = [...startedInTurn.values()];
    expect(perTurn.reduce((sum, n) => sum + n, 0)).toBe(4 * 41);
    expect(perTurn[0]).toBe(4); // nothing measured yet: every waiting request
    expect(perTurn.slice(-20, -1)).toEqual(Array.from({ length: 19 }, () => 2)); // 2 ms of budget, 1 ms each
  });

  it('drops a request whose connection closed while it waited, and stamps when each arrived', async () => {
    const handled: IncomingMessage[] = [];
    let clock = 41;
    const { listener } = takingTurns((req) => handled.push(req), { now: () => clock++ });
    const open = arrival();
    const gone = arrival(true);
    listener(gone.req, gone.res);
    listener(open.req, open.res);
    await nextTurns(3);
    expect(handled).toEqual([open.req]);
    expect(contextOf(gone.res).receivedAt).toBe(41);
    expect(contextOf(open.res).receivedAt).toBe(42);
  });

  it('starts again when requests arrive after the line emptied', async () => {
    const handled: IncomingMessage[] = [];
    const { listener } = takingTurns((req) => handled.push(req));
    const a = arrival();
    const b = arrival();
    listener(a.req, a.res);
    await nextTurns(3);
    listener(b.req, b.res);
    await nextTurns(3);
    expect(handled).toEqual([a.req, b.req]);
  });

  /**
   * 32 clients keep a server busy (each request holds the event loop 1 ms), then 32 more connect.
   * libuv accepts one connection a turn of the event loop; handled as they arrive, a turn lasts all
   * 32 busy requests, and the last newcomer waits ~32 such turns. Taking turns, a turn after an
   * accepted connection lasts one request.
   */
  it('lets a busy server take new connections: newcomers are answered without waiting turn after turn', async () => {
    const busyHandler = (_req: IncomingMessage, res: ServerResponse) => {
      const until = performance.now() + 1;
      while (performance.now() < until);
      res.end('ok');
    };
    const slowestNewcomer = async (turns: Turns) => {
      const server = createServer(turns.listener);
      server.on('connection', turns.connected);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const ask = (agent: Agent) =>
        new Promise<void>((resolve, reject) => {
          get(url, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
        });
      const busyAgent = new Agent({ keepAlive: true, maxSockets: 32 });
      let busy = true;
      const loops = Array.from({ length: 32 }, async () => {
        while (busy) await ask(busyAgent);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const newcomers = new Agent({ keepAlive: true, maxSockets: 32 });
      const started = performance.now();
      const waits = await Promise.all(
        Array.from({ length: 32 }, async () => {
          await ask(newcomers);
          return performance.now() - started;
        }),
      );
      busy = false;
      await Promise.all(loops);
      busyAgent.destroy();
      newcomers.destroy();
      await new Promise((resolve) => server.close(resolve));
      return Math.max(...waits);
    };
    const asTheyArrive = await slowestNewcomer({ listener: busyHandler, connected: () => undefined });
    const inTurns = await slowestNewcomer(takingTurns(busyHandler));
    // ~32 turns of ~32 ms against ~64 requests of 1 ms (measured ~680 against ~112 ms): half leaves
    // room for a busy machine
    expect(inTurns).toBeLessThan(asTheyArrive / 2);
  });
});
