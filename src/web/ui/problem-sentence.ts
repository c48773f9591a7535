import type { TFunction } from 'i18next';
import type { Problem } from '../../core/validation/problems.ts';
import { ApiError } from '../api/api-error.ts';

/** The last named part of a path: `items[5].fields` -> `fields`, `nodes[2]` -> `nodes`, `settings.defaults.qty` -> `qty`. */
export function partOf(path: string): string {
  const names = path.replace(/\[\d+\]/g, '').split('.').filter(Boolean);
  return names.at(-1) ?? '';
}

/**
 * A problem as a sentence in the reader's language (`errors:problem.<key>`), naming the part
 * it is about: `part` when the screen knows its label, else the common name of the path's
 * last part. A key without a text yet falls back to the problem's English.
 */
export function problemSentence(t: TFunction, problem: Problem, part?: string): string {
  const segment = partOf(problem.path);
  const partName = part ?? (segment ? t(`errors:part.${segment}`, { defaultValue: segment }) : t('errors:part.whole'));
  return t(`errors:problem.${problem.key}`, { ...problem.params, part: partName, defaultValue: problem.message });
}

const isProblem = (value: unknown): value is Problem =>
  !!value && typeof value === 'object' && typeof (value as Problem).path === 'string' && typeof (value as Problem).key === 'string';

/** The problems a refused save answered with (HTTP 400, `data.problems`); none for any other failure. */
export function problemsOfFailure(error: unknown): Problem[] {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return [];
  const problems = (error.data as { problems?: unknown }).problems;
  return Array.isArray(problems) ? problems.filter(isProblem).map((p) => ({ ...p, params: p.params ?? {} })) : [];
}

/** Problems under `prefix` (`design`), with paths made relative to it, as the editor's own checks name them. */
export function problemsUnder(problems: readonly Problem[], prefix: string): Problem[] {
  return problems.flatMap((p) => {
    if (p.path === prefix) return [{ ...p, path: '' }];
    if (p.path.startsWith(`${prefix}.`)) return [{ ...p, path: p.path.slice(prefix.length + 1) }];
    if (p.path.startsWith(`${prefix}[`)) return [{ ...p, path: p.path.slice(prefix.length) }];
    return [];
  });
}
