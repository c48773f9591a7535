import { REVISION_LABEL_PATTERN, SHEET_NUMBER_MAX, SHEET_NUMBER_PATTERN, SHEET_TITLE_MAX } from '../drawings/sheet-number.ts';
import { ALLPLAN_PREFIX, idSchema, strictObject, type Validated } from './common.ts';
import { FILE_ID_PATTERN } from './files.ts';

/**
 * Drawings (`/drawing/pictureList` and its screens): per workspace, a register of sheets, each
 * with revisions (one page or file each) that wait for review, get published (current) and
 * superseded; drawing sets group sheets; markups are drawn on a revision in sheet
 * coordinates and belong to the sheet. Uploaded files go through a job that splits, reads
 * and draws thumbnails; its row (an upload) reports progress and a problem a person can read.
 */
export const DRAWING_PREFIX = `${ALLPLAN_PREFIX}/drawing`;

export const DRAWING_PATHS = {
  setList: `${DRAWING_PREFIX}/set/list`,
  setSave: `${DRAWING_PREFIX}/set/save`,
  sheetList: `${DRAWING_PREFIX}/sheet/list`,
  sheetGet: `${DRAWING_PREFIX}/sheet/get`,
  sheetDelete: `${DRAWING_PREFIX}/sheet/delete`,
  upload: `${DRAWING_PREFIX}/upload`,
  uploadList: `${DRAWING_PREFIX}/upload/list`,
  revisionPending: `${DRAWING_PREFIX}/revision/pending`,
  revisionUpdate: `${DRAWING_PREFIX}/revision/update`,
  revisionPublish: `${DRAWING_PREFIX}/revision/publish`,
  revisionReject: `${DRAWING_PREFIX}/revision/reject`,
  revisionCalibrate: `${DRAWING_PREFIX}/revision/calibrate`,
  revisionGet: `${DRAWING_PREFIX}/revision/get`,
  revisionFile: `${DRAWING_PREFIX}/revision/file`,
  markupList: `${DRAWING_PREFIX}/markup/list`,
  markupSave: `${DRAWING_PREFIX}/markup/save`,
  markupDelete: `${DRAWING_PREFIX}/markup/delete`,
} as const;

/** Function points (menu BUTTON codes); viewing needs membership of the workspace only. */
export const DRAWING_POINTS = {
  upload: 'drawing:upload',
  release: 'drawing:release',
  annotate: 'drawing:annotate',
  delete: 'drawing:delete',
} as const;

/** Sheets, revisions or markups one call may name. */
export const DRAWING_BATCH_MAX = 500;
/** Files one upload call may name. */
export const DRAWING_UPLOAD_FILES_MAX = 100;
/** Pages one PDF set may hold; a bigger one fails with `tooManyPages`. */
export const DRAWING_PDF_PAGES_MAX = 500;
/** The long side of a thumbnail, in pixels. */
export const DRAWING_THUMBNAIL_MAX = 512;
export const DRAWING_SET_NAME_MAX = 100;

export const REVISION_STATUSES = ['pending', 'current', 'superseded', 'rejected'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/** How a revision's file is drawn: PDF page, raster image, DXF (a DWG is shown by its converted DXF). */
export const REVISION_KINDS = ['pdf', 'image', 'dxf', 'dwg'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** `source`: the page, image, DXF or original DWG; `view`: what the viewer draws (DXF for DWG); `thumbnail`: PNG. */
export const REVISION_FILE_PARTS = ['source', 'view', 'thumbnail'] as const;
export type RevisionFilePart = (typeof REVISION_FILE_PARTS)[number];

export const UPLOAD_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * Why a file could not become revisions; the browser shows `drawings:problem.<code>` with the
 * file's name. `detail` is for support (a parser's message), never the only thing shown.
 */
export const UPLOAD_PROBLEM_CODES = [
  /** Zero bytes. */
  'empty',
  /** The bytes are not what the extension says (a PNG named .pdf). */
  'wrongType',
  /** An extension the register does not take. */
  'unsupportedType',
  /** A PDF, image or DXF that cannot be read. */
  'corrupt',
  /** A PDF that needs a password. */
  'encrypted',
  /** A PDF with more than DRAWING_PDF_PAGES_MAX pages. */
  'tooManyPages',
  /** A DWG whose version the converter does not know. */
  'dwgUnsupported',
  /** A DWG the converter could not turn into DXF (the original stays downloadable). */
  'dwgFailed',
  /** The job took longer or more memory than allowed. */
  'tooLong',
  /** The file was removed or belongs to nobody the caller may read. */
  'missing',
  /** Anything else. */
  'failed',
] as const;
export type UploadProblemCode = (typeof UPLOAD_PROBLEM_CODES)[number];

export interface UploadProblem {
  code: UploadProblemCode;
  fileName: string;
  detail?: string;
}

/** Sheet units per metre on paper or site; null when unknown (a PDF's default). */
export type Calibration = {
  metresPerUnit: number;
  source: 'scale' | 'distance';
  /** The scale chosen, e.g. '1:100'. */
  scale?: string;
} | null;

export interface DrawingSet {
  id: number;
  name: string;
  sheetCount: number;
  createTime: string;
}

export interface RevisionRow {
  id: number;
  /** Null while a pending revision names a number no sheet has yet (its sheet is made on publish). */
  sheetId: number | null;
  number: string;
  title: string;
  discipline: string;
  label: string;
  status: RevisionStatus;
  kind: RevisionKind;
  fileName: string;
  /** The page of the uploaded PDF set (1-based); null for other kinds. */
  page: number | null;
  /** Size in sheet units: PDF points, image pixels, DXF drawing units of the extents. */
  width: number;
  height: number;
  /** What the title block said, before anyone edited it. */
  readNumber: string | null;
  readTitle: string | null;
  uploadedBy: string;
  createTime: string;
  publishedBy: string | null;
  publishTime: string | null;
  /** The drawing set the revision goes to (a pending one) or its sheet is in. */
  setId: number | null;
}

export interface SheetRow {
  id: number;
  number: string;
  title: string;
  discipline: string;
  setId: number | null;
  setName: string | null;
  current: RevisionRow | null;
  revisionCount: number;
  pendingCount: number;
  updateTime: string;
  updatedBy: string | null;
}

export interface SheetListResult {
  rows: SheetRow[];
  total: number;
  /** Sheets per discipline in the workspace (the filter's counts, whatever else is filtered). */
  disciplines: { code: string; count: number }[];
}

export interface SheetDetail {
  sheet: SheetRow;
  /** Newest first: the sheet's history. */
  revisions: RevisionRow[];
}

export interface RevisionPage {
  rows: RevisionRow[];
  total: number;
}

export interface RevisionDetail {
  revision: RevisionRow;
  sheet: SheetRow | null;
  calibration: Calibration;
}

export interface DrawingUpload {
  id: number;
  fileName: string;
  status: UploadStatus;
  /** 0..1 */
  progress: number;
  problem: UploadProblem | null;
  /** The pending revisions it made (when done). */
  revisionIds: number[];
  createTime: string;
}

export interface DrawingUploadResult {
  uploads: DrawingUpload[];
}

/**
 * The event the notification stream sends the upload's owner when its status or progress
 * changes (`event: drawingUpload`, data a DrawingUpload with its workspace).
 */
export const DRAWING_UPLOAD_EVENT = 'drawingUpload';
export type DrawingUploadEvent = DrawingUpload & { workspaceCode: string };

export const MARKUP_VISIBILITIES = ['personal', 'published'] as const;
export type MarkupVisibility = (typeof MARKUP_VISIBILITIES)[number];

/**
 * What the server adds to a markup as drawn (`MarkupInput` of `src/core/drawings/markup.ts`,
 * checked with `schemas/meta/drawing-markup.schema.json`).
 */
export interface MarkupStored {
  id: number;
  /** The optimistic lock: a save naming an older one answers 409. */
  revision: number;
  sheetId: number | null;
  /** The revision it was drawn on. */
  revisionId: number;
  authorId: number;
  authorName: string;
  createTime: string;
  updateTime: string;
  /** Label of the earlier revision it was made on, when shown on a later one; else null. */
  fromRevision: string | null;
  visibility: MarkupVisibility;
}

/** A markup as listed: what was drawn plus what the server keeps about it. */
export type Markup<Drawn extends object = Record<string, unknown>> = Omit<Drawn, keyof MarkupStored> & MarkupStored;

// ---- request schemas (the server validates with these; the browser's forms too) ----

const workspaceCodeSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
const idList = { type: 'array', items: idSchema, minItems: 1, maxItems: DRAWING_BATCH_MAX, uniqueItems: true } as const;
const setIdOrNone = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;
const pageProperties = {
  page: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
  size: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
} as const;

export const setNameSchema = { type: 'string', minLength: 1, maxLength: DRAWING_SET_NAME_MAX, pattern: '^[^<>]*[^<>\\s][^<>]*$' } as const;
export const sheetNumberSchema = { type: 'string', minLength: 1, maxLength: SHEET_NUMBER_MAX, pattern: SHEET_NUMBER_PATTERN } as const;
export const sheetTitleSchema = { type: 'string', maxLength: SHEET_TITLE_MAX, pattern: '^[^<>]*$' } as const;
export const revisionLabelSchema = { type: 'string', minLength: 1, maxLength: 8, pattern: REVISION_LABEL_PATTERN } as const;
/** A discipline code of the workspace's list (project settings; the defaults of src/core/drawings/disciplines.ts until saved). */
export const disciplineSchema = { type: 'string', pattern: '^[A-Z]{1,4}$' } as const;

export const calibrationSchema = {
  anyOf: [
    { type: 'null' },
    strictObject(
      {
        metresPerUnit: { type: 'number', exclusiveMinimum: 0, maximum: 1e6 },
        source: { enum: ['scale', 'distance'] },
        scale: { type: 'string', maxLength: 20, pattern: '^\\d+(\\.\\d+)?:\\d+(\\.\\d+)?$' },
      },
      ['metresPerUnit', 'source'],
    ),
  ],
} as const;

export const drawingWorkspaceQuery = strictObject({ workspaceCode: workspaceCodeSchema }, ['workspaceCode']);
export type DrawingWorkspaceQuery = Validated<typeof drawingWorkspaceQuery>;

export const drawingIdQuery = strictObject({ id: idSchema }, ['id']);
export type DrawingIdQuery = Validated<typeof drawingIdQuery>;

export const drawingIdsBody = strictObject({ ids: idList }, ['ids']);
export type DrawingIdsBody = Validated<typeof drawingIdsBody>;

export const setSaveBody = strictObject({ workspaceCode: workspaceCodeSchema, id: idSchema, name: setNameSchema }, ['workspaceCode', 'name']);
export type SetSaveBody = Validated<typeof setSaveBody>;

export const SHEET_SORTS = ['number', 'title', 'discipline', 'updateTime'] as const;
export type SheetSort = (typeof SHEET_SORTS)[number];

export const sheetListBody = strictObject(
  {
    workspaceCode: workspaceCodeSchema,
    /** Part of the number or title, or the set's name. */
    keyword: { type: 'string', maxLength: 100 },
    discipline: disciplineSchema,
    setId: idSchema,
    sort: { enum: [...SHEET_SORTS], default: 'number' },
    order: { enum: ['asc', 'desc'], default: 'asc' },
    ...pageProperties,
  },
  ['workspaceCode'],
);
export type SheetListBody = Validated<typeof sheetListBody>;

export const uploadBody = strictObject(
  {
    workspaceCode: workspaceCodeSchema,
    setId: setIdOrNone,
    fileIds: { type: 'array', items: { type: 'string', pattern: FILE_ID_PATTERN }, minItems: 1, maxItems: DRAWING_UPLOAD_FILES_MAX, uniqueItems: true },
  },
  ['workspaceCode', 'fileIds'],
);
export type UploadBody = Validated<typeof uploadBody>;

export const revisionPendingBody = strictObject({ workspaceCode: workspaceCodeSchema, ...pageProperties }, ['workspaceCode']);
export type RevisionPendingBody = Validated<typeof revisionPendingBody>;

export const revisionUpdateBody = strictObject(
  {
    id: idSchema,
    number: sheetNumberSchema,
    title: sheetTitleSchema,
    discipline: disciplineSchema,
    label: revisionLabelSchema,
    setId: setIdOrNone,
  },
  ['id', 'number', 'title', 'discipline', 'label', 'setId'],
);
export type RevisionUpdateBody = Validated<typeof revisionUpdateBody>;

export const revisionCalibrateBody = strictObject({ id: idSchema, calibration: calibrationSchema }, ['id', 'calibration']);
export type RevisionCalibrateBody = Validated<typeof revisionCalibrateBody>;

export const revisionFileQuery = strictObject(
  {
    id: idSchema,
    part: { enum: [...REVISION_FILE_PARTS], default: 'view' },
    // Read by the auth hook: <img> and pdf.js range reads carry the token here.
    token: { type: 'string', maxLength: 512 },
  },
  ['id'],
);
export type RevisionFileQuery = Validated<typeof revisionFileQuery>;

export const markupListQuery = strictObject({ revisionId: idSchema }, ['revisionId']);
export type MarkupListQuery = Validated<typeof markupListQuery>;

/** `markup` is checked against `schemas/meta/drawing-markup.schema.json` too, on both sides. */
export const markupSaveBody = strictObject({ revisionId: idSchema, markup: { type: 'object' } }, ['revisionId', 'markup']);
export type MarkupSaveBody = Validated<typeof markupSaveBody>;
