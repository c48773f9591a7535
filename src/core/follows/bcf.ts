import { idSchema, strictObject, type Validated } from '../contracts/common.ts';
import { FILE_ID_PATTERN } from '../contracts/files.ts';
import { FOLLOW_PREFIX, FOLLOW_SORTS, followFilterProperties } from '../contracts/follows.ts';
import { TEXT_LANGUAGES } from '../local-text.ts';

/**
 * Follow-ups in and out of the workspace as files: BCF (BIM Collaboration Format) zips read
 * and written, and the PDF report of a list. Beside the follow-ups contract
 * (src/core/contracts/follows.ts), whose filters they take.
 */
export const FOLLOW_FILE_PATHS = {
  /** POST FollowBcfImportBody → FollowBcfImport, queued (follow:manage); its progress is pushed as FOLLOW_BCF_IMPORT_EVENT */
  bcfImport: `${FOLLOW_PREFIX}/bcf/import`,
  /** GET FollowBcfImportQuery → FollowBcfImport: where the caller's import is now (after a dropped event stream) */
  bcfImportState: `${FOLLOW_PREFIX}/bcf/import/state`,
  /** POST FollowBcfExportBody → a .bcfzip (the list's filters, or the chosen follow-ups) */
  bcfExport: `${FOLLOW_PREFIX}/bcf/export`,
  /** POST FollowReportBody → application/pdf (the list's filters and sort, or the chosen follow-ups) */
  report: `${FOLLOW_PREFIX}/report`,
} as const;

export const BCF_EXPORT_VERSIONS = ['2.1', '3.0'] as const;
export type BcfExportVersion = (typeof BCF_EXPORT_VERSIONS)[number];

/** Topics one BCF import takes. */
export const BCF_IMPORT_MAX_TOPICS = 2000;
/** The BCF zip's size at most, in bytes. */
export const BCF_IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/** Follow-ups one BCF export or PDF report holds (each with its photos and sheet snippet). */
export const FOLLOW_FILE_MAX = 500;

/**
 * Why a BCF file was refused; the browser shows `follows:list.bcf.problem.<code>`. `notBcf` covers a
 * file that is not a zip, has no bcf.version or no topics, or XML that cannot be read;
 * `unsafeZip` names leading out of the folder, or a zip that inflates past its limits.
 */
export const BCF_PROBLEM_CODES = ['notBcf', 'unknownVersion', 'unsafeZip', 'tooManyTopics', 'fileUnavailable'] as const;
export type BcfProblemCode = (typeof BCF_PROBLEM_CODES)[number];

export const followBcfImportBody = strictObject(
  {
    workspaceCode: followFilterProperties.workspaceCode,
    /** The .bcfzip the caller uploaded to the file store. */
    fileId: { type: 'string', pattern: FILE_ID_PATTERN },
    /** The type new follow-ups get (topics already imported keep theirs). */
    typeId: idSchema,
  },
  ['workspaceCode', 'fileId', 'typeId'],
);
export type FollowBcfImportBody = Validated<typeof followBcfImportBody>;

/**
 * Why one topic of a readable file was not imported (the others are): `badMarkup` its
 * markup.bcf or a viewpoint of it cannot be read, `notStored` the database refused it (its
 * follow-up, comments and photos are all left out, none half kept). Shown as
 * `follows:list.bcf.topicProblem.<code>`.
 */
export const BCF_TOPIC_PROBLEM_CODES = ['badMarkup', 'notStored'] as const;
export type BcfTopicProblemCode = (typeof BCF_TOPIC_PROBLEM_CODES)[number];

export interface BcfTopicFailure {
  /** The topic's GUID, or its folder's name when its markup cannot be read. */
  guid: string;
  /** Its title, when it could be read; else empty. */
  title: string;
  problem: BcfTopicProblemCode;
}

export interface FollowBcfImportResult {
  /** The BCF version the file was written in. */
  version: string;
  /** Topics in the file, those that failed included. */
  topics: number;
  /** Follow-ups made from topics not seen before, and those updated from a topic imported earlier (matched by its GUID). */
  created: number[];
  updated: number[];
  /** Comments and snapshots added (those imported before are not added again). */
  comments: number;
  photos: number;
  /** Topics left out, and why. */
  failed: BcfTopicFailure[];
}

/** Where an import is: waiting for the job queue, reading the zip, writing follow-ups, ended. */
export const BCF_IMPORT_STATUSES = ['queued', 'reading', 'writing', 'done', 'failed'] as const;
export type BcfImportStatus = (typeof BCF_IMPORT_STATUSES)[number];

/**
 * A whole file that could not be imported: a BcfProblemCode, or `tooLong` (the import ran past
 * its time or memory limit) or `failed` (anything else; the server log has it). Nothing of
 * such a file is kept.
 */
export type BcfImportProblemCode = BcfProblemCode | 'tooLong' | 'failed';

/** One BCF import, as the dialog shows it. */
export interface FollowBcfImport {
  id: string;
  fileName: string;
  status: BcfImportStatus;
  /** Topics read (reading) or written (writing) so far, of `total` (0 while not known). */
  done: number;
  total: number;
  /** Set when `done`. */
  result: FollowBcfImportResult | null;
  /** Set when `failed`. */
  problem: BcfImportProblemCode | null;
}

/** The event stream's push of an import's progress to the one who started it. */
export const FOLLOW_BCF_IMPORT_EVENT = 'followBcfImport';
export interface FollowBcfImportEvent extends FollowBcfImport {
  workspaceCode: string;
}

export const followBcfImportQuery = strictObject({ id: { type: 'string', pattern: '^follow-bcf-[0-9a-f-]{36}$' } }, ['id']);
export type FollowBcfImportQuery = Validated<typeof followBcfImportQuery>;

const selection = {
  /** Only these follow-ups (of the workspace); absent: all the filters leave. */
  ids: { type: 'array', items: idSchema, minItems: 1, maxItems: FOLLOW_FILE_MAX, uniqueItems: true },
  sort: { enum: [...FOLLOW_SORTS], default: 'number' },
  order: { enum: ['asc', 'desc'], default: 'asc' },
} as const;

export const followBcfExportBody = strictObject(
  { ...followFilterProperties, ...selection, version: { enum: [...BCF_EXPORT_VERSIONS], default: '2.1' } },
  ['workspaceCode'],
);
export type FollowBcfExportBody = Validated<typeof followBcfExportBody>;

export const followReportBody = strictObject(
  {
    ...followFilterProperties,
    ...selection,
    /** The reader's language: the report's words, type names, dates and direction. */
    language: { enum: [...TEXT_LANGUAGES], default: 'en' },
    /** The reader's time zone (IANA name), for the times printed. */
    timeZone: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_+\\-/]+$' },
  },
  ['workspaceCode'],
);
export type FollowReportBody = Validated<typeof followReportBody>;
