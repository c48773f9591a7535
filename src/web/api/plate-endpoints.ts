import {
  PLATE_PATHS,
  type PlateCopyBody,
  type PlateCreateBody,
  type PlateDetail,
  type PlateListItem,
  type PlateListQuery,
  type PlatePublishBody,
  type PlateRenameBody,
  type PlateUpdateBody,
} from '../../core/contracts/plates.ts';
import type { PageResult } from '../../core/envelope.ts';
import type { CallOptions, Http } from './endpoints.ts';

// The plate screens show failures in place, with a retry; writes report through the screen's own message.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the analysis plate screens. */
export function plateApi(http: Http) {
  return {
    list: (query: Partial<PlateListQuery>) => http.get<PageResult<PlateListItem>>(PLATE_PATHS.list, query, QUIET),
    detail: (id: number) => http.get<PlateDetail>(PLATE_PATHS.detail, { id }, QUIET),
    create: (body: PlateCreateBody) => http.post<PlateDetail>(PLATE_PATHS.create, body, QUIET),
    update: (body: PlateUpdateBody) => http.post<PlateDetail>(PLATE_PATHS.update, body, QUIET),
    rename: (body: PlateRenameBody) => http.post<PlateDetail>(PLATE_PATHS.rename, body, QUIET),
    copy: (body: PlateCopyBody) => http.post<PlateDetail>(PLATE_PATHS.copy, body, QUIET),
    remove: (id: number) => http.post<null>(PLATE_PATHS.delete, { id }, QUIET),
    publish: (body: PlatePublishBody) => http.post<PlateDetail>(PLATE_PATHS.publish, body, QUIET),
  };
}

export type PlateApi = ReturnType<typeof plateApi>;
