import { AppError } from './app-error.ts';

/** A keyset position `(created_at, id)` as an opaque cursor; the time keeps microseconds. */
export function encodeKeysetCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** The position a cursor names, or 400 VALIDATION_FAILED (`cursor`). */
export function decodeKeysetCursor(cursor: string): { at: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(value[1]) &&
      !Number.isNaN(Date.parse(value[0]))
    )
      return { at: value[0], id: value[1] };
  } catch {
    // the validation error below
  }
  throw new AppError('VALIDATION_FAILED', {
    issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Unknown cursor' }],
  });
}
