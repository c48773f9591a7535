import type { CompiledForm, FormDesign, FormSettings } from '../forms/form-design.ts';
import { localTextSchema, type LocalText } from '../local-text.ts';
import { ALLPLAN_PREFIX, idSchema, pagingProperties, revisionSchema, strictObject, type JsonSchema, type Validated } from './common.ts';

/**
 * Request schemas and answers of the form designer: the form list, designs, advance
 * settings, versions and the live preview (issue 5). A design is only required to be an
 * object here: validateFormDesign (src/core/forms) checks it in depth and names paths under
 * `design.`; settings are checked against the design. Served by src/server/modules/form/.
 * Bodies that carry a design or settings keep written types (FormDesign, FormSettings),
 * which say more than `{ type: 'object' }`; the others are derived from their schemas.
 */

// ---------------------------------------------------------------- paths

/** The form designer's endpoints, and the published versions every form screen reads. */
export const FORM_PATHS = {
  list: `${ALLPLAN_PREFIX}/form/list`,
  detail: `${ALLPLAN_PREFIX}/form/detail`,
  create: `${ALLPLAN_PREFIX}/form/create`,
  update: `${ALLPLAN_PREFIX}/form/update`,
  delete: `${ALLPLAN_PREFIX}/form/delete`,
  publish: `${ALLPLAN_PREFIX}/form/publish`,
  updateSettings: `${ALLPLAN_PREFIX}/form/settings/update`,
  versions: `${ALLPLAN_PREFIX}/form/versions`,
  version: `${ALLPLAN_PREFIX}/form/version`,
  validator: `${ALLPLAN_PREFIX}/form/validator`,
  preview: `${ALLPLAN_PREFIX}/form/preview`,
  previewValidator: `${ALLPLAN_PREFIX}/form/preview/validator`,
  options: `${ALLPLAN_PREFIX}/form/options`,
} as const;

// ---------------------------------------------------------------- function points

export const FORM_POINTS = {
  create: 'form:create',
  edit: 'form:edit',
  delete: 'form:delete',
  publish: 'form:publish',
  flowDesign: 'flow:design',
} as const;

/** Any of these opens the designer's lists and drafts. */
export const FORM_DESIGN_POINTS = Object.values(FORM_POINTS);

// ---------------------------------------------------------------- forms

export const FORM_NAME_MAX = 80;
export const FORM_STATUSES = ['draft', 'published', 'disabled'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/** A form's name: one string, or its English, Chinese and Arabic, each 1-80 characters and not only spaces. */
const nameSchema = localTextSchema({ minLength: 1, maxLength: FORM_NAME_MAX, pattern: '\\S' });
const descriptionSchema = { type: 'string', maxLength: 500 } as const;
const iconSchema = { type: ['string', 'null'], maxLength: 64, pattern: '^[A-Za-z0-9]*$' } as const;
const workspaceCodeSchema = { type: ['string', 'null'], minLength: 1, maxLength: 64 } as const;
const versionSchema = { type: 'integer', minimum: 1, maximum: 1000000 } as const;
const keywordSchema = { type: 'string', maxLength: 100 } as const;

export const formListQuery = strictObject({ ...pagingProperties, keyword: keywordSchema, status: { enum: [...FORM_STATUSES] } });
export type FormListQuery = Validated<typeof formListQuery>;

export const formIdQuery = strictObject({ id: idSchema }, ['id']);
export const formIdBody = formIdQuery;
export type FormIdBody = Validated<typeof formIdBody>;

export const formCreateBody = strictObject(
  { name: nameSchema, description: descriptionSchema, icon: iconSchema, design: { type: 'object' }, workspaceCode: workspaceCodeSchema },
  ['name'],
);
export interface FormCreateBody {
  name: LocalText;
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
  name?: LocalText;
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
export type FormPreviewValidatorQuery = Validated<typeof formPreviewValidatorQuery>;

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
export type FormVersionQuery = Validated<typeof formVersionQuery>;

export interface FormListItem {
  id: number;
  /** A text per language or one for all; shown with textIn. */
  name: LocalText;
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
  name: LocalText;
  version: number;
  design: FormDesign;
  settings: FormSettings;
  flow: unknown;
  publishTime: string;
}

export interface FormOption {
  id: number;
  name: LocalText;
  icon: string | null;
  currentVersion: number;
  workspaceCode: string | null;
}
