/** Settings every dialect understands (each ignores what does not apply to it). */
export interface DialectOptions {
  /** PostgreSQL: connections in the pool (default 10). */
  poolSize?: number;
  /** PostgreSQL: a statement running longer is cancelled by the server (default 10 000 ms; 0: never); the client gives up waiting for an answer 1 s later. */
  statementTimeoutMs?: number;
  /** PostgreSQL: waiting longer for a connection fails (default 5 000 ms). */
  connectTimeoutMs?: number;
}
