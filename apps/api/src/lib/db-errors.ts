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
