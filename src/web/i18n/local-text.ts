import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn, type LocalText } from '../../core/local-text.ts';

/** The reader's language as stored texts are picked by (src/core/local-text.ts). */
export function useTextLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}

/** Picks a stored text (a title, a label, a caption) in the reader's language. */
export function useTextIn(): (text: LocalText | null | undefined) => string {
  const lng = useTextLanguage();
  return useCallback((text: LocalText | null | undefined) => textIn(text, lng), [lng]);
}
