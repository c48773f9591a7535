import { useTranslation } from 'react-i18next';
import { DRAWING_PDF_PAGES_MAX, type UploadProblem } from '../../../../core/contracts/drawings.ts';
import { DISCIPLINE_CODES, DISCIPLINE_LABEL_KEYS, isDisciplineCode } from '../../../../core/drawings/disciplines.ts';
import { formatServerDate } from '../../../../core/format.ts';
import { languageOf } from '../../../i18n/i18n.ts';

/** The drawing screens' words for codes: disciplines, dates and upload problems, in the reader's language. */
export function useDrawingTexts() {
  const { t, i18n } = useTranslation('drawings');
  const language = languageOf(i18n);
  const discipline = (code: string) => t(isDisciplineCode(code) ? DISCIPLINE_LABEL_KEYS[code] : DISCIPLINE_LABEL_KEYS.X);
  return {
    language,
    discipline,
    /** For a select: each discipline by name, with its code as the number prefix shows it. */
    disciplineOptions: DISCIPLINE_CODES.map((code) => ({ value: code, label: `${discipline(code)} (${code})` })),
    date: (value: string | null | undefined) => (value ? formatServerDate(value, language) : ''),
    /** A failed upload's reason as a sentence naming the file. */
    problem: (problem: UploadProblem) => t(`problem.${problem.code}`, { file: problem.fileName, max: DRAWING_PDF_PAGES_MAX }),
  };
}
