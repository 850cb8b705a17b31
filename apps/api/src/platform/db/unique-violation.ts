/** Whether a database error is a unique constraint refusing a row (SQLSTATE 23505, PostgreSQL and PGlite alike). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
