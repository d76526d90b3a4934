import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** `COPY <table> (<columns>) FROM STDIN`, as the row writer sends it (rows/write-rows.ts). */
const COPY_FROM_STDIN = /^copy\s[\s\S]+\sfrom\s+stdin$/i;

/** A statement that lifts the statement timeout for the rest of its transaction (a long transaction's setting). */
const LIFTS_STATEMENT_TIMEOUT = /^\s*set\s+local\s+statement_timeout\s*=\s*0\b/i;
const ENDS_TRANSACTION = /^\s*(commit|rollback)\b/i;

/**
 * A pg client that also runs `COPY … FROM STDIN` sent as a plain query whose one parameter is the
 * data (COPY's text format). Kysely sends every statement as `query(text, parameters)` on the
 * connection it holds (a transaction's included), so a bulk write can stream through COPY inside
 * the same transaction as the statements around it; pg-copy-streams does the protocol's copy-in.
 * Anything else goes to pg unchanged (pg itself cannot run a COPY FROM STDIN without a stream).
 *
 * It also bounds the wait for an answer on the client's side. `statement_timeout` is enforced by
 * the server, so a server that is frozen (stopped, or cut off by a partition that leaves the TCP
 * connection open) never enforces it and a query would wait forever. A query with no answer
 * within `answerTimeoutMs` gets its connection destroyed: the query fails as a lost connection
 * (which the store reports as unavailable), and the pool drops the client and connects anew once
 * the server answers again. A transaction that lifts its statement timeout
 * (`set local statement_timeout = 0`) is not bounded either until it ends.
 *
 * And it prepares each statement that has parameters, once per connection (`namedStatement`).
 */
export class CopyingClient extends pg.Client {
  /** Milliseconds a query waits for its answer; 0: no bound (a plain CopyingClient). */
  answerTimeoutMs = 0;
  /** Inside a transaction that lifted its statement timeout. */
  unbounded = false;
}

/** A CopyingClient class whose queries wait at most `answerTimeoutMs` for their answer (pg.Pool takes a class). */
export function boundedCopyingClient(answerTimeoutMs: number): typeof CopyingClient {
  return class BoundedCopyingClient extends CopyingClient {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.answerTimeoutMs = answerTimeoutMs;
      // a connection error reaches the caller through the query it failed; unheard, the event would end the process
      this.on('error', () => {});
    }
  };
}

// eslint-disable-next-line @typescript-eslint/unbound-method -- pg's own query, called on a CopyingClient with .call and .apply
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

Object.defineProperty(CopyingClient.prototype, 'query', {
  value: function (this: CopyingClient, ...args: unknown[]): unknown {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return query.apply(this, args);
    const answer = COPY_FROM_STDIN.test(text)
      ? copyIn(this, text, values)
      : (query.call(this, namedStatement(text, values)) as Promise<unknown>).catch((error: unknown) => {
          if (isStalePlan(error)) statementNames.delete(text);
          throw error;
        });
    return bounded(this, text, answer);
  },
  writable: true,
  configurable: true,
});

/** Distinct statement texts named at most: past it, a new text is sent unnamed (parsed and planned each time). */
const NAMED_STATEMENTS_MAX = 1_000;
/** Statement text → its name, for every connection of the process. */
const statementNames = new Map<string, string>();
/** Texts run once and not named yet (emptied when it reaches NAMED_STATEMENTS_MAX). */
const seenOnce = new Set<string>();
let namesGiven = 0;

/**
 * A statement with parameters, named from its second run on: pg sends its text to be parsed once
 * per connection (the name tells it whether that connection has it) and after that only the
 * parameters. Each run is still planned for its own values: the pool's connections set
 * `plan_cache_mode = force_custom_plan` (postgres-dialect.ts). Under PostgreSQL's default (`auto`)
 * the server keeps a generic plan, made for any values, after a statement's fifth run; that gained
 * another 10–15 % on the bench's cheap reads, but the searches choose their reads from counts, and
 * their generic plans read what the choice avoided: a video search's window by the time index,
 * sorted; a forum search's other word whole, by hash (BENCHMARKS.md, "Plans made for any values").
 * An operator can still opt in with the address's `options=-c jit=off -c plan_cache_mode=auto`
 * (docs/configuration.md).
 *
 * A text's first run goes unnamed, so the texts that never come back (an import's batch of an odd
 * size, an `in` list of a length seen once) neither take one of the names nor stay prepared on the
 * server's connections. A statement without parameters (transaction control, a migration's script of
 * several commands) goes as it is: the extended protocol that preparing uses takes one command.
 */
function namedStatement(text: string, values: unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined && values.length > 0 && statementNames.size < NAMED_STATEMENTS_MAX) {
    if (seenOnce.delete(text)) {
      name = `sq${++namesGiven}`;
      statementNames.set(text, name);
    } else {
      if (seenOnce.size >= NAMED_STATEMENTS_MAX) seenOnce.clear();
      seenOnce.add(text);
    }
  }
  return name === undefined ? { text, values } : { name, text, values };
}

/**
 * PostgreSQL's refusal to run a prepared statement whose result columns a schema change altered
 * (a `select *` after a migration added a column, run by another process): the text gets a new
 * name, so the next run prepares it anew on each connection.
 */
function isStalePlan(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}

function bounded<T>(client: CopyingClient, text: string, answer: Promise<T>): Promise<T> {
  if (LIFTS_STATEMENT_TIMEOUT.test(text)) client.unbounded = true;
  if (ENDS_TRANSACTION.test(text)) client.unbounded = false;
  const ms = client.answerTimeoutMs;
  if (ms === 0 || client.unbounded) return answer;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      client.connection.stream.destroy();
      reject(
        Object.assign(new Error(`PostgreSQL gave no answer within ${ms} ms; connection closed`), { code: 'ETIMEDOUT' }),
      );
    }, ms);
  });
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}

async function copyIn(client: pg.Client, text: string, values: unknown[]): Promise<pg.QueryResult> {
  const [data] = values;
  if (values.length !== 1 || typeof data !== 'string')
    throw new Error('COPY FROM STDIN takes its data as one string parameter');
  const stream = query.call(client, copyFrom(text)) as ReturnType<typeof copyFrom>;
  await pipeline(Readable.from([data]), stream);
  return { command: 'COPY', rowCount: stream.rowCount, rows: [], oid: 0, fields: [] };
}
