import type { TFunction } from 'i18next';
import type { FlowProblem } from '../../../core/flows/validate-flow-definition.ts';

/**
 * The designer's words for the problems a user makes while drawing (nobody to ask, no
 * condition, "otherwise" too early, an unknown field); any other problem shows the rule's own
 * message, as the server would answer it.
 */
export function problemText(problem: FlowProblem, t: TFunction<'forms'>): string {
  const { path, message } = problem;
  if (/\.(assignees|recipients)$/.test(path) && /fewer than/.test(message)) return t('forms:flow.problem.noPeople');
  if (/\.condition\.(all|any)$/.test(path) && /fewer than/.test(message)) return t('forms:flow.problem.noConditions');
  if (/\.name$/.test(path)) return t('forms:flow.problem.noName');
  if (message.startsWith('only the last branch')) return t('forms:flow.problem.otherwiseLast');
  if (message === 'needs at least one approval node') return t('forms:flow.problem.noApproval');
  const unknown = /^(\S+) is not a field of the form$/.exec(message);
  if (unknown) return t('forms:flow.problem.unknownField', { field: unknown[1] });
  return path ? `${path}: ${message}` : message;
}
