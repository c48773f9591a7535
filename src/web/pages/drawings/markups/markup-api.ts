import { DRAWING_PATHS, type Calibration, type RevisionDetail, type SheetDetail, type SheetListResult } from '../../../../core/contracts/drawings.ts';
import type { DocListResult, DocVersion } from '../../../../core/contracts/documents.ts';
import { DOC_PREFIX } from '../../../../core/contracts/documents.ts';
import type { Markup, MarkupInput } from '../../../../core/drawings/markup.ts';
import type { CallOptions, Http } from '../../../api/endpoints.ts';

// The canvas shows failures in its own messages.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the markup canvas: the revision shown, its markups and calibration, and what a link may point at. */
export function markupApi(http: Http) {
  return {
    revision: (id: number) => http.get<RevisionDetail>(DRAWING_PATHS.revisionGet, { id }, QUIET),
    sheet: (id: number) => http.get<SheetDetail>(DRAWING_PATHS.sheetGet, { id }, QUIET),
    markups: (revisionId: number) => http.get<Markup[]>(DRAWING_PATHS.markupList, { revisionId }, QUIET),
    save: (revisionId: number, markup: MarkupInput) => http.post<Markup>(DRAWING_PATHS.markupSave, { revisionId, markup }, QUIET),
    remove: (ids: number[]) => http.post<unknown>(DRAWING_PATHS.markupDelete, { ids }, QUIET),
    calibrate: (id: number, calibration: Calibration) => http.post<unknown>(DRAWING_PATHS.revisionCalibrate, { id, calibration }, QUIET),
    /** Sheets of the workspace whose number or title holds the keyword (a link's target). */
    findSheets: (workspaceCode: string, keyword: string) =>
      http.post<SheetListResult>(DRAWING_PATHS.sheetList, { workspaceCode, keyword, page: 1, size: 20, sort: 'number', order: 'asc' }, QUIET),
    /** Documents of the workspace whose name holds the keyword, in every folder the caller may see. */
    findDocuments: (workspaceCode: string, keyword: string) =>
      http.post<DocListResult>(`${DOC_PREFIX}/list`, { workspaceCode, folderId: null, keyword, pageNum: 1, pageSize: 20 }, QUIET),
    documentVersions: (id: number) => http.get<DocVersion[]>(`${DOC_PREFIX}/file/versions`, { id }, QUIET),
  };
}

export type MarkupApi = ReturnType<typeof markupApi>;
