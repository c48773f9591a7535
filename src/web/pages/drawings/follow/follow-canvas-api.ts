import { DRAWING_PATHS, type SheetDetail, type SheetListResult } from '../../../../core/contracts/drawings.ts';
import {
  FOLLOW_PATHS,
  type FollowCreateBody,
  type FollowDetail,
  type FollowPerson,
  type FollowPin,
  type FollowPinListBody,
  type FollowPinRow,
  type FollowStatus,
  type FollowType,
} from '../../../../core/contracts/follows.ts';
import { FOLLOW_SETTINGS_PATHS, type DataSourceOption } from '../../../../core/contracts/follow-settings.ts';
import type { CallOptions, Http } from '../../../api/endpoints.ts';

// The canvas shows failures in its own messages.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the follow-up canvas: the register's sheets, the pins on one, and the follow-ups behind them. */
export function followCanvasApi(http: Http) {
  return {
    /** Sheets of the workspace whose number or title holds the keyword, by number. */
    sheets: (workspaceCode: string, keyword: string) =>
      http.post<SheetListResult>(DRAWING_PATHS.sheetList, { workspaceCode, keyword, page: 1, size: 50, sort: 'number', order: 'asc' }, QUIET),
    sheet: (id: number) => http.get<SheetDetail>(DRAWING_PATHS.sheetGet, { id }, QUIET),
    pins: (body: FollowPinListBody) => http.post<FollowPinRow[]>(FOLLOW_PATHS.pinList, body, QUIET),
    follow: (id: number) => http.get<FollowDetail>(FOLLOW_PATHS.get, { id }, QUIET),
    create: (body: FollowCreateBody) => http.post<FollowDetail>(FOLLOW_PATHS.create, body, QUIET),
    movePin: (id: number, revision: number, pin: FollowPin) => http.post<FollowDetail>(FOLLOW_PATHS.update, { id, revision, pin }, QUIET),
    status: (id: number, revision: number, to: FollowStatus) => http.post<FollowDetail>(FOLLOW_PATHS.status, { id, revision, to }, QUIET),
    types: (workspaceCode: string) => http.get<FollowType[]>(FOLLOW_PATHS.typeList, { workspaceCode }, QUIET),
    people: (workspaceCode: string) => http.get<FollowPerson[]>(FOLLOW_PATHS.people, { workspaceCode }, QUIET),
    /** A data source's live options (the trades the filter offers). */
    options: (workspaceCode: string, source: string) => http.get<DataSourceOption[]>(FOLLOW_SETTINGS_PATHS.optionList, { workspaceCode, source }, QUIET),
  };
}

export type FollowCanvasApi = ReturnType<typeof followCanvasApi>;
