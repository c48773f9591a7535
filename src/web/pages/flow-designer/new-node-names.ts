import type { TFunction } from 'i18next';
import type { NewNodeNames } from './flow-edits.ts';

/** The names new nodes get, in the designer's language (they are stored, and shown on tasks). */
export function newNodeNames(t: TFunction<'forms'>): NewNodeNames {
  return {
    approval: t('forms:flow.defaults.approval'),
    cc: t('forms:flow.defaults.cc'),
    branch: t('forms:flow.defaults.branch'),
    condition: (n) => t('forms:flow.defaults.condition', { n }),
    otherwise: t('forms:flow.defaults.otherwise'),
  };
}
