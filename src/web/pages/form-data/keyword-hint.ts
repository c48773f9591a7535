import type { TFunction } from 'i18next';
import type { FormSettings } from '../../../core/forms/form-design.ts';

/**
 * What the list's keyword box searches, in the form's own words: the keyword matches the
 * record number and title, so the hint names the number when the form numbers its records
 * and the title field by its label ("Number or Visitor").
 */
export function keywordHint(t: TFunction<'forms'>, settings: FormSettings | undefined, labelOf: (key: string) => string): string {
  const numbered = !!settings?.numbering;
  const title = settings?.titleField ? labelOf(settings.titleField) : null;
  if (numbered && title) return t('forms:list.keywordBoth', { title });
  if (numbered) return t('forms:list.keywordNumber');
  if (title) return t('forms:list.keywordTitle', { title });
  return t('forms:list.keywordHint');
}
