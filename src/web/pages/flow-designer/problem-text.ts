import type { TFunction } from 'i18next';
import type { FlowProblem } from '../../../core/flows/validate-flow-definition.ts';
import { problemSentence } from '../../ui/problem-sentence.ts';

/**
 * The designer's words for the problems a user makes while drawing (nobody to ask, no
 * condition, no name); any other problem is said as every editor says it.
 */
export function problemText(problem: FlowProblem, t: TFunction<'forms'>): string {
  const { path, key } = problem;
  if (/\.(assignees|recipients)$/.test(path) && key === 'minItems') return t('forms:flow.problem.noPeople');
  if (/\.condition\.(all|any)$/.test(path) && key === 'minItems') return t('forms:flow.problem.noConditions');
  if (/\.name$/.test(path) && (key === 'empty' || key === 'blank' || key === 'required')) return t('forms:flow.problem.noName');
  return problemSentence(t, problem);
}
