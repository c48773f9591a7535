import type { TFunction } from 'i18next';
import type { Directory } from './directory.ts';
import type { CellContext } from './cell-text.ts';

/** The cell context of a list in the user's language over the screen's directory. */
export function cellContext(t: TFunction<'forms'>, language: string, directory: Directory): CellContext {
  return {
    language,
    yes: t('forms:list.yes'),
    no: t('forms:list.no'),
    rows: (count) => t('forms:list.rows', { count }),
    memberName: (id) => directory.members.get(id),
    departmentName: (id) => directory.departmentNames.get(id),
    regionName: (code) => directory.regions.get(code)?.name,
  };
}
