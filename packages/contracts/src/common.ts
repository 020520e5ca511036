import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

export const FieldIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** Every 4xx/5xx body. `message` is in the language the request asked for (Arabic by default). */
export const ErrorBodySchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  requestId: z.string().optional(),
  retryAfter: z.number().int().optional(),
  issues: z.array(FieldIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}
