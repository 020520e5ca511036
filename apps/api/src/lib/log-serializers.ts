import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Config } from '../env.ts';
import { prettyLogStream } from './pretty-log.ts';

/**
 * Fields of database errors that carry the values of a statement (Drizzle's `params`, the
 * driver's `detail` such as `Key (email)=(…) already exists`): shoppers' data, payloads,
 * password hashes. They never reach the logs.
 */
const VALUE_FIELDS = ['params', 'parameters', 'detail'] as const;

/** Drizzle puts the values in its message too: `Failed query: …\nparams: …`. */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams:');
  return at === -1 ? message : `${message.slice(0, at)}\nparams: [redacted]`;
}

/** A stack whose first lines are Drizzle's message: drop the values up to the first frame. */
function stackWithoutParams(stack: string): string {
  const at = stack.indexOf('\nparams:');
  if (at === -1) return stack;
  const frame = stack.indexOf('\n    at ', at);
  return `${stack.slice(0, at)}\nparams: [redacted]${frame === -1 ? '' : stack.slice(frame)}`;
}

type SerializedError = Record<string, unknown> & { message?: unknown; stack?: unknown };

function scrub(serialized: SerializedError, depth: number): SerializedError {
  if (depth > 8) return serialized;
  for (const field of VALUE_FIELDS) {
    if (field in serialized) serialized[field] = '[redacted]';
  }
  if (typeof serialized.message === 'string') {
    const original = serialized.message;
    const clean = withoutParams(original);
    serialized.message = clean;
    if (typeof serialized.stack === 'string' && clean !== original) {
      serialized.stack = serialized.stack.includes(original)
        ? serialized.stack.replace(original, clean)
        : stackWithoutParams(serialized.stack);
    }
  }
  for (const key of ['cause', 'aggregateErrors'] as const) {
    const nested = serialized[key];
    if (Array.isArray(nested)) {
      serialized[key] = nested.map((n: unknown) =>
        n && typeof n === 'object' ? scrub(n as SerializedError, depth + 1) : n,
      );
    } else if (nested && typeof nested === 'object') {
      serialized[key] = scrub(nested as SerializedError, depth + 1);
    }
  }
  return serialized;
}

/** pino's error serializer (causes as nested objects), minus the values of failed statements. */
export function serializeError(err: Error): ReturnType<typeof pino.stdSerializers.errWithCause> {
  const serialized = pino.stdSerializers.errWithCause(err);
  if (!serialized || typeof serialized !== 'object') return serialized;
  scrub(serialized as unknown as SerializedError, 0);
  return serialized;
}

/**
 * Query parameters that carry a credential: the token Salla appends to the embedded page's
 * address (`/embedded?token=…`, decision 031) and the unsubscribe link's token.
 */
const SECRET_QUERY = /([?&]token=)[^&#]*/gi;

/** A request address as it may be logged: credentials in its query replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Fastify's request serializer (method, url, host, client), with the address redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The API's logger: level from config, secrets redacted, errors without statement values. */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stream?: DestinationStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    // A given stream (tests, the replay command) gets JSON lines; stdout gets the configured format.
    ...(stream
      ? { stream }
      : config.logFormat === 'pretty'
        ? { stream: prettyLogStream(process.stdout) }
        : {}),
  };
}
