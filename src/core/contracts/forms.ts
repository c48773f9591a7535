import type { PageResult } from '../envelope.ts';
import type { CompiledForm, FormDesign, FormSettings, RecordData } from '../forms/form-design.ts';
import { idSchema, pagingProperties, strictObject, type JsonSchema } from './common.ts';
import { recordFilterSchema, recordSortSchema, type RecordFilter, type RecordSort } from './record-query.ts';

/**
 * Request schemas and answers of the form designer, record and draft APIs (issue 5). A
 * design is only required to be an object here: validateFormDesign (src/core/forms) checks
 * it in depth and names paths under `design.`; settings are checked against the design.
 */

// ---------------------------------------------------------------- function points

export const FORM_POINTS = {
  create: 'form:create',
  edit: 'form:edit',
  delete: 'form:delete',
  publish: 'form:publish',
  flowDesign: 'flow:design',
} as const;

export const RECORD_POINTS = {
  create: 'record:create',
  edit: 'record:edit',
  delete: 'record:delete',
  export: 'record:export',
  import: 'record:import',
} as const;

/** Any of these opens the designer's lists and drafts. */
export const FORM_DESIGN_POINTS = Object.values(FORM_POINTS);

/** Any of these reads a form's published version and its records (a form's buttonPoints may name others). */
export const RECORD_READ_POINTS = [RECORD_POINTS.create, RECORD_POINTS.edit, RECORD_POINTS.export] as const;

// ---------------------------------------------------------------- forms

export const FORM_NAME_MAX = 80;
export const FORM_STATUSES = ['draft', 'published', 'disabled'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

const nameSchema = { type: 'string', minLength: 1, maxLength: FORM_NAME_MAX, pattern: '\\S' } as const;
const descriptionSchema = { type: 'string', maxLength: 500 } as const;
const iconSchema = { type: ['string', 'null'], maxLength: 64, pattern: '^[A-Za-z0-9]*$' } as const;
const workspaceCodeSchema = { type: ['string', 'null'], minLength: 1, maxLength: 64 } as const;
const revisionSchema = { type: 'integer', minimum: 1 } as const;
const versionSchema = { type: 'integer', minimum: 1, maximum: 1000000 } as const;
const keywordSchema = { type: 'string', maxLength: 100 } as const;

export const formListQuery = strictObject({ ...pagingProperties, keyword: keywordSchema, status: { enum: [...FORM_STATUSES] } });
export interface FormListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  status?: FormStatus;
}

export const formIdQuery = strictObject({ id: idSchema }, ['id']);
export const formIdBody = formIdQuery;
export interface FormIdBody {
  id: number;
}

export const formCreateBody = strictObject(
  { name: nameSchema, description: descriptionSchema, icon: iconSchema, design: { type: 'object' }, workspaceCode: workspaceCodeSchema },
  ['name'],
);
export interface FormCreateBody {
  name: string;
  description?: string;
  icon?: string | null;
  design?: FormDesign;
  /** Null or absent: the whole tenant uses the form. */
  workspaceCode?: string | null;
}

/**
 * `status` switches a published form off (`disabled`: no new records) and on again
 * (`published`); a form that was never published stays a draft.
 */
export const formUpdateBody = strictObject(
  {
    id: idSchema,
    revision: revisionSchema,
    name: nameSchema,
    description: descriptionSchema,
    icon: iconSchema,
    design: { type: 'object' },
    status: { enum: ['published', 'disabled'] },
  },
  ['id', 'revision'],
);
export interface FormUpdateBody {
  id: number;
  revision: number;
  name?: string;
  description?: string;
  icon?: string | null;
  design?: FormDesign;
  status?: 'published' | 'disabled';
}

/** The designer's live preview of a design not yet saved (POST form/preview). */
export const formPreviewBody = strictObject({ design: { type: 'object' } }, ['design']);
export interface FormPreviewBody {
  design: FormDesign;
}
/** The design compiled as a version would be, and where its browser validation code waits. */
export interface FormPreviewResult extends CompiledForm {
  validatorKey: string;
}
export const formPreviewValidatorQuery = strictObject({ key: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' }, token: { type: 'string' } }, ['key']);
export interface FormPreviewValidatorQuery {
  key: string;
  token?: string;
}

const fieldKeySchema = { type: 'string', pattern: '^[a-z][a-zA-Z0-9_]{0,47}$' } as const;
const pointCodeSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' } as const;

/** The shape of advance settings; keys and the numbering rule are checked against the design by the server. */
export const formSettingsSchema: JsonSchema = strictObject(
  {
    numbering: { ...strictObject({ rule: { type: 'string', minLength: 1, maxLength: 64 } }, ['rule']), type: ['object', 'null'] },
    defaults: { type: 'object', propertyNames: fieldKeySchema },
    titleField: { type: ['string', 'null'], pattern: fieldKeySchema.pattern },
    listColumns: { type: 'array', maxItems: 100, uniqueItems: true, items: fieldKeySchema },
    indexedFields: { type: 'array', maxItems: 8, uniqueItems: true, items: fieldKeySchema },
    fieldPermissions: {
      type: 'object',
      propertyNames: { type: 'string', minLength: 1, maxLength: 64 },
      additionalProperties: { type: 'object', propertyNames: fieldKeySchema, additionalProperties: { enum: ['hidden', 'readonly', 'editable'] } },
    },
    buttonPoints: strictObject({
      create: pointCodeSchema,
      edit: pointCodeSchema,
      delete: pointCodeSchema,
      export: pointCodeSchema,
      import: pointCodeSchema,
    }),
  },
  ['numbering', 'defaults', 'titleField', 'listColumns', 'indexedFields', 'fieldPermissions', 'buttonPoints'],
);

export const formSettingsBody = strictObject({ id: idSchema, revision: revisionSchema, settings: formSettingsSchema }, ['id', 'revision', 'settings']);
export interface FormSettingsBody {
  id: number;
  revision: number;
  settings: FormSettings;
}

export const formVersionQuery = strictObject({ id: idSchema, version: versionSchema }, ['id', 'version']);
export interface FormVersionQuery {
  id: number;
  version: number;
}

export interface FormListItem {
  id: number;
  name: string;
  description: string;
  icon: string | null;
  status: FormStatus;
  workspaceCode: string | null;
  currentVersion: number | null;
  revision: number;
  createTime: string;
  updateTime: string;
}

export interface FormDetail extends FormListItem {
  /** True when the draft (design, settings or flow) differs from the current version. */
  unpublishedChanges: boolean;
  design: FormDesign;
  settings: FormSettings;
  /** The draft flow (FlowDefinition), published with the next version. */
  flow: unknown;
  createdBy: number | null;
}

export interface FormVersionItem {
  version: number;
  publishedBy: number | null;
  publishedByName: string | null;
  publishTime: string;
  fieldCount: number;
}

export interface FormVersionDetail extends CompiledForm {
  formId: number;
  name: string;
  version: number;
  design: FormDesign;
  settings: FormSettings;
  flow: unknown;
  publishTime: string;
}

export interface FormOption {
  id: number;
  name: string;
  icon: string | null;
  currentVersion: number;
  workspaceCode: string | null;
}

// ---------------------------------------------------------------- records

export const RECORD_STATUSES = ['none', 'running', 'approved', 'rejected', 'withdrawn'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** At most this many ids per batch delete. */
export const RECORD_BATCH_MAX = 500;

const dataSchema = { type: 'object' } as const;

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
export interface RecordDeleteBody {
  ids: number[];
}

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

export const recordOptionsQuery = strictObject({ formId: idSchema, keyword: keywordSchema }, ['formId']);
export interface RecordOptionsQuery {
  formId: number;
  keyword?: string;
}

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
  form: { id: number; name: string; currentVersion: number | null; status: FormStatus };
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
export interface SearchConfigQuery {
  formId: number;
}

// ---------------------------------------------------------------- drafts (staging)

export const stagingSaveBody = strictObject({ id: idSchema, formId: idSchema, recordId: idSchema, data: dataSchema }, ['formId', 'data']);
export interface StagingSaveBody {
  /** Absent: a new draft; present: overwrite that draft (autosave). */
  id?: number;
  formId: number;
  recordId?: number;
  data: RecordData;
}

export const stagingListQuery = strictObject({ ...pagingProperties, formId: idSchema });
export interface StagingListQuery {
  pageNum: number;
  pageSize: number;
  formId?: number;
}

export const stagingIdQuery = strictObject({ id: idSchema }, ['id']);

export interface StagingItem {
  id: number;
  formId: number;
  formName: string;
  recordId: number | null;
  version: number;
  title: string;
  createTime: string;
  updateTime: string;
}

export interface StagingDetail extends StagingItem {
  data: RecordData;
}
