import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  DRAWING_UPLOAD_EVENT,
  UPLOAD_PROBLEM_CODES,
  type DrawingUpload,
  type DrawingUploadEvent,
  type UploadBody,
  type UploadProblem,
  type UploadProblemCode,
  type UploadStatus,
} from '../../../core/contracts/drawings.ts';
import { disciplineOfNumber, type DisciplineReading } from '../../../core/drawings/disciplines.ts';
import { proposeSheetNumber } from '../../../core/follow-settings/sheet-number-rule.ts';
import { normaliseSheetNumber, normaliseSheetTitle, SHEET_NUMBER_MAX } from '../../../core/drawings/sheet-number.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import { policy } from '../../access/policies.ts';
import { readJson, readJsonOrNull, writeJson } from '../../db/json-column.ts';
import type { DB, DrawingUploadTable } from '../../db/schema.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest } from '../../errors.ts';
import type { JobEvent, JobProblem, JobQueue } from '../../jobs/queue.ts';
import { newFileId } from '../filestore/file-objects.ts';
import type { NotifyBus } from '../notify/bus.ts';
import type { DrawingJobResult, StoredDrawingFile } from './processing/drawing-job-types.ts';
import { recordEvent, requireAllowed, type DrawingCaller, type DrawingWorkspace } from './context.ts';
import { workspaceDisciplines, workspaceNumbering } from './disciplines.ts';
import { proposedLabel, sheetByNumber } from './revisions.ts';
import { requireSet } from './sets.ts';

type UploadRecord = Selectable<DrawingUploadTable>;

/** Extensions the register takes; anything else fails at once, without a job. */
const DRAWING_EXTENSIONS = new Set(['pdf', 'png', 'jpg', 'jpeg', 'dxf', 'dwg']);
/** How many of the caller's uploads upload/list answers. */
const RECENT_UPLOADS = 50;
const JOB_ID_PREFIX = 'drawing-upload-';

/** What the upload flow needs beside the request: the queue, the event stream, the clock. */
export interface UploadDeps {
  db: Kysely<DB>;
  jobs: JobQueue;
  bus: NotifyBus;
  now: () => string;
  log: FastifyBaseLogger;
}

export function presentUpload(row: UploadRecord): DrawingUpload {
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status as UploadStatus,
    progress: Number(row.progress),
    problem: readJsonOrNull<UploadProblem>(row.problem),
    revisionIds: readJson<number[]>(row.revision_ids),
    createTime: row.create_time,
  };
}

/** Tells the upload's owner of its new state over their open event streams. */
async function push(deps: UploadDeps, scope: TenantScope, row: UploadRecord): Promise<void> {
  if (row.created_by === null) return;
  const workspace = await scope.selectFrom('workspace').select('code').where('id', '=', row.workspace_id).executeTakeFirst();
  if (!workspace) return;
  const data: DrawingUploadEvent = { ...presentUpload(row), workspaceCode: workspace.code };
  deps.bus.publish({ tenantId: scope.tenantId, userId: row.created_by, type: DRAWING_UPLOAD_EVENT, data });
}

/** The job's problem in the contract's words: its own code when it is one, else what the queue's means. */
export function uploadProblemOf(problem: JobProblem | undefined, fileName: string): UploadProblem {
  const code = problem?.code ?? 'failed';
  const known = (UPLOAD_PROBLEM_CODES as readonly string[]).includes(code)
    ? (code as UploadProblemCode)
    : code === 'jobTimeout' || code === 'jobOutOfMemory'
      ? 'tooLong'
      : 'failed';
  const detail = problem?.params.detail;
  return { code: known, fileName, ...(typeof detail === 'string' && detail ? { detail } : {}) };
}

/**
 * Starts processing uploaded files: one upload row per file, each then a job of the queue.
 * The files must be the caller's own uploads of the file store. A file of a kind the register
 * does not take fails at once with its name; the others go on.
 */
export async function startUploads(deps: UploadDeps, caller: DrawingCaller, workspace: DrawingWorkspace, body: UploadBody): Promise<DrawingUpload[]> {
  requireAllowed(policy.drawing.upload(caller), 'upload drawings');
  const { scope, session } = caller;
  const setId = await requireSet(scope, workspace, body.setId);
  const files = await scope.selectFrom('file_object').select(['id', 'name', 'sha256', 'created_by']).where('id', 'in', [...body.fileIds]).execute();
  const missing = body.fileIds.find((id) => !files.some((f) => f.id === id && f.created_by === session.userId));
  if (missing) throw badRequest('fileIds', `File ${missing} is not an upload of yours`);
  const time = caller.now();
  const rows = await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const added: UploadRecord[] = [];
    for (const fileId of body.fileIds) {
      const file = files.find((f) => f.id === fileId)!;
      const taken = DRAWING_EXTENSIONS.has(extensionOf(file.name));
      const row = await tx
        .insertInto('drawing_upload', [
          {
            workspace_id: workspace.id,
            file_id: file.id,
            file_name: file.name,
            set_id: setId,
            status: taken ? 'queued' : 'failed',
            progress: 0,
            problem: taken ? null : writeJson({ code: 'unsupportedType', fileName: file.name } satisfies UploadProblem),
            revision_ids: writeJson([]),
            job_id: null,
            created_by: session.userId,
            create_time: time,
            update_time: time,
          },
        ])
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordEvent(tx, { workspaceId: workspace.id, userId: session.userId, time, action: 'upload.add', targetId: row.id, detail: { fileName: file.name, fileId: file.id } });
      added.push(row);
    }
    return added;
  });
  const out: DrawingUpload[] = [];
  for (const row of rows) {
    if (row.status === 'queued') {
      const file = files.find((f) => f.id === row.file_id)!;
      Object.assign(row, await queueUpload(deps, scope, row, file.sha256));
    }
    out.push(presentUpload(row));
  }
  return out;
}

/** Adds the upload's job to the queue under a new job id (reports of an older one are ignored); the row as it then is. */
async function queueUpload(deps: UploadDeps, scope: TenantScope, row: UploadRecord, sha256: string): Promise<UploadRecord> {
  // Unique beyond this database: a BullMQ queue outlives it and skips an id it has seen.
  const jobId = `${JOB_ID_PREFIX}${row.id}-${crypto.randomBytes(6).toString('hex')}`;
  await scope.updateTable('drawing_upload').set({ job_id: jobId }).where('id', '=', row.id).execute();
  try {
    const owner = { tenantId: scope.tenantId, userId: row.created_by ?? 0 };
    const numbering = await workspaceNumbering(scope, row.workspace_id);
    await deps.jobs.add('drawing.process', { sha256, fileName: row.file_name, numbering }, owner, { jobId });
  } catch (error) {
    await failUpload(deps, scope, row, { code: 'failed', fileName: row.file_name, detail: error instanceof Error ? error.message : String(error) });
  }
  return scope.selectFrom('drawing_upload').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
}

/**
 * Queues again the uploads a stopped server left unfinished (the in-process queue forgets its
 * jobs when it stops). Under BullMQ the first job may still end: whichever ends first is kept,
 * as the upload row takes one result only.
 */
export async function requeueUnfinishedUploads(deps: UploadDeps): Promise<number> {
  const rows = await deps.db
    .selectFrom('drawing_upload')
    .innerJoin('file_object', 'file_object.id', 'drawing_upload.file_id')
    .selectAll('drawing_upload')
    .select('file_object.sha256')
    .where('drawing_upload.status', 'in', ['queued', 'running'])
    .execute();
  for (const { sha256, ...row } of rows) {
    const scope = new TenantScope(deps.db, row.tenant_id);
    await scope.updateTable('drawing_upload').set({ status: 'queued', progress: 0, update_time: deps.now() }).where('id', '=', row.id).execute();
    await queueUpload(deps, scope, row, sha256);
  }
  return rows.length;
}

/** The caller's recent uploads in a workspace, newest first. */
export async function listUploads(caller: DrawingCaller, workspace: DrawingWorkspace): Promise<DrawingUpload[]> {
  const rows = await caller.scope
    .selectFrom('drawing_upload')
    .selectAll()
    .where('workspace_id', '=', workspace.id)
    .where('created_by', '=', caller.session.userId)
    .orderBy('id', 'desc')
    .limit(RECENT_UPLOADS)
    .execute();
  return rows.map(presentUpload);
}

async function failUpload(deps: UploadDeps, scope: TenantScope, row: UploadRecord, problem: UploadProblem): Promise<void> {
  const time = deps.now();
  const failed = await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const updated = await tx
      .updateTable('drawing_upload')
      .set({ status: 'failed', problem: writeJson(problem), update_time: time })
      .where('id', '=', row.id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await recordEvent(tx, { workspaceId: row.workspace_id, userId: row.created_by, time, action: 'upload.failed', targetId: row.id, detail: problem });
    return true;
  });
  if (failed) await push(deps, scope, await scope.selectFrom('drawing_upload').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow());
}

/**
 * A number for a sheet whose title block said none: the file's name, and the page of a set;
 * a name that holds no number gets the workspace's sheet-number rule's first free number of
 * discipline X (other), e.g. X-101.
 */
function numberFromFileName(fileName: string, page: number | null, reading: DisciplineReading, taken: ReadonlySet<string>): string {
  const suffix = page === null ? '' : `-${page}`;
  const base = path
    .basename(fileName)
    .replace(/\.[^.]*$/, '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._/-]+/gu, '-')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .slice(0, SHEET_NUMBER_MAX - suffix.length);
  return normaliseSheetNumber(`${base}${suffix}`) ?? proposeSheetNumber(reading.rule, 'X', taken) ?? `X-${taken.size + 1}`;
}

/** Numbers of the workspace's live sheets and of revisions waiting for review: what a proposed number must not be. */
async function takenNumbers(scope: TenantScope, workspaceId: number): Promise<Set<string>> {
  // One after the other: the scope may be a transaction's single connection.
  const sheets = await scope.selectFrom('drawing_sheet').select('number').where('workspace_id', '=', workspaceId).where('deleted_time', 'is', null).execute();
  const pending = await scope.selectFrom('drawing_revision').select('number').where('workspace_id', '=', workspaceId).where('status', '=', 'pending').execute();
  return new Set([...sheets, ...pending].map((row) => row.number));
}

const titleFromFileName = (fileName: string): string => normaliseSheetTitle(path.basename(fileName).replace(/\.[^.]*$/, '').replace(/[_]+/g, ' '));

/**
 * Keeps what processing made of an upload, in one transaction: a file-store row for each file
 * of each sheet (the bytes are already in the store, by content hash) and a pending revision
 * per sheet. A number read that matches a live sheet makes the sheet's next revision, with the
 * label after its latest; a new number waits for its sheet until published. Done once: a
 * second report of the same job (another server) finds the upload done and writes nothing.
 */
export async function storeUploadResult(scope: TenantScope, upload: UploadRecord, result: DrawingJobResult, time: string): Promise<number[] | null> {
  return scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const claimed = await tx
      .updateTable('drawing_upload')
      .set({ status: 'done', progress: 1, update_time: time })
      .where('id', '=', upload.id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const fileRow = async (file: StoredDrawingFile) => {
      const id = newFileId();
      await tx
        .insertInto('file_object', [{ id, sha256: file.sha256, name: file.name, size: file.size, type: file.type, created_by: upload.created_by, create_time: time }])
        .execute();
      return id;
    };
    const revisionIds: number[] = [];
    const pages = result.sheets.length;
    // The workspace's own rule and disciplines (project settings) read each number.
    const reading = await workspaceDisciplines(tx, upload.workspace_id);
    let taken: Set<string> | undefined;
    for (const sheet of result.sheets) {
      let number = normaliseSheetNumber(sheet.number ?? '');
      if (!number) {
        taken ??= await takenNumbers(tx, upload.workspace_id);
        number = numberFromFileName(upload.file_name, pages > 1 ? sheet.page : null, reading, taken);
        taken.add(number);
      }
      const existing = await sheetByNumber(tx, upload.workspace_id, number);
      const title = normaliseSheetTitle(sheet.title ?? '') || existing?.title || titleFromFileName(upload.file_name);
      const source = await fileRow(sheet.source);
      const view = sheet.view ? await fileRow(sheet.view) : source;
      const thumbnail = await fileRow(sheet.thumbnail);
      const row = await tx
        .insertInto('drawing_revision', [
          {
            workspace_id: upload.workspace_id,
            sheet_id: existing?.id ?? null,
            upload_id: upload.id,
            number,
            title,
            discipline: existing?.discipline ?? disciplineOfNumber(number, reading),
            set_id: upload.set_id ?? existing?.set_id ?? null,
            label: await proposedLabel(tx, upload.workspace_id, number, existing?.id ?? null),
            status: 'pending',
            kind: sheet.kind,
            file_name: sheet.source.name,
            page: sheet.page,
            width: sheet.width,
            height: sheet.height,
            source_file_id: source,
            view_file_id: view,
            thumbnail_file_id: thumbnail,
            read_number: sheet.number,
            read_title: sheet.title,
            calibration: null,
            uploaded_by: upload.created_by,
            create_time: time,
            published_by: null,
            publish_time: null,
            updated_by: upload.created_by,
            update_time: time,
          },
        ])
        .returning('id')
        .executeTakeFirstOrThrow();
      revisionIds.push(row.id);
    }
    await tx.updateTable('drawing_upload').set({ revision_ids: writeJson(revisionIds) }).where('id', '=', upload.id).execute();
    await recordEvent(tx, { workspaceId: upload.workspace_id, userId: upload.created_by, time, action: 'upload.done', targetId: upload.id, detail: { revisionIds } });
    return revisionIds;
  });
}

/**
 * Follows the queue's reports of drawing jobs: progress while running, the pending revisions
 * when done, the problem when failed; each change pushed to the upload's owner. Reports of one
 * job are handled in order.
 */
export function followDrawingJobs(deps: UploadDeps): () => void {
  const chains = new Map<string, Promise<void>>();
  const handle = async (event: JobEvent) => {
    const uploadId = Number(/^drawing-upload-(\d+)-/.exec(event.jobId)?.[1]);
    if (!uploadId) return;
    const scope = new TenantScope(deps.db, event.owner.tenantId);
    const upload = await scope.selectFrom('drawing_upload').selectAll().where('id', '=', uploadId).where('job_id', '=', event.jobId).executeTakeFirst();
    if (!upload || upload.status === 'done' || upload.status === 'failed') return;
    if (event.status === 'done' && event.result) {
      try {
        // The queue runs other kinds too; this one's events (filtered below) carry a drawing's result.
        const stored = await storeUploadResult(scope, upload, event.result as DrawingJobResult, deps.now());
        if (stored) await push(deps, scope, await scope.selectFrom('drawing_upload').selectAll().where('id', '=', upload.id).executeTakeFirstOrThrow());
      } catch (error) {
        await failUpload(deps, scope, upload, { code: 'failed', fileName: upload.file_name, detail: error instanceof Error ? error.message : String(error) });
      }
      return;
    }
    if (event.status === 'failed' || event.status === 'done') {
      await failUpload(deps, scope, upload, uploadProblemOf(event.problem, upload.file_name));
      return;
    }
    const progress = Math.max(0, Math.min(1, event.progress));
    await scope.updateTable('drawing_upload').set({ status: event.status, progress, update_time: deps.now() }).where('id', '=', upload.id).where('status', 'in', ['queued', 'running']).execute();
    await push(deps, scope, { ...upload, status: event.status, progress });
  };
  const stop = deps.jobs.subscribe((event) => {
    if (event.kind !== 'drawing.process' || !event.jobId.startsWith(JOB_ID_PREFIX)) return;
    const next = (chains.get(event.jobId) ?? Promise.resolve())
      .then(() => handle(event))
      .catch((error: unknown) => deps.log.error({ err: error, jobId: event.jobId }, 'a drawing upload could not follow its job'))
      .finally(() => {
        if (chains.get(event.jobId) === next) chains.delete(event.jobId);
      });
    chains.set(event.jobId, next);
  });
  return stop;
}
