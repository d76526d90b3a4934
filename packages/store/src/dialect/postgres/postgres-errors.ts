/**
 * PostgreSQL failures that mean "the store cannot serve right now": the server is unreachable
 * or restarting, the pool could not get a connection in time, or a statement hit the
 * statement timeout (SQLSTATE 57014). Anything else is a bug and stays a 500.
 */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH']);
const SQLSTATE_UNAVAILABLE = /^(08|57P0|57014|53300|53400)/;
const MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection is closed|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

// Duck-typed, not instanceof: socket errors come from Node's own realm, which differs from the caller's under test runners.
export function isPostgresUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
  if (Array.isArray(errors) && errors.some(isPostgresUnavailable)) return true;
  return typeof message === 'string' && MESSAGES.test(message);
}
