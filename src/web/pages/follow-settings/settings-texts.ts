import { useTranslation } from 'react-i18next';
import type { DataSource } from '../../../core/contracts/follow-settings.ts';
import { formatServerDate } from '../../../core/format.ts';
import { formatNumber } from '../../../core/value-format.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { useTextIn } from '../../i18n/local-text.ts';

/** The settings screens' words for what they show: list names, numbers and dates in the reader's language. */
export function useSettingsTexts() {
  const { t, i18n } = useTranslation('followSettings');
  const textIn = useTextIn();
  const language = languageOf(i18n);
  return {
    t,
    textIn,
    language,
    /** A built-in list is named by the screen, one an administrator added by its own name. */
    sourceName: (source: Pick<DataSource, 'key' | 'name'>) => (source.name === null ? t(`source.builtIn.${source.key}`) : textIn(source.name)),
    count: (value: number) => formatNumber(value, language),
    date: (value: string | null | undefined) => (value ? formatServerDate(value, language) : ''),
  };
}
