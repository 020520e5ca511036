import { type CustomersFilter } from '@nuqat/contracts';
import { AppError } from '../../lib/app-error.ts';

export function encodeCursor(key: string, id: number): string {
  return Buffer.from(JSON.stringify([key, String(id)]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { key: string; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      value[0].length <= 64 &&
      /^[0-9A-Za-z:.+\- ]+$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      /^\d{1,18}$/.test(value[1]) &&
      Number.isSafeInteger(Number(value[1]))
    )
      return { key: value[0], id: Number(value[1]) };
  } catch {
    // falls through to the validation error
  }
  throw new AppError('VALIDATION_FAILED', {
    issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Unknown cursor' }],
  });
}

/** A cursor's key must read back as its sort's type (else the query would fail: 400, not 500). */
export function checkCursorKey(sort: CustomersFilter['sort'], key: string): void {
  const ok =
    sort === 'balance' || sort === 'spend'
      ? /^-?\d{1,19}$/.test(key)
      : key === '-infinity' || !Number.isNaN(Date.parse(key));
  if (!ok)
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Unknown cursor' }],
    });
}
