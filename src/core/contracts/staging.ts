import type { RecordData } from '../forms/form-design.ts';
import type { LocalText } from '../local-text.ts';
import { ALLPLAN_PREFIX, idSchema, pagingProperties, strictObject, type Validated } from './common.ts';

/** Record drafts: what a filler saved of a record before submitting it. Served by src/server/modules/record-draft/. */

/** The record draft endpoints (the spec names them `staging/`). */
export const STAGING_PATHS = {
  list: `${ALLPLAN_PREFIX}/staging/list`,
  detail: `${ALLPLAN_PREFIX}/staging/detail`,
  save: `${ALLPLAN_PREFIX}/staging/save`,
  delete: `${ALLPLAN_PREFIX}/staging/delete`,
} as const;

export const stagingSaveBody = strictObject({ id: idSchema, formId: idSchema, recordId: idSchema, data: { type: 'object' } }, ['formId', 'data']);
export interface StagingSaveBody {
  /** Absent: a new draft; present: overwrite that draft (autosave). */
  id?: number;
  formId: number;
  recordId?: number;
  data: RecordData;
}

export const stagingListQuery = strictObject({ ...pagingProperties, formId: idSchema });
export type StagingListQuery = Validated<typeof stagingListQuery>;

export const stagingIdQuery = strictObject({ id: idSchema }, ['id']);

export interface StagingItem {
  id: number;
  formId: number;
  formName: LocalText;
  recordId: number | null;
  version: number;
  title: string;
  createTime: string;
  updateTime: string;
}

export interface StagingDetail extends StagingItem {
  data: RecordData;
}
