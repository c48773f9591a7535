/**
 * A value of no known shape (a record's field, a query row's cell, a request's parameter) as
 * plain text: an object or array as its JSON, so it never reads "[object Object]"; anything
 * else as String() writes it.
 */
export function valueText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
