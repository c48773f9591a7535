import type { FormDesign, JsonSchema, UiSchema } from '../forms/form-design.ts';
import { localTextSchema, type LocalText } from '../local-text.ts';
import { ALLPLAN_PREFIX, idListSchema, idSchema, revisionSchema, strictObject, type Validated } from './common.ts';

/**
 * Follow-up settings of a workspace (`/drawing/dataSourceSettings`, `/drawing/dataTemplateManage`,
 * `/drawing/projectSettings`): data sources (managed option lists: trades, locations, companies,
 * cost codes, and lists an administrator adds; a tree where a list is hierarchical), data
 * templates (a follow-up type's extra fields: a form of the form module, versioned on publish)
 * and project settings (the sheet-number rule, the workspace's disciplines, the members of the
 * drawing area and the roles that give them drawing and follow-up points). Served by
 * src/server/modules/follow-settings/; writes need `follow:settings`, reads membership of the
 * workspace.
 *
 * How follow-ups refer to options: by the option's `code` (a string, unique in its list and
 * fixed once made), e.g. a follow-up's `trade` holds a code of the workspace's `trade` list and a
 * template choice field bound to a list holds codes of that list. "In use" is answered by
 * `optionUsage` (server: src/server/modules/follow-settings/option-usage.ts), which asks the
 * follow-up table's option columns (`FOLLOW_OPTION_COLUMNS`) and the template values of bound
 * fields. An option in use is never deleted, only retired: a retired option keeps its code and
 * label, so old follow-ups still read it, but pickers and newly published templates leave it out.
 *
 * What the settings server reads and writes of the follow-up tables (migration 023):
 * - `follow_up`: `tenant_id`, `workspace_id`, `trade` (text: an option code of the `trade` list),
 *   `template_form_id` (integer, the template's form), `template_version`, `template_values`
 *   (JSON object: field key -> value; jsonb on PostgreSQL). The usage query counts rows by these.
 * - `follow_type`: `id`, `workspace_id`, `template_form_id`. `template/save` makes the template's
 *   form on its first save and sets the type's `template_form_id` in the same transaction; a type
 *   save naming a `templateFormId` should accept only a form of `follow_template` for that type.
 *   A follow-up stores `{ formId, version }` of the type's template current version when made.
 * - A follow-up's own list field (`trade`) can be checked with `listValueProblem` of
 *   src/server/modules/follow-settings/options.ts: a code the list offers, the value it had, or
 *   any text while the workspace keeps no options in that list.
 */
export const FOLLOW_SETTINGS_PREFIX = `${ALLPLAN_PREFIX}/follow/settings`;

export const FOLLOW_SETTINGS_PATHS = {
  // data sources
  sourceList: `${FOLLOW_SETTINGS_PREFIX}/dataSource/list`,
  sourceSave: `${FOLLOW_SETTINGS_PREFIX}/dataSource/save`,
  sourceDelete: `${FOLLOW_SETTINGS_PREFIX}/dataSource/delete`,
  optionList: `${FOLLOW_SETTINGS_PREFIX}/option/list`,
  optionSave: `${FOLLOW_SETTINGS_PREFIX}/option/save`,
  optionRetire: `${FOLLOW_SETTINGS_PREFIX}/option/retire`,
  optionDelete: `${FOLLOW_SETTINGS_PREFIX}/option/delete`,
  optionUsage: `${FOLLOW_SETTINGS_PREFIX}/option/usage`,
  optionExport: `${FOLLOW_SETTINGS_PREFIX}/option/export`,
  optionImport: `${FOLLOW_SETTINGS_PREFIX}/option/import`,
  // data templates
  templateList: `${FOLLOW_SETTINGS_PREFIX}/template/list`,
  templateGet: `${FOLLOW_SETTINGS_PREFIX}/template/get`,
  templateSave: `${FOLLOW_SETTINGS_PREFIX}/template/save`,
  templatePublish: `${FOLLOW_SETTINGS_PREFIX}/template/publish`,
  templateVersion: `${FOLLOW_SETTINGS_PREFIX}/template/version`,
  // project settings
  projectGet: `${FOLLOW_SETTINGS_PREFIX}/project/get`,
  projectSave: `${FOLLOW_SETTINGS_PREFIX}/project/save`,
  disciplineList: `${FOLLOW_SETTINGS_PREFIX}/discipline/list`,
  disciplineSave: `${FOLLOW_SETTINGS_PREFIX}/discipline/save`,
  memberList: `${FOLLOW_SETTINGS_PREFIX}/member/list`,
  memberRoles: `${FOLLOW_SETTINGS_PREFIX}/member/roles`,
} as const;

/** The function point of every settings write (C1 seeds it under the follow-up menu; ADMINs hold it). */
export const FOLLOW_SETTINGS_POINT = 'follow:settings';

// ---------------------------------------------------------------- data sources

/** The lists every workspace has; they cannot be deleted. Hierarchical ones are trees. */
export const BUILT_IN_SOURCES = [
  { key: 'trade', hierarchical: false },
  { key: 'location', hierarchical: true },
  { key: 'company', hierarchical: false },
  { key: 'costCode', hierarchical: true },
] as const;
export type BuiltInSourceKey = (typeof BUILT_IN_SOURCES)[number]['key'];

/**
 * Follow-up columns (C1's `follow_up` table) that hold a code of a workspace list: list key ->
 * column. The usage query reads them; a follow-up field that names a list is added here.
 */
export const FOLLOW_OPTION_COLUMNS: Readonly<Partial<Record<string, string>>> = { trade: 'trade' };

export const SOURCE_KEY_PATTERN = '^[a-z][a-zA-Z0-9_]{0,31}$';
export const OPTION_CODE_PATTERN = '^[^<>\\s](?:[^<>]{0,62}[^<>\\s])?$';
export const OPTION_CODE_MAX = 64;
/** Options one list may hold, and rows one import may carry. */
export const SOURCE_OPTIONS_MAX = 5000;
/** Levels of a hierarchical list (Building › Level › Room › Area …). */
export const SOURCE_DEPTH_MAX = 6;
/** Lists an administrator may add to a workspace besides the built-in ones. */
export const CUSTOM_SOURCES_MAX = 50;
export const OPTION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const workspaceCodeSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
const sourceKeySchema = { type: 'string', pattern: SOURCE_KEY_PATTERN } as const;
const nameSchema = localTextSchema({ minLength: 1, maxLength: 64, pattern: '^[^<>]*[^<>\\s][^<>]*$' });
const labelSchema = localTextSchema({ minLength: 1, maxLength: 120, pattern: '^[^<>]*[^<>\\s][^<>]*$' });

export interface DataSource {
  key: string;
  /** Null for a built-in list: the screen shows `followSettings:source.<key>`. */
  name: LocalText | null;
  builtIn: boolean;
  hierarchical: boolean;
  optionCount: number;
  retiredCount: number;
}

export interface DataSourceOption {
  id: number;
  code: string;
  label: LocalText;
  /** The parent option in a hierarchical list; null at the top (always null in a flat list). */
  parentId: number | null;
  /** Order among siblings (smaller first), then the code. */
  sort: number;
  retired: boolean;
  /** Labels from the top down to this option's parent, for a picker's path ("Tower › Level 2"). */
  path: LocalText[];
  revision: number;
  updateTime: string;
}

/** GET dataSource/list?workspaceCode -> DataSource[] (built-in lists first). Member. */
export const sourceListQuery = strictObject({ workspaceCode: workspaceCodeSchema }, ['workspaceCode']);
export type SourceListQuery = Validated<typeof sourceListQuery>;

/** POST dataSource/save -> DataSource. Adds a list (a new key) or renames one an administrator added. */
export const sourceSaveBody = strictObject(
  { workspaceCode: workspaceCodeSchema, key: sourceKeySchema, name: nameSchema, hierarchical: { type: 'boolean', default: false } },
  ['workspaceCode', 'key', 'name'],
);
export type SourceSaveBody = Validated<typeof sourceSaveBody>;

/** POST dataSource/delete -> null. A built-in list, or one with an option in use, answers 409. */
export const sourceDeleteBody = strictObject({ workspaceCode: workspaceCodeSchema, key: sourceKeySchema }, ['workspaceCode', 'key']);
export type SourceDeleteBody = Validated<typeof sourceDeleteBody>;

/**
 * GET option/list?workspaceCode&source&retired -> DataSourceOption[] in tree order (each parent
 * before its children, siblings by sort). `retired: false` (the default) is what pickers offer.
 */
export const optionListQuery = strictObject(
  { workspaceCode: workspaceCodeSchema, source: sourceKeySchema, retired: { type: 'boolean', default: false } },
  ['workspaceCode', 'source'],
);
export type OptionListQuery = Validated<typeof optionListQuery>;

/**
 * POST option/save -> DataSourceOption. Without `id` adds an option; with `id` and the `revision`
 * loaded changes it (stale: 409). `code` is fixed once the option is in use; a parent must be of the
 * same list, not the option itself or below it, and not retired.
 */
export const optionSaveBody = strictObject(
  {
    workspaceCode: workspaceCodeSchema,
    source: sourceKeySchema,
    id: idSchema,
    revision: revisionSchema,
    code: { type: 'string', minLength: 1, maxLength: OPTION_CODE_MAX, pattern: OPTION_CODE_PATTERN },
    label: labelSchema,
    parentId: { type: ['integer', 'null'], minimum: 1, default: null },
    sort: { type: 'integer', minimum: -1000000, maximum: 1000000, default: 0 },
  },
  ['workspaceCode', 'source', 'code', 'label'],
);
export type OptionSaveBody = Validated<typeof optionSaveBody>;

/** POST option/retire -> null. `retired: false` offers the options again; retiring one retires the options below it. */
export const optionRetireBody = strictObject(
  { workspaceCode: workspaceCodeSchema, source: sourceKeySchema, ids: { ...idListSchema(SOURCE_OPTIONS_MAX), minItems: 1 }, retired: { type: 'boolean' } },
  ['workspaceCode', 'source', 'ids', 'retired'],
);
export type OptionRetireBody = Validated<typeof optionRetireBody>;

/** POST option/delete -> null. All or none: an option in use (or with options below it) answers 409 naming it. */
export const optionDeleteBody = strictObject(
  { workspaceCode: workspaceCodeSchema, source: sourceKeySchema, ids: { ...idListSchema(SOURCE_OPTIONS_MAX), minItems: 1 } },
  ['workspaceCode', 'source', 'ids'],
);
export type OptionDeleteBody = Validated<typeof optionDeleteBody>;

/** GET option/usage?workspaceCode&source&id -> OptionUsage. */
export const optionUsageQuery = strictObject(
  { workspaceCode: workspaceCodeSchema, source: sourceKeySchema, id: idSchema },
  ['workspaceCode', 'source', 'id'],
);
export type OptionUsageQuery = Validated<typeof optionUsageQuery>;

export interface OptionUsage {
  /** Follow-ups whose own field (e.g. trade) holds the code. */
  followUps: number;
  /** Follow-ups whose template values hold the code in a field bound to the list. */
  templateValues: number;
  /** Data templates with a field bound to the list (their published versions offer the option). */
  templates: { typeId: number; formId: number; fieldKey: string }[];
  inUse: boolean;
}

/**
 * GET option/export?workspaceCode&source -> `<list>-<YYYYMMDD>.xlsx`: one row per option in tree
 * order under the columns of OPTION_SHEET_COLUMNS. It imports again unchanged.
 */
export const optionExportQuery = strictObject(
  { workspaceCode: workspaceCodeSchema, source: sourceKeySchema, token: { type: 'string', maxLength: 512 } },
  ['workspaceCode', 'source'],
);
export type OptionExportQuery = Validated<typeof optionExportQuery>;

/** The header row of an option sheet, in this order (the labels are in English and read in any case). */
export const OPTION_SHEET_COLUMNS = ['code', 'parentCode', 'label', 'label.en', 'label.zh-CN', 'label.ar', 'sort', 'retired'] as const;

/**
 * POST option/import (multipart: `file` .xlsx, fields `workspaceCode`, `source`) -> OptionImportResult.
 * A row's code names the option: a known code changes it, a new one adds it; options the file
 * does not name are left alone. Any refused row refuses the whole file: nothing is stored.
 */
export interface OptionImportResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Empty when the file was stored. */
  refused: { row: number; field: string; message: string }[];
}

// ---------------------------------------------------------------- data templates

/**
 * A follow-up type's data template: a form of the workspace (the form module's designer and
 * runtime), published as versions; a follow-up keeps the version it was made with. The form is
 * marked as a template (`follow_template` row), so the ordinary form screens do not offer it to
 * fill. A choice field may be bound to a list: publishing fills its options with the list's
 * options not retired (value = code, label = label).
 */
export interface FollowTemplate {
  typeId: number;
  formId: number;
  workspaceCode: string;
  /** Null until first published: follow-ups of the type then carry no extra values. */
  currentVersion: number | null;
  revision: number;
  unpublishedChanges: boolean;
  /** A bound field of the current version offers other options than its list does now: publish again. */
  optionsBehind: boolean;
  /** Field key (top level) -> list key. */
  bindings: Record<string, string>;
  updateTime: string;
}

export interface FollowTemplateDetail extends FollowTemplate {
  design: FormDesign;
  versions: { version: number; publishTime: string; publishedByName: string | null; fieldCount: number }[];
}

/** A published version: what a follow-up made with it is shown and checked with. */
export interface FollowTemplateVersion {
  typeId: number;
  formId: number;
  version: number;
  design: FormDesign;
  schema: JsonSchema;
  uiSchema: UiSchema;
}

/** GET template/list?workspaceCode -> FollowTemplate[]. Member. */
export const templateListQuery = sourceListQuery;
export type TemplateListQuery = SourceListQuery;

/** GET template/get?typeId -> FollowTemplateDetail (a type without a template yet answers an empty draft, formId 0). */
export const templateGetQuery = strictObject({ typeId: idSchema }, ['typeId']);
export type TemplateGetQuery = Validated<typeof templateGetQuery>;

/**
 * POST template/save -> FollowTemplateDetail. Saves the draft design and the bindings; the first
 * save makes the template's form (send no revision then), later saves send the revision loaded.
 */
export const templateSaveBody = strictObject(
  {
    typeId: idSchema,
    revision: revisionSchema,
    design: { type: 'object' },
    bindings: { type: 'object', maxProperties: 200, propertyNames: { pattern: '^[a-z][a-zA-Z0-9_]{0,47}$' }, additionalProperties: sourceKeySchema, default: {} },
  },
  ['typeId', 'design'],
);
export interface TemplateSaveBody {
  typeId: number;
  revision?: number;
  design: FormDesign;
  bindings?: Record<string, string>;
}

/** POST template/publish { typeId } -> FollowTemplateVersion (the new version). */
export const templatePublishBody = strictObject({ typeId: idSchema }, ['typeId']);
export type TemplatePublishBody = Validated<typeof templatePublishBody>;

/** GET template/version?typeId&version -> FollowTemplateVersion. Member. */
export const templateVersionQuery = strictObject({ typeId: idSchema, version: { type: 'integer', minimum: 1 } }, ['typeId', 'version']);
export type TemplateVersionQuery = Validated<typeof templateVersionQuery>;

// ---------------------------------------------------------------- project settings

/**
 * Per workspace. `sheetNumberRule`: how the register proposes a number a title block did not
 * give, e.g. `{discipline}-{100}` (A-101, A-102 …): `{discipline}` is the discipline's code and
 * `{<digits>}` a counter starting at that number and keeping its width. Follow-up numbering is
 * per type (C1's type table, `numberingRule`).
 */
export interface ProjectSettings {
  workspaceCode: string;
  sheetNumberRule: string;
  revision: number;
  updateTime: string | null;
}

export const SHEET_NUMBER_RULE_MAX = 40;
export const DEFAULT_SHEET_NUMBER_RULE = '{discipline}-{101}';

/** GET project/get?workspaceCode -> ProjectSettings (defaults before the first save, revision 0). Member. */
export const projectGetQuery = sourceListQuery;

/** POST project/save -> ProjectSettings; `revision` as loaded (0 before the first save). */
export const projectSaveBody = strictObject(
  {
    workspaceCode: workspaceCodeSchema,
    revision: { type: 'integer', minimum: 0 },
    sheetNumberRule: { type: 'string', minLength: 1, maxLength: SHEET_NUMBER_RULE_MAX },
  },
  ['workspaceCode', 'revision', 'sheetNumberRule'],
);
export type ProjectSaveBody = Validated<typeof projectSaveBody>;

/** A drawing discipline of a workspace: the default list (src/core/drawings/disciplines.ts) until saved. */
export interface WorkspaceDiscipline {
  code: string;
  /** Null for a default code left unnamed: the screen shows `drawings:discipline.*`. */
  label: LocalText | null;
  sort: number;
}

/** GET discipline/list?workspaceCode -> { disciplines, revision } (revision 0: the defaults). Member. */
export const disciplineListQuery = sourceListQuery;
export interface DisciplineList {
  disciplines: WorkspaceDiscipline[];
  revision: number;
}

/**
 * POST discipline/save -> DisciplineList: the whole list, in order. Codes 1–4 capital letters;
 * `X` (other) is always kept; a code sheets of the workspace still use cannot be left out (409).
 */
export const disciplineSaveBody = strictObject(
  {
    workspaceCode: workspaceCodeSchema,
    revision: { type: 'integer', minimum: 0 },
    disciplines: {
      type: 'array',
      minItems: 1,
      maxItems: 60,
      items: strictObject({ code: { type: 'string', pattern: '^[A-Z]{1,4}$' }, label: { anyOf: [labelSchema, { type: 'null' }] } }, ['code', 'label']),
    },
  },
  ['workspaceCode', 'revision', 'disciplines'],
);
export type DisciplineSaveBody = Validated<typeof disciplineSaveBody>;

/** The points the drawing area's member list shows, in this order. */
export const DRAWING_AREA_POINTS = [
  'drawing:upload',
  'drawing:release',
  'drawing:annotate',
  'drawing:delete',
  'follow:create',
  'follow:manage',
  'follow:settings',
] as const;

/** A role that grants at least one drawing-area point (roles are the tenant's: granting one grants it everywhere). */
export interface DrawingAreaRole {
  id: number;
  code: string;
  name: LocalText;
  points: string[];
}

export interface DrawingAreaMember {
  userId: number;
  name: string;
  username: string;
  admin: boolean;
  /** The drawing-area roles the member holds. */
  roleIds: number[];
  /** Drawing-area points the member holds through any role (every one for an ADMIN). */
  points: string[];
}

/** GET member/list?workspaceCode -> { members, roles }. follow:settings. */
export const memberListQuery = sourceListQuery;
export interface DrawingAreaMembers {
  members: DrawingAreaMember[];
  roles: DrawingAreaRole[];
}

/**
 * POST member/roles -> DrawingAreaMember: which drawing-area roles a member of the workspace holds
 * (roles not granting a drawing-area point are left as they are). Needs follow:settings and
 * role:manage, since roles count in every workspace.
 */
export const memberRolesBody = strictObject(
  { workspaceCode: workspaceCodeSchema, userId: idSchema, roleIds: idListSchema(200) },
  ['workspaceCode', 'userId', 'roleIds'],
);
export type MemberRolesBody = Validated<typeof memberRolesBody>;
