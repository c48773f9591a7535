import type { PageResult } from '../envelope.ts';
import type { RecordData } from '../forms/form-design.ts';
import type { LocalText } from '../local-text.ts';
import { ALLPLAN_PREFIX, idSchema, pagingProperties, revisionSchema, strictObject, type JsonSchema, type Validated } from './common.ts';
import type { FormStatus, FormVersionDetail } from './form.ts';
import { recordFilterSchema, recordSortSchema, type RecordFilter, type RecordSort } from './record-query.ts';

/**
 * Request schemas and answers of a form's records: list, read, write, delete, export and
 * import, options for linked-record fields, and each user's saved list search. Records are
 * validated against their form's version by the server. Served by src/server/modules/record/.
 * Bodies that carry record data, filters or a saved search keep written types (RecordData,
 * RecordFilter, SearchConfig), which say more than their schemas; the others are derived.
 */

// ---------------------------------------------------------------- paths

/** The record endpoints; import and the list search keep the spec's older names. */
export const RECORD_PATHS = {
  list: `${ALLPLAN_PREFIX}/record/list`,
  detail: `${ALLPLAN_PREFIX}/record/detail`,
  create: `${ALLPLAN_PREFIX}/record/create`,
  update: `${ALLPLAN_PREFIX}/record/update`,
  delete: `${ALLPLAN_PREFIX}/record/delete`,
  options: `${ALLPLAN_PREFIX}/record/options`,
  export: `${ALLPLAN_PREFIX}/record/export`,
  import: `${ALLPLAN_PREFIX}/flowFile/field/import`,
  saveSearchConfig: `${ALLPLAN_PREFIX}/dataBoard/formList/updateSearchConfig`,
  searchConfig: `${ALLPLAN_PREFIX}/dataBoard/formList/config/list`,
} as const;

// ---------------------------------------------------------------- function points

export const RECORD_POINTS = {
  create: 'record:create',
  edit: 'record:edit',
  delete: 'record:delete',
  export: 'record:export',
  import: 'record:import',
} as const;

/** Any of these reads a form's published version and its records (a form's buttonPoints may name others). */
export const RECORD_READ_POINTS = [RECORD_POINTS.create, RECORD_POINTS.edit, RECORD_POINTS.export] as const;

// ---------------------------------------------------------------- records

export const RECORD_STATUSES = ['none', 'running', 'approved', 'rejected', 'withdrawn'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** At most this many ids per batch delete. */
export const RECORD_BATCH_MAX = 500;

const dataSchema = { type: 'object' } as const;
const keywordSchema = { type: 'string', maxLength: 100 } as const;
const workspaceCodeSchema = { type: ['string', 'null'], minLength: 1, maxLength: 64 } as const;

export const recordListBody = strictObject(
  {
    formId: idSchema,
    ...pagingProperties,
    filters: { type: 'array', maxItems: 30, items: recordFilterSchema, default: [] },
    sort: { type: 'array', maxItems: 5, items: recordSortSchema, default: [] },
    keyword: keywordSchema,
  },
  ['formId'],
);
export interface RecordListBody {
  formId: number;
  pageNum: number;
  pageSize: number;
  filters: RecordFilter[];
  sort: RecordSort[];
  keyword?: string;
}

export const recordIdQuery = strictObject({ id: idSchema }, ['id']);

export const recordCreateBody = strictObject(
  { formId: idSchema, data: dataSchema, draftId: idSchema, workspaceCode: workspaceCodeSchema },
  ['formId', 'data'],
);
export interface RecordCreateBody {
  formId: number;
  data: RecordData;
  /** The draft this record was filled from; it is deleted with the create. */
  draftId?: number;
  /** The workspace the record belongs to when the form is the whole tenant's; one of the caller's. */
  workspaceCode?: string | null;
}

export const recordUpdateBody = strictObject(
  { id: idSchema, revision: revisionSchema, data: dataSchema, upgradeToVersion: { type: 'boolean' }, draftId: idSchema },
  ['id', 'revision', 'data'],
);
export interface RecordUpdateBody {
  id: number;
  revision: number;
  data: RecordData;
  /** Validate against the form's current version (dropping keys it no longer has) and move the record to it. */
  upgradeToVersion?: boolean;
  draftId?: number;
}

export const recordDeleteBody = strictObject(
  { ids: { type: 'array', minItems: 1, maxItems: RECORD_BATCH_MAX, uniqueItems: true, items: idSchema } },
  ['ids'],
);
export type RecordDeleteBody = Validated<typeof recordDeleteBody>;

export const recordOptionsQuery = strictObject({ formId: idSchema, keyword: keywordSchema }, ['formId']);
export type RecordOptionsQuery = Validated<typeof recordOptionsQuery>;

export interface FormRecord {
  id: number;
  formId: number;
  version: number;
  number: string | null;
  title: string;
  data: RecordData;
  status: RecordStatus;
  workspaceCode: string | null;
  createdBy: number | null;
  createdByName: string | null;
  createTime: string;
  updatedBy: number | null;
  updateTime: string;
  revision: number;
}

export type RecordPage = PageResult<FormRecord>;

export interface RecordDetail {
  record: FormRecord;
  form: { id: number; name: LocalText; currentVersion: number | null; status: FormStatus };
  /** The record's own version: what it is shown and validated with. */
  version: FormVersionDetail;
  /** The approval state, when the form has a flow (filled by the flow module). */
  flow: unknown;
}

export interface RecordOption {
  formId: number;
  recordId: number;
  title: string;
  number: string | null;
}

// ---------------------------------------------------------------- export and import

export const recordExportBody = strictObject(
  {
    formId: idSchema,
    filters: { type: 'array', maxItems: 30, items: recordFilterSchema, default: [] },
    sort: { type: 'array', maxItems: 5, items: recordSortSchema, default: [] },
    keyword: keywordSchema,
    columns: { type: 'array', maxItems: 200, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 48 } },
  },
  ['formId'],
);
export interface RecordExportBody {
  formId: number;
  filters: RecordFilter[];
  sort: RecordSort[];
  keyword?: string;
  /** Data keys and system columns in the order wanted; absent: the list columns, else every field. */
  columns?: string[];
}

/** Import limits: the file's size and its data rows. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20000;
/** Good rows are written in batches of this many, one transaction each. */
export const IMPORT_BATCH_ROWS = 500;

export interface ImportProblem {
  /** Row number in the sheet (the header is row 1). */
  row: number;
  field: string;
  message: string;
}

export interface ImportResult {
  imported: number;
  failed: ImportProblem[];
}

// ---------------------------------------------------------------- list search settings

/** What the record list's search bar keeps per user and form. */
export interface SearchConfig {
  /** Fields (data keys or system columns) whose filters the bar shows, in order. */
  shownFilters: string[];
  /** Saved filter values. */
  filters: RecordFilter[];
  sort: RecordSort[];
  keyword?: string;
  pageSize?: number;
}

export const searchConfigSchema: JsonSchema = strictObject(
  {
    shownFilters: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 48 } },
    filters: { type: 'array', maxItems: 30, items: recordFilterSchema },
    sort: { type: 'array', maxItems: 5, items: recordSortSchema },
    keyword: keywordSchema,
    pageSize: pagingProperties.pageSize,
  },
  ['shownFilters', 'filters', 'sort'],
);

/** What dataBoard/formList/config/list answers: the caller's saved search of a form (null: none yet). */
export interface SearchConfigEntry {
  formId: number;
  config: SearchConfig | null;
  updateTime: string | null;
}

export const searchConfigBody = strictObject({ formId: idSchema, config: searchConfigSchema }, ['formId', 'config']);
export interface SearchConfigBody {
  formId: number;
  config: SearchConfig;
}
export const searchConfigQuery = strictObject({ formId: idSchema }, ['formId']);
export type SearchConfigQuery = Validated<typeof searchConfigQuery>;
