import type { FieldIssue } from '@nuqat/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/** Checks Salla's data against its schema; a mismatch is a 400 naming every field. */
export function parseOrFail<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues: FieldIssue[] = result.error.issues.map((i) => ({
      path: ['data', ...i.path.map(String)].join('.'),
      code: i.code,
      message: i.message,
    }));
    throw new AppError('WEBHOOK_PAYLOAD_INVALID', { issues });
  }
  return result.data;
}
