/** The drivers' codes for a row refused by a unique index or primary key. */
const UNIQUE_VIOLATIONS = new Set([
  // PostgreSQL
  '23505',
  // SQLite (better-sqlite3 reports the extended result code)
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
]);

/** A write refused because another one stored the same unique key first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNIQUE_VIOLATIONS.has(code);
}

/**
 * Runs a write that was checked first (a code or name not yet taken). Two requests can both
 * pass that check before either writes; the unique index then refuses the second, which gets
 * what `taken()` throws or returns: the same answer the check gives when it comes second.
 */
export async function refusingDuplicates<T>(write: () => Promise<T>, taken: () => Error | Promise<Error>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw await taken();
    throw error;
  }
}
