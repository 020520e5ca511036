/** PostgreSQL's unique violation (23505) on a constraint whose name contains `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const pgError = e.cause ?? e;
  return pgError.code === '23505' && (pgError.constraint ?? '').includes(constraint);
}

/** The SQLSTATE of a database error, whether the driver's error or wrapped in Drizzle's. */
export function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * SQLSTATEs of a database that is away, not of a bad statement: class 08 (connection exception),
 * an administrator's or crash shutdown (57P01, 57P02), a server starting or stopping (57P03), no
 * connection slot free (53300).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres says when a connection dies or none can be had in time. */
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * The database could not be reached or dropped the connection (an outage or a restart): the
 * request may succeed if tried again, so the API answers 503 rather than 500. Looks through
 * Drizzle's wrapper (`cause`) to the driver's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && depth < 5; depth++) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)))
      return true;
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
    const errors = e.errors;
    // An AggregateError (both IPv4 and IPv6 refused) carries the causes in `errors`.
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = e.cause as Record<string, unknown> | undefined;
  }
  return false;
}
