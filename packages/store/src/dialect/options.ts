/** Settings every dialect understands (each ignores what does not apply to it). */
export interface DialectOptions {
  /** PostgreSQL: connections in the pool (default 10). */
  poolSize?: number;
  /** PostgreSQL: a statement running longer is cancelled (default 10 000 ms). */
  statementTimeoutMs?: number;
  /** PostgreSQL: waiting longer for a connection fails (default 5 000 ms). */
  connectTimeoutMs?: number;
}
