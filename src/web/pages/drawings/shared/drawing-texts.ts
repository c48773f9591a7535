import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAWING_PDF_PAGES_MAX, type UploadProblem } from '../../../../core/contracts/drawings.ts';
import { FOLLOW_SETTINGS_PATHS, type DisciplineList, type WorkspaceDiscipline } from '../../../../core/contracts/follow-settings.ts';
import { DISCIPLINE_CODES, DISCIPLINE_LABEL_KEYS, isDisciplineCode } from '../../../../core/drawings/disciplines.ts';
import { formatServerDate } from '../../../../core/format.ts';
import { textIn } from '../../../../core/local-text.ts';
import { languageOf } from '../../../i18n/i18n.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import type { Http } from '../../../api/endpoints.ts';

const DEFAULT_DISCIPLINES: WorkspaceDiscipline[] = DISCIPLINE_CODES.map((code, sort) => ({ code, label: null, sort }));

/** A workspace's disciplines, asked once a minute at most however many sheets show them. */
const loaded = new Map<string, { at: number; list: Promise<WorkspaceDiscipline[]> }>();
function workspaceDisciplines(http: Http, workspaceCode: string): Promise<WorkspaceDiscipline[]> {
  const cached = loaded.get(workspaceCode);
  if (cached && Date.now() - cached.at < 60_000) return cached.list;
  const list = http
    .get<DisciplineList>(FOLLOW_SETTINGS_PATHS.disciplineList, { workspaceCode }, { showErrorToast: false })
    .then((answer) => answer.disciplines)
    // Without them (no answer) the register still reads its sheets with the default names.
    .catch(() => DEFAULT_DISCIPLINES);
  loaded.set(workspaceCode, { at: Date.now(), list });
  return list;
}

/**
 * The drawing screens' words for codes: the current workspace's disciplines (project settings:
 * its names, else the default names, else the code), dates and upload problems, in the reader's
 * language.
 */
export function useDrawingTexts() {
  const { t, i18n } = useTranslation('drawings');
  const language = languageOf(i18n);
  const stores = useStores();
  const workspaceCode = stores.layout.workSpace?.code;
  const [disciplines, setDisciplines] = useState<WorkspaceDiscipline[]>(DEFAULT_DISCIPLINES);
  useEffect(() => {
    if (!workspaceCode) return;
    let live = true;
    void workspaceDisciplines(stores.api.http, workspaceCode).then((list) => live && setDisciplines(list));
    return () => {
      live = false;
    };
  }, [stores, workspaceCode]);
  const discipline = (code: string) => {
    const label = disciplines.find((d) => d.code === code)?.label;
    if (label) return textIn(label, language);
    return isDisciplineCode(code) ? t(DISCIPLINE_LABEL_KEYS[code]) : code;
  };
  return {
    language,
    discipline,
    /** The workspace's discipline codes in its order. */
    disciplineCodes: disciplines.map((d) => d.code),
    /** For a select: each discipline by name, with its code as the number prefix shows it. */
    disciplineOptions: disciplines.map((d) => ({ value: d.code, label: `${discipline(d.code)} (${d.code})` })),
    date: (value: string | null | undefined) => (value ? formatServerDate(value, language) : ''),
    /** A failed upload's reason as a sentence naming the file. */
    problem: (problem: UploadProblem) => t(`problem.${problem.code}`, { file: problem.fileName, max: DRAWING_PDF_PAGES_MAX }),
  };
}
