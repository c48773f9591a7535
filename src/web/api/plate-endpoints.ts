import type {
  PlateCopyBody,
  PlateCreateBody,
  PlateDetail,
  PlateListItem,
  PlateListQuery,
  PlatePublishBody,
  PlateRenameBody,
  PlateUpdateBody,
} from '../../core/contracts/plates.ts';
import type { PageResult } from '../../core/envelope.ts';
import type { CallOptions, Http } from './endpoints.ts';

const BOARD = '/proptech_allplan/board/plate';
// The plate screens show failures in place, with a retry; writes report through the screen's own message.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the analysis plate screens. */
export function plateApi(http: Http) {
  return {
    list: (query: Partial<PlateListQuery>) => http.get<PageResult<PlateListItem>>(`${BOARD}/list`, query, QUIET),
    detail: (id: number) => http.get<PlateDetail>(`${BOARD}/detail`, { id }, QUIET),
    create: (body: PlateCreateBody) => http.post<PlateDetail>(`${BOARD}/create`, body, QUIET),
    update: (body: PlateUpdateBody) => http.post<PlateDetail>(`${BOARD}/update`, body, QUIET),
    rename: (body: PlateRenameBody) => http.post<PlateDetail>(`${BOARD}/rename`, body, QUIET),
    copy: (body: PlateCopyBody) => http.post<PlateDetail>(`${BOARD}/copy`, body, QUIET),
    remove: (id: number) => http.post<null>(`${BOARD}/delete`, { id }, QUIET),
    publish: (body: PlatePublishBody) => http.post<PlateDetail>(`${BOARD}/publish`, body, QUIET),
  };
}

export type PlateApi = ReturnType<typeof plateApi>;
