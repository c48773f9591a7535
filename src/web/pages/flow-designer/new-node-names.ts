import type { TFunction } from 'i18next';
import type { NewNodeNames } from './flow-edits.ts';

/** The names new nodes get, in the designer's language (they are stored, and shown on tasks). */
export function newNodeNames(t: TFunction<'forms'>): NewNodeNames {
  return {
    approval: t('flow.defaults.approval'),
    cc: t('flow.defaults.cc'),
    branch: t('flow.defaults.branch'),
    condition: (n) => t('flow.defaults.condition', { n }),
    otherwise: t('flow.defaults.otherwise'),
  };
}
