import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultColumn } from '../src/core/query/query-spec.ts';
import type { ValueWords } from '../src/core/value-format.ts';

/** The words values of a query answer read with, in the reader's language (see resultValueText). */
export function useValueWords(): ValueWords {
  const { t, i18n } = useTranslation('widgets');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo<ValueWords>(
    () => ({
      language,
      yes: t('table.yes'),
      no: t('table.no'),
      // A record's statuses and own columns are named as its form's data list names them.
      status: (code) => t(`forms:list.status.${code}`, { defaultValue: code }),
      recordColumn: (name) => t(`forms:list.system.${name}`, { defaultValue: name }),
      measure: (agg, field) => t(`chart.aggregates.${agg}`, { field }),
    }),
    [t, language],
  );
}

/** An answer's columns by name (none: an answer from before the server described them). */
export const columnsByName = (columns: readonly ResultColumn[] | undefined): ReadonlyMap<string, ResultColumn> =>
  new Map((columns ?? []).map((column) => [column.name, column]));
