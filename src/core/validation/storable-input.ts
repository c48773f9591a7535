/**
 * Input both databases store alike. PostgreSQL refuses the NUL character in text and JSON, and
 * a lone surrogate (half of a UTF-16 pair, which a JSON escape like `\ud800` can make) has no
 * UTF-8 form; SQLite would keep either silently. Deep nesting is refused as well: storing a
 * value serialises it recursively, and a few thousand levels overflow the stack.
 */

/**
 * How many levels of objects and arrays a request may nest, the request's own level included.
 * The deepest real configs (form designs, page and plate configs, a flow with branches nested
 * to their limit) reach about 30 with the request around them; 64 leaves them room twice over.
 */
export const JSON_NESTING_MAX = 64;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What in the text no database can store, as the end of a sentence; null when it is fine. */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return 'the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'a lone surrogate (\\ud800–\\udfff without its pair)';
  return null;
}

export interface InputProblem {
  /** Path of the field, e.g. `data.items[2].name`; empty for the value itself. */
  field: string;
  message: string;
}

/** `data.title`, `items[2]`, and `data["a b"]` for a name that is not a plain word. */
export function fieldPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (/^[\p{L}\p{N}_$-]+$/u.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
  depth: number;
}

function pathOf(visit: Visit, root: string): string {
  const keys: (string | number)[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reduceRight<string>(fieldPath, root);
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  // Plain objects only: a raw body's stream or buffer is not parsed input.
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The first string, field name or nesting in `value` (parsed JSON, a query, a form field) that
 * cannot be stored, in the order the fields are written. Walks with its own stack, so a body of
 * any depth is answered without overflowing the call stack.
 */
export function findUnstorableInput(value: unknown, root = ''): InputProblem | null {
  const stack: Visit[] = [{ value, key: null, parent: null, depth: 0 }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const inName = typeof visit.key === 'string' ? unstorableText(visit.key) : null;
    if (inName) return { field: pathOf(visit, root), message: `must not contain ${inName} in its name` };
    if (typeof visit.value === 'string') {
      const inText = unstorableText(visit.value);
      if (inText) return { field: pathOf(visit, root), message: `must not contain ${inText}` };
      continue;
    }
    if (!isContainer(visit.value)) continue;
    const depth = visit.depth + 1;
    if (depth > JSON_NESTING_MAX) {
      // Named by the outermost field holding it: the whole path would be as long as the limit.
      let outer = visit;
      while (outer.parent && outer.parent.key !== null) outer = outer.parent;
      return { field: pathOf(outer, root), message: `is nested more than ${JSON_NESTING_MAX} levels deep` };
    }
    const entries: [string | number, unknown][] = Array.isArray(visit.value) ? visit.value.map((item, index) => [index, item]) : Object.entries(visit.value);
    // Pushed last first, so problems are found in the order the fields are written.
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: visit, depth });
  }
  return null;
}
