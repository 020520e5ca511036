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
