import {
  DRAWING_PATHS,
  type DrawingSet,
  type DrawingUpload,
  type DrawingUploadResult,
  type RevisionDetail,
  type RevisionFilePart,
  type RevisionPage,
  type RevisionRow,
  type RevisionUpdateBody,
  type SheetDetail,
  type SheetListBody,
  type SheetListResult,
} from '../../core/contracts/drawings.ts';
import { FOLLOW_SETTINGS_PATHS, type DisciplineList, type ProjectSettings } from '../../core/contracts/follow-settings.ts';
import { disciplineReading, type DisciplineReading } from '../../core/drawings/disciplines.ts';
import { ownPreferences } from '../api/own-preferences.ts';
import type { CallOptions, Http } from '../api/endpoints.ts';

// The drawing screens show failures in place or in their own messages.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the drawing register, release and history screens. */
export function drawingApi(http: Http) {
  return {
    sets: (workspaceCode: string) => http.get<DrawingSet[]>(DRAWING_PATHS.setList, { workspaceCode }, QUIET),
    saveSet: (body: { workspaceCode: string; id?: number; name: string }) => http.post<DrawingSet>(DRAWING_PATHS.setSave, body, QUIET),
    sheets: (body: SheetListBody) => http.post<SheetListResult>(DRAWING_PATHS.sheetList, body, QUIET),
    sheet: (id: number) => http.get<SheetDetail>(DRAWING_PATHS.sheetGet, { id }, QUIET),
    upload: (workspaceCode: string, setId: number | null, fileIds: string[]) =>
      http.post<DrawingUploadResult>(DRAWING_PATHS.upload, { workspaceCode, setId, fileIds }, QUIET),
    uploads: (workspaceCode: string) => http.get<DrawingUpload[]>(DRAWING_PATHS.uploadList, { workspaceCode }, QUIET),
    pending: (workspaceCode: string, page: number, size: number) => http.post<RevisionPage>(DRAWING_PATHS.revisionPending, { workspaceCode, page, size }, QUIET),
    updateRevision: (edit: RevisionUpdateBody) => http.post<RevisionRow>(DRAWING_PATHS.revisionUpdate, edit, QUIET),
    publish: (ids: number[]) => http.post<unknown>(DRAWING_PATHS.revisionPublish, { ids }, QUIET),
    reject: (ids: number[]) => http.post<unknown>(DRAWING_PATHS.revisionReject, { ids }, QUIET),
    revision: (id: number) => http.get<RevisionDetail>(DRAWING_PATHS.revisionGet, { id }, QUIET),
    /** How the workspace reads a discipline from a sheet number: its sheet-number rule and discipline codes (project settings), as the server reads them. */
    numbering: async (workspaceCode: string): Promise<DisciplineReading> => {
      const [project, list] = await Promise.all([
        http.get<ProjectSettings>(FOLLOW_SETTINGS_PATHS.projectGet, { workspaceCode }, QUIET),
        http.get<DisciplineList>(FOLLOW_SETTINGS_PATHS.disciplineList, { workspaceCode }, QUIET),
      ]);
      return disciplineReading(project.sheetNumberRule, list.disciplines.map((d) => d.code));
    },
    /** The caller's own settings of a drawing screen. */
    ...ownPreferences(http),
  };
}

export type DrawingApi = ReturnType<typeof drawingApi>;

/** Where an <img> or the viewer reads a revision's file: the token goes in the query, as for documents. */
export function revisionFileUrl(baseUrl: string, token: string | null, id: number, part: RevisionFilePart): string {
  const query = new URLSearchParams({ id: String(id), part });
  if (token) query.set('token', token);
  return `${baseUrl}${DRAWING_PATHS.revisionFile}?${query}`;
}
