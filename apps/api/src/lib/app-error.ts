import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '@nuqat/contracts';

/** The one error type services throw. The error handler turns it into the response body. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly retryAfter: number | undefined;
  readonly issues: FieldIssue[] | undefined;

  constructor(
    readonly code: ErrorCode,
    options: { retryAfter?: number; issues?: FieldIssue[]; cause?: unknown; detail?: string } = {},
  ) {
    super(options.detail ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
    this.retryAfter = options.retryAfter;
    this.issues = options.issues;
  }
}
