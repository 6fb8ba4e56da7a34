/**
 * Whether an error says the database cannot be reached, rather than that a statement is wrong:
 * the server restarted or stopped (SQLSTATE class 57P, "operator intervention"), a connection lost or
 * refused (class 08, and node-postgres's own errors for a socket that closed or never opened). Such
 * a call is answered 503 with a message saying to retry (error-handler.ts); the pool drops the dead
 * connection and opens a new one on the next call, so the server recovers by itself once the
 * database is back.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's messages for a connection that closed, or a pool that could not get one, in time. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  // 08P01 (protocol violation) is in the connection class but says the client is wrong, not that the server is away.
  if (
    typeof code === 'string' &&
    code !== '08P01' &&
    (code.startsWith('57P') || code.startsWith('08') || NETWORK_CODES.has(code))
  )
    return true;
  return LOST_CONNECTION.test(error.message);
}
