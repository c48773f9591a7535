/**
 * A deep copy of plain data (objects, arrays and primitives, as stored JSON is): a flow's state
 * before the engine changes it, a field's default before a record takes it. Core runs in the
 * browser and on the server and is typed with neither's globals, so it does not lean on
 * structuredClone; unlike a trip through JSON, keys holding `undefined` stay.
 */
export function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => deepCopy(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepCopy(item)])) as T;
  }
  return value;
}
