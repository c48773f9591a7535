/**
 * JSON columns come back parsed from PostgreSQL (jsonb) and as text from SQLite; both are
 * written as JSON text.
 */
export function readJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function readJsonOrNull<T>(value: unknown): T | null {
  return value === null || value === undefined ? null : readJson<T>(value);
}

export const writeJson = (value: unknown): string => JSON.stringify(value);

export const writeJsonOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
