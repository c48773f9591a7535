/**
 * A problem in something an editor saves (a form design, a flow, a page, settings), as data a
 * screen can say in its reader's language and put beside the part it is about: the path of
 * the part, a sentence key (the web's `errors:problem.<key>` texts) with its parameters, and
 * the same in English for the server's message and API clients. ajv's errors become problems
 * here, once, for every editor and for the server's 400 answers.
 */
import type { ErrorObject } from 'ajv';
import { FIELD_KEY_PATTERN } from '../forms/form-design.ts';
import { describeValidationError, errorFieldPath } from './ajv.ts';

export type ProblemParams = Record<string, string | number>;

export interface Problem {
  /** Dotted path of the part, e.g. `items[5].fields`; '' for the whole thing. */
  path: string;
  /** Sentence key, e.g. `minItems`. */
  key: string;
  params: ProblemParams;
  /** In English, without the path: `must NOT have fewer than 1 items`. */
  message: string;
}

export const problem = (path: string, key: string, params: ProblemParams, message: string): Problem => ({ path, key, params, message });

/** Joins a prefix and a path: `design` + `items[2]` = `design.items[2]`, `widgets[1]` + `[0]` = `widgets[1][0]`. */
export const joinPath = (prefix: string, path: string) => (!path ? prefix : !prefix ? path : path.startsWith('[') ? `${prefix}${path}` : `${prefix}.${path}`);

/** The same problems under a prefix, as the server names parts of a request body (`design.items[2]`). */
export const underPath = (prefix: string, problems: readonly Problem[]): Problem[] => problems.map((p) => ({ ...p, path: joinPath(prefix, p.path) }));

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value));

/** The sentence key and parameters of one ajv error. */
function keyOf(error: ErrorObject): { key: string; params: ProblemParams } {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'pattern':
      // A pattern says nothing a reader understands; the two every editor uses are said in words.
      return { key: p.pattern === '\\S' ? 'blank' : p.pattern === FIELD_KEY_PATTERN.source ? 'keyPattern' : 'pattern', params: {} };
    case 'required':
    case 'additionalProperties':
    case 'uniqueItems':
    case 'not':
      return { key: error.keyword, params: {} };
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
      // `count` picks the plural form; a minimum length of 1 reads "must not be empty".
      return { key: error.keyword === 'minLength' && p.limit === 1 ? 'empty' : error.keyword, params: { count: Number(p.limit) } };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
      return { key: error.keyword, params: { limit: text(p.limit ?? p.multipleOf) } };
    case 'format':
      return { key: 'format', params: { format: String(p.format) } };
    case 'type':
      return { key: 'type', params: { type: String(p.type) } };
    case 'enum':
      return { key: 'enum', params: { values: (p.allowedValues as unknown[]).map(text).join(', ') } };
    case 'const':
      return { key: 'const', params: { value: text(p.allowedValue) } };
    default:
      return { key: 'invalid', params: {} };
  }
}

/**
 * Problems of ajv errors, one per part (the first error about it), under `prefix`. `if`,
 * `oneOf` and `anyOf` wrappers only repeat what the errors under them say, so they count only
 * when nothing else was found; `messages` words a keyword at a schema path ajv cannot (a
 * `not` says only "must NOT be valid").
 */
export function problemsOfAjvErrors(
  errors: readonly ErrorObject[] | null | undefined,
  prefix = '',
  messages: readonly { schemaPathSuffix: string; key: string; message: string }[] = [],
): Problem[] {
  const all = errors ?? [];
  const wrappers = new Set(['if', 'oneOf', 'anyOf']);
  const relevant = all.some((e) => !wrappers.has(e.keyword)) ? all.filter((e) => !wrappers.has(e.keyword)) : all.filter((e) => e.keyword !== 'if');
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const error of relevant) {
    const field = errorFieldPath(error);
    const path = joinPath(prefix, field);
    if (seen.has(path)) continue;
    seen.add(path);
    const known = messages.find((m) => error.schemaPath.endsWith(m.schemaPathSuffix));
    if (known) {
      problems.push(problem(path, known.key, {}, known.message));
      continue;
    }
    const described = describeValidationError(error);
    const { key, params } = keyOf(error);
    problems.push(problem(path, key, params, field ? described.slice(field.length + 2) : described));
  }
  return problems;
}

/** `path: message`, as the server's 400 message names a problem. */
export const problemLine = (p: Problem) => (p.path ? `${p.path}: ${p.message}` : p.message);
