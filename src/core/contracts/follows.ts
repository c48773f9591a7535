import { MAX_NUMBERING_RULE_LENGTH } from '../forms/numbering.ts';
import { localTextSchema, TEXT_LANGUAGES, type LocalText } from '../local-text.ts';
import { ALLPLAN_PREFIX, idSchema, revisionSchema, strictObject, type Validated } from './common.ts';
import { FILE_ID_PATTERN } from './files.ts';

/**
 * Follow-ups (`/follows`, `/follows/details`, `/follows/detail/:id`, `/follows/edit/:id`,
 * `/drawing/follow`): what a site team writes down when something needs doing — a punch item,
 * a safety observation, a question, a defect. Each belongs to one workspace, has a type (which
 * numbers it and says who may move its status where), may sit at a pin on a sheet, goes to
 * assignees and a reviewer, and keeps comments, photos, watchers and a full history.
 */
export const FOLLOW_PREFIX = `${ALLPLAN_PREFIX}/follow`;

export const FOLLOW_PATHS = {
  /** POST FollowListBody → FollowListResult */
  list: `${FOLLOW_PREFIX}/list`,
  /** GET ?id → FollowDetail */
  get: `${FOLLOW_PREFIX}/get`,
  /** POST FollowCreateBody → FollowDetail */
  create: `${FOLLOW_PREFIX}/create`,
  /** POST FollowUpdateBody → FollowDetail (409 on a stale revision) */
  update: `${FOLLOW_PREFIX}/update`,
  /** POST FollowStatusBody → FollowDetail (409 stale; 403 statusRefused; 400 statusNotInFlow) */
  status: `${FOLLOW_PREFIX}/status`,
  /** POST FollowBulkBody → FollowBulkResult */
  bulk: `${FOLLOW_PREFIX}/bulk`,
  /** POST { ids } → — */
  delete: `${FOLLOW_PREFIX}/delete`,
  /** POST FollowWatchBody → FollowDetail */
  watch: `${FOLLOW_PREFIX}/watch`,
  /** GET ?followId → FollowComment[] (oldest first) */
  commentList: `${FOLLOW_PREFIX}/comment/list`,
  /** POST FollowCommentBody → FollowComment */
  commentAdd: `${FOLLOW_PREFIX}/comment/add`,
  /** POST { id } → — (its author, or a holder of follow:manage) */
  commentDelete: `${FOLLOW_PREFIX}/comment/delete`,
  /** POST FollowPhotoAddBody → FollowPhoto[] (all of the follow-up's photos) */
  photoAdd: `${FOLLOW_PREFIX}/photo/add`,
  /** POST FollowPhotoRemoveBody → FollowPhoto[] */
  photoRemove: `${FOLLOW_PREFIX}/photo/remove`,
  /** GET ?id&part=original|thumbnail&token → the bytes (the thumbnail a WebP of FOLLOW_THUMBNAIL_SIZE px) */
  photoFile: `${FOLLOW_PREFIX}/photo/file`,
  /** GET ?id → HistoryEntry[] (newest first) */
  history: `${FOLLOW_PREFIX}/history`,
  /** POST FollowPinListBody → FollowPin[] (the follow-ups pinned on one sheet, list filters applied) */
  pinList: `${FOLLOW_PREFIX}/pin/list`,
  /** POST FollowFilterBody → FollowOverview (the counts of /follows/details) */
  overview: `${FOLLOW_PREFIX}/overview`,
  /** POST FollowExportBody → an xlsx file (the list's filters and sort) */
  export: `${FOLLOW_PREFIX}/export`,
  /** GET ?workspaceCode → FollowPerson[] (who may be assigned, review, be mentioned) */
  people: `${FOLLOW_PREFIX}/people`,
  /** GET ?workspaceCode → FollowType[] (retired ones too, marked) */
  typeList: `${FOLLOW_PREFIX}/type/list`,
  /** POST FollowTypeSaveBody → FollowType (follow:settings) */
  typeSave: `${FOLLOW_PREFIX}/type/save`,
  /** POST { id } → — (a type in use is refused with typeInUse: retire it instead) */
  typeDelete: `${FOLLOW_PREFIX}/type/delete`,
} as const;

/** Function points (menu BUTTON codes); viewing needs membership of the workspace only. */
export const FOLLOW_POINTS = {
  /** Create follow-ups, comment, upload photos, edit and move one's own (by the type's rule). */
  create: 'follow:create',
  /** Edit, move, assign anyone's; bulk change; delete; import BCF. */
  manage: 'follow:manage',
  /** Types, numbering, templates, data sources, project settings. */
  settings: 'follow:settings',
} as const;
export type FollowPoint = (typeof FOLLOW_POINTS)[keyof typeof FOLLOW_POINTS];

export const FOLLOW_STATUSES = ['open', 'inProgress', 'readyForReview', 'closed'] as const;
export type FollowStatus = (typeof FOLLOW_STATUSES)[number];

export const FOLLOW_PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
export type FollowPriority = (typeof FOLLOW_PRIORITIES)[number];

/**
 * The moves of the status flow (src/core/follows/status-flow.ts): each a name, where it may
 * start and where it ends. A type's rule says which roles may make each move.
 */
export const FOLLOW_MOVES = ['start', 'submit', 'return', 'close', 'reopen'] as const;
export type FollowMove = (typeof FOLLOW_MOVES)[number];

/**
 * Who someone is to a follow-up: one of its assignees, its reviewer, who created it, or a
 * holder of follow:manage in its workspace.
 */
export const FOLLOW_ROLES = ['assignee', 'reviewer', 'creator', 'manager'] as const;
export type FollowRole = (typeof FOLLOW_ROLES)[number];

/** Per move, the roles that may make it. */
export type FollowStatusRule = Record<FollowMove, FollowRole[]>;

/**
 * How a follow-up's due date stands today (in the workspace's calendar): none, later, due
 * tomorrow, due today, overdue; closed ones are `none`.
 */
export const FOLLOW_DUE_STATES = ['none', 'later', 'tomorrow', 'today', 'overdue'] as const;
export type FollowDueState = (typeof FOLLOW_DUE_STATES)[number];

/** Age buckets of open follow-ups on the overview, in days since created. */
export const FOLLOW_AGE_BUCKETS = ['0-7', '8-30', '31-90', '90+'] as const;
export type FollowAgeBucket = (typeof FOLLOW_AGE_BUCKETS)[number];

export const FOLLOW_SORTS = ['number', 'title', 'status', 'priority', 'dueDate', 'createTime', 'updateTime', 'type'] as const;
export type FollowSort = (typeof FOLLOW_SORTS)[number];

/** What a history entry records. */
export const FOLLOW_HISTORY_ACTIONS = [
  'create',
  'update',
  'status',
  'assign',
  'comment',
  'commentDelete',
  'photoAdd',
  'photoRemove',
  'watch',
  'unwatch',
  'delete',
] as const;
export type FollowHistoryAction = (typeof FOLLOW_HISTORY_ACTIONS)[number];

/**
 * Why a write was refused; the browser shows `follows:problem.<code>`.
 */
export const FOLLOW_PROBLEM_CODES = [
  /** The move does not start at the follow-up's status (e.g. close an open one). 400 */
  'statusNotInFlow',
  /** The type's rule does not let the caller make this move. 403 */
  'statusRefused',
  /** Someone saved it since it was loaded (409; `params.by` names them). */
  'stale',
  /** An assignee, reviewer, watcher or mentioned person is not a member of the workspace. 400 */
  'notMember',
  /** The type is retired or of another workspace. 400 */
  'typeUnavailable',
  /** The type has follow-ups: retire it instead. 409 */
  'typeInUse',
  /** The type's numbering rule cannot be read. 400 */
  'numberingRule',
  /** The pin's sheet or revision is not a live sheet of the workspace. 400 */
  'sheetUnavailable',
  /** The pin lies outside its revision's sheet. 400 */
  'pinOutside',
  /** A photo file is not the caller's upload, or not an image. 400 */
  'photoUnavailable',
  /** Too many photos on one follow-up. 400 */
  'tooManyPhotos',
  /** The template values do not pass the template form's rules. 400 */
  'templateValues',
  /** A type save names another form as its template: templates are made on the data template screen. 400 */
  'templateForm',
  /** The trade is not an option of the workspace's trade list, or a retired one. 400 */
  'optionUnavailable',
] as const;
export type FollowProblemCode = (typeof FOLLOW_PROBLEM_CODES)[number];

export const FOLLOW_TITLE_MAX = 200;
export const FOLLOW_DESCRIPTION_MAX = 5000;
export const FOLLOW_COMMENT_MAX = 5000;
export const FOLLOW_TRADE_MAX = 80;
export const FOLLOW_LOCATION_MAX = 200;
export const FOLLOW_ASSIGNEES_MAX = 20;
export const FOLLOW_WATCHERS_MAX = 200;
export const FOLLOW_MENTIONS_MAX = 50;
export const FOLLOW_PHOTOS_MAX = 50;
export const FOLLOW_BATCH_MAX = 500;
/** Rows one export may hold. */
export const FOLLOW_EXPORT_MAX = 100000;
/** Weeks of "open vs closed" on the overview. */
export const FOLLOW_OVERVIEW_WEEKS = 12;
/** Pins one sheet answers at most (the list's filters narrow them). */
export const FOLLOW_PINS_MAX = 10000;
/** The long side of a photo's thumbnail, in pixels (one of the file store's thumbnail sizes). */
export const FOLLOW_THUMBNAIL_SIZE = 256;
/** The icons a type may pick (antd outline names): the type screens show them, the pins draw them. */
export const FOLLOW_TYPE_ICONS = [
  'PushpinOutlined',
  'CheckSquareOutlined',
  'SafetyOutlined',
  'QuestionCircleOutlined',
  'BugOutlined',
  'ExclamationCircleOutlined',
  'WarningOutlined',
  'FireOutlined',
  'FlagOutlined',
  'EyeOutlined',
  'ToolOutlined',
] as const;
export type FollowTypeIcon = (typeof FOLLOW_TYPE_ICONS)[number];
export const FOLLOW_TYPE_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';

// ---- what the server answers ----

/** A person as a reader knows them. */
export interface FollowPerson {
  id: number;
  name: string;
}

export interface FollowType {
  id: number;
  workspaceCode: string;
  name: LocalText;
  /** `#rrggbb`: its pins and chips. */
  color: string;
  /** An icon name of the web app's icon set. */
  icon: string;
  /** A numbering rule as records have (src/core/forms/numbering.ts), e.g. `PI-{####}`. */
  numbering: string;
  statusRule: FollowStatusRule;
  defaultReviewers: FollowPerson[];
  /** The data template: a form whose latest published version new follow-ups of the type fill. */
  templateFormId: number | null;
  /** A retired type keeps its follow-ups but takes no new ones. */
  retired: boolean;
  sort: number;
  /** The optimistic lock. */
  revision: number;
  /** Follow-ups of the type (live ones). */
  useCount: number;
}

/** Where a follow-up is: a point on a sheet in sheet units (origin top-left, y down), as markups. */
export interface FollowPin {
  sheetId: number;
  /** The revision it was dropped on; it shows on later revisions of the sheet too. */
  revisionId: number;
  x: number;
  y: number;
  /** An IFC GlobalId, for models later. */
  modelElementId: string | null;
}

/** A pin as listed, in the reader's terms. */
export interface FollowPinShown extends FollowPin {
  sheetNumber: string;
  sheetTitle: string;
  /** The label of the revision it was dropped on. */
  revisionLabel: string;
}

export interface FollowPinRow {
  id: number;
  number: string;
  title: string;
  status: FollowStatus;
  priority: FollowPriority;
  typeId: number;
  typeName: LocalText;
  color: string;
  dueState: FollowDueState;
  pin: FollowPinShown;
  /** Label of the earlier revision it was dropped on, when the one asked for is later; else null. */
  fromRevision: string | null;
}

export interface FollowPhoto {
  id: number;
  /** The file store's id of the original; read it (and its thumbnail) through FOLLOW_PATHS.photoFile with the photo's id. */
  fileId: string;
  fileName: string;
  size: number;
  addedBy: FollowPerson;
  addedTime: string;
}

export interface FollowRow {
  id: number;
  workspaceCode: string;
  /** As the type's numbering rule made it, unique in the workspace. */
  number: string;
  title: string;
  status: FollowStatus;
  priority: FollowPriority;
  typeId: number;
  typeName: LocalText;
  typeColor: string;
  typeIcon: string;
  assignees: FollowPerson[];
  reviewer: FollowPerson | null;
  /** `YYYY-MM-DD`, or null. */
  dueDate: string | null;
  dueState: FollowDueState;
  trade: string | null;
  location: string | null;
  pin: FollowPinShown | null;
  photoCount: number;
  commentCount: number;
  createdBy: FollowPerson;
  createTime: string;
  updatedBy: FollowPerson | null;
  updateTime: string;
  closedTime: string | null;
}

export interface FollowDetail extends FollowRow {
  description: string;
  watchers: FollowPerson[];
  /** Whether the caller watches it. */
  watching: boolean;
  photos: FollowPhoto[];
  /** The data template's form and version it was made with, and its values; null when the type had none. */
  template: { formId: number; version: number; values: Record<string, unknown> } | null;
  /** The moves the caller may make now (by the flow and the type's rule). */
  moves: FollowMove[];
  /** Whether the caller may edit its fields (creator or assignee with follow:create, or follow:manage). */
  canEdit: boolean;
  /** Whether the caller may comment and add photos (follow:create or follow:manage, or its assignee or reviewer). */
  canComment: boolean;
  /** The optimistic lock: send it back with update and status. */
  revision: number;
}

export interface FollowListResult {
  rows: FollowRow[];
  total: number;
}

export interface FollowComment {
  id: number;
  followId: number;
  author: FollowPerson;
  text: string;
  mentions: FollowPerson[];
  createTime: string;
  /** Whether the caller may delete it. */
  canDelete: boolean;
}

/** One field's change, in the reader's terms (names, labels, dates as stored text). */
export interface FollowChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface HistoryEntry {
  id: number;
  followId: number;
  action: FollowHistoryAction;
  by: FollowPerson;
  at: string;
  changes: FollowChange[];
  /** The comment's text for `comment`, the move for `status`, photo names for photos. */
  note: string | null;
}

export interface FollowBulkResult {
  changed: number[];
  /** Those not changed, with why (a status move the flow or the rule refuses, a stale one). */
  refused: { id: number; number: string; code: FollowProblemCode }[];
}

export interface FollowCount<K = string> {
  key: K;
  count: number;
}

export interface FollowOverview {
  total: number;
  byStatus: FollowCount<FollowStatus>[];
  /** Open (not closed) per assignee; key the person's id, 0 for unassigned. */
  byAssignee: (FollowCount<number> & { name: string })[];
  /** Open per trade; key '' for none. */
  byTrade: FollowCount<string>[];
  /** The workspace's calendar day the figures were counted on: the age buckets' days count back from it. */
  today: string;
  /** Open per age since created. */
  byAge: FollowCount<FollowAgeBucket>[];
  byType: (FollowCount<number> & { name: LocalText; color: string })[];
  overdue: number;
  /** Per week (Monday `YYYY-MM-DD`), oldest first, the last FOLLOW_OVERVIEW_WEEKS weeks. */
  weekly: { week: string; opened: number; closed: number }[];
}

/**
 * The live event the notification stream sends the members of a workspace looking at
 * follow-ups when one changes (`event: follow`), so lists, pins and the detail refresh.
 */
export const FOLLOW_EVENT = 'follow';
export interface FollowEvent {
  workspaceCode: string;
  id: number;
  action: FollowHistoryAction;
}

// ---- request schemas (the server validates with these; the browser's forms too) ----

const workspaceCodeSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
const idList = (maxItems: number) => ({ type: 'array', items: idSchema, maxItems, uniqueItems: true }) as const;
const dateSchema = { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const dateOrNone = { anyOf: [dateSchema, { type: 'null' }] } as const;
const plainLine = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^<>]*$' }) as const;
const nullableLine = (maxLength: number) => ({ anyOf: [plainLine(maxLength), { type: 'null' }] }) as const;

export const followTitleSchema = { type: 'string', minLength: 1, maxLength: FOLLOW_TITLE_MAX, pattern: '^[^<>]*[^<>\\s][^<>]*$' } as const;
export const followDescriptionSchema = { type: 'string', maxLength: FOLLOW_DESCRIPTION_MAX } as const;
export const followStatusSchema = { enum: [...FOLLOW_STATUSES] } as const;
export const followPrioritySchema = { enum: [...FOLLOW_PRIORITIES] } as const;
export const followTradeSchema = nullableLine(FOLLOW_TRADE_MAX);
export const followLocationSchema = nullableLine(FOLLOW_LOCATION_MAX);
export const followAssigneesSchema = idList(FOLLOW_ASSIGNEES_MAX);
export const followReviewerSchema = { anyOf: [idSchema, { type: 'null' }] } as const;

export const followPinSchema = strictObject(
  {
    sheetId: idSchema,
    revisionId: idSchema,
    x: { type: 'number', minimum: 0, maximum: 1e7 },
    y: { type: 'number', minimum: 0, maximum: 1e7 },
    // IFC GlobalIds are 22 characters of IFC's base 64.
    modelElementId: { anyOf: [{ type: 'string', pattern: '^[0-9A-Za-z_$]{22}$' }, { type: 'null' }] },
  },
  ['sheetId', 'revisionId', 'x', 'y'],
);
export const followPinOrNone = { anyOf: [followPinSchema, { type: 'null' }] } as const;

/** The template's values; checked on the server by the template form version's runtime rules. */
const templateValuesSchema = { type: 'object', maxProperties: 500 } as const;

export const followWorkspaceQuery = strictObject({ workspaceCode: workspaceCodeSchema }, ['workspaceCode']);
export type FollowWorkspaceQuery = Validated<typeof followWorkspaceQuery>;

export const followIdQuery = strictObject({ id: idSchema }, ['id']);
export type FollowIdQuery = Validated<typeof followIdQuery>;
export const followIdBody = followIdQuery;

export const followIdsBody = strictObject({ ids: { ...idList(FOLLOW_BATCH_MAX), minItems: 1 } }, ['ids']);
export type FollowIdsBody = Validated<typeof followIdsBody>;

/** The list's filters (also the pins', the overview's and the export's). */
export const followFilterProperties = {
  workspaceCode: workspaceCodeSchema,
  typeIds: idList(100),
  statuses: { type: 'array', items: followStatusSchema, maxItems: FOLLOW_STATUSES.length, uniqueItems: true },
  priorities: { type: 'array', items: followPrioritySchema, maxItems: FOLLOW_PRIORITIES.length, uniqueItems: true },
  /** Follow-ups with any of these assignees; 0 names "unassigned". */
  assigneeIds: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 2147483647 }, maxItems: 100, uniqueItems: true },
  reviewerId: idSchema,
  /** Any of these trades; '' names "no trade". */
  trades: { type: 'array', items: plainLine(FOLLOW_TRADE_MAX), maxItems: 100, uniqueItems: true },
  sheetId: idSchema,
  /** Due on or after / on or before (YYYY-MM-DD). */
  dueFrom: dateSchema,
  dueTo: dateSchema,
  /** Created on or after / on or before (YYYY-MM-DD, the workspace's calendar days; an overview week or age bucket). */
  createdFrom: dateSchema,
  createdTo: dateSchema,
  /** Only those past their due date and not closed. */
  overdue: { type: 'boolean' },
  /** Only those the caller created. */
  createdByMe: { type: 'boolean' },
  /** Only those the caller is assigned to. */
  assignedToMe: { type: 'boolean' },
  /** Only those the caller watches. */
  watchedByMe: { type: 'boolean' },
  /** Part of the number, title or description (any case; `%` and `_` taken literally). */
  text: { type: 'string', maxLength: 100 },
} as const;

export const followFilterBody = strictObject(followFilterProperties, ['workspaceCode']);
export type FollowFilterBody = Validated<typeof followFilterBody>;

const sortProperties = {
  sort: { enum: [...FOLLOW_SORTS], default: 'number' },
  order: { enum: ['asc', 'desc'], default: 'desc' },
} as const;

export const followListBody = strictObject(
  {
    ...followFilterProperties,
    ...sortProperties,
    page: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
    size: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
  ['workspaceCode'],
);
export type FollowListBody = Validated<typeof followListBody>;

export const followExportBody = strictObject(
  {
    ...followFilterProperties,
    ...sortProperties,
    /** The language of the headers, statuses and type names. */
    language: { enum: [...TEXT_LANGUAGES], default: 'en' },
  },
  ['workspaceCode'],
);
export type FollowExportBody = Validated<typeof followExportBody>;

export const followPinListBody = strictObject(
  {
    ...followFilterProperties,
    sheetId: idSchema,
    /** The revision shown: pins dropped on it or an earlier revision of the sheet. */
    revisionId: idSchema,
  },
  ['workspaceCode', 'sheetId'],
);
export type FollowPinListBody = Validated<typeof followPinListBody>;

export const followCreateBody = strictObject(
  {
    workspaceCode: workspaceCodeSchema,
    typeId: idSchema,
    title: followTitleSchema,
    description: { ...followDescriptionSchema, default: '' },
    priority: { ...followPrioritySchema, default: 'normal' },
    assigneeIds: { ...followAssigneesSchema, default: [] },
    /** Absent: the type's first default reviewer. */
    reviewerId: followReviewerSchema,
    dueDate: { ...dateOrNone, default: null },
    trade: { ...followTradeSchema, default: null },
    location: { ...followLocationSchema, default: null },
    pin: { ...followPinOrNone, default: null },
    /** File store ids of images the caller uploaded. */
    photoFileIds: { type: 'array', items: { type: 'string', pattern: FILE_ID_PATTERN }, maxItems: FOLLOW_PHOTOS_MAX, uniqueItems: true, default: [] },
    templateValues: templateValuesSchema,
  },
  ['workspaceCode', 'typeId', 'title'],
);
export type FollowCreateBody = Validated<typeof followCreateBody>;

/** Fields left out stay as they are. */
export const followUpdateBody = strictObject(
  {
    id: idSchema,
    revision: revisionSchema,
    typeId: idSchema,
    title: followTitleSchema,
    description: followDescriptionSchema,
    priority: followPrioritySchema,
    assigneeIds: followAssigneesSchema,
    reviewerId: followReviewerSchema,
    dueDate: dateOrNone,
    trade: followTradeSchema,
    location: followLocationSchema,
    pin: followPinOrNone,
    templateValues: templateValuesSchema,
  },
  ['id', 'revision'],
);
export type FollowUpdateBody = Validated<typeof followUpdateBody>;

export const followStatusBody = strictObject(
  {
    id: idSchema,
    revision: revisionSchema,
    to: followStatusSchema,
    /** Said with the move; kept as a comment. */
    comment: { type: 'string', maxLength: FOLLOW_COMMENT_MAX },
  },
  ['id', 'revision', 'to'],
);
export type FollowStatusBody = Validated<typeof followStatusBody>;

/** Changes many at once (follow:manage); at least one change. */
export const followBulkBody = {
  ...strictObject(
    {
      ids: { ...idList(FOLLOW_BATCH_MAX), minItems: 1 },
      status: followStatusSchema,
      assigneeIds: followAssigneesSchema,
      reviewerId: followReviewerSchema,
      priority: followPrioritySchema,
      dueDate: dateOrNone,
      trade: followTradeSchema,
    },
    ['ids'],
  ),
  minProperties: 2,
} as const;
export type FollowBulkBody = Validated<typeof followBulkBody>;

export const followWatchBody = strictObject(
  {
    id: idSchema,
    watching: { type: 'boolean' },
    /** Someone else to add or remove (follow:manage); absent: the caller. */
    userId: idSchema,
  },
  ['id', 'watching'],
);
export type FollowWatchBody = Validated<typeof followWatchBody>;

export const followCommentListQuery = strictObject({ followId: idSchema }, ['followId']);
export type FollowCommentListQuery = Validated<typeof followCommentListQuery>;

export const followCommentBody = strictObject(
  {
    followId: idSchema,
    text: { type: 'string', minLength: 1, maxLength: FOLLOW_COMMENT_MAX, pattern: '\\S' },
    /** People the text @mentions (members of the workspace); they are notified. */
    mentionIds: { ...idList(FOLLOW_MENTIONS_MAX), default: [] },
  },
  ['followId', 'text'],
);
export type FollowCommentBody = Validated<typeof followCommentBody>;

export const followPhotoAddBody = strictObject(
  {
    followId: idSchema,
    fileIds: { type: 'array', items: { type: 'string', pattern: FILE_ID_PATTERN }, minItems: 1, maxItems: FOLLOW_PHOTOS_MAX, uniqueItems: true },
  },
  ['followId', 'fileIds'],
);
export type FollowPhotoAddBody = Validated<typeof followPhotoAddBody>;

export const followPhotoRemoveBody = strictObject({ followId: idSchema, photoIds: { ...idList(FOLLOW_PHOTOS_MAX), minItems: 1 } }, ['followId', 'photoIds']);
export type FollowPhotoRemoveBody = Validated<typeof followPhotoRemoveBody>;

export const FOLLOW_PHOTO_PARTS = ['original', 'thumbnail'] as const;
export type FollowPhotoPart = (typeof FOLLOW_PHOTO_PARTS)[number];
export const followPhotoFileQuery = strictObject(
  {
    id: idSchema,
    part: { enum: [...FOLLOW_PHOTO_PARTS], default: 'thumbnail' },
    // Read by the auth hook: <img> carries the token here.
    token: { type: 'string', maxLength: 512 },
  },
  ['id'],
);
export type FollowPhotoFileQuery = Validated<typeof followPhotoFileQuery>;

const roleList = { type: 'array', items: { enum: [...FOLLOW_ROLES] }, maxItems: FOLLOW_ROLES.length, uniqueItems: true } as const;
export const followStatusRuleSchema = strictObject(
  { start: roleList, submit: roleList, return: roleList, close: roleList, reopen: roleList },
  ['start', 'submit', 'return', 'close', 'reopen'],
);

export const followTypeNameSchema = localTextSchema({ minLength: 1, maxLength: 64, pattern: '^[^<>]*[^<>\\s][^<>]*$' });

export const followTypeSaveBody = strictObject(
  {
    workspaceCode: workspaceCodeSchema,
    /** Absent: a new type. */
    id: idSchema,
    /** The loaded revision, when id is given (409 when stale). */
    revision: revisionSchema,
    name: followTypeNameSchema,
    color: { type: 'string', pattern: FOLLOW_TYPE_COLOR_PATTERN },
    icon: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9]+$' },
    /** Checked with parseNumberingRule. */
    numbering: { type: 'string', minLength: 1, maxLength: MAX_NUMBERING_RULE_LENGTH },
    statusRule: followStatusRuleSchema,
    defaultReviewerIds: { ...idList(10), default: [] },
    /** The type's template as loaded (or null): a type save keeps its template and refuses another. */
    templateFormId: { anyOf: [idSchema, { type: 'null' }], default: null },
    retired: { type: 'boolean', default: false },
    sort: { type: 'integer', minimum: 0, maximum: 10000, default: 0 },
  },
  ['workspaceCode', 'name', 'color', 'icon', 'numbering', 'statusRule'],
);
export type FollowTypeSaveBody = Validated<typeof followTypeSaveBody>;
