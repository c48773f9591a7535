import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  BCF_IMPORT_MAX_BYTES,
  BCF_PROBLEM_CODES,
  FOLLOW_BCF_IMPORT_EVENT,
  type BcfImportProblemCode,
  type FollowBcfImport,
  type FollowBcfImportBody,
  type FollowBcfImportEvent,
} from '../../../../core/follows/bcf.ts';
import { policy } from '../../../access/policies.ts';
import { notFound } from '../../../errors.ts';
import { QUEUE_PROBLEMS } from '../../../jobs/job-kind.ts';
import type { JobEvent, JobProblem, JobQueue } from '../../../jobs/queue.ts';
import type { NotifyBus } from '../../notify/bus.ts';
import { requireAllowed, workspaceByCode, type FollowCaller } from '../context.ts';
import { usableType } from '../types.ts';
import { bcfProblem, writeBcfTopics, type BcfTarget } from './bcf-import.ts';
import { bcfImportRows, IMPORT_KEPT_MS } from './bcf-import-rows.ts';
import type { BcfJobResult } from './bcf-job-types.ts';

const JOB_ID_PREFIX = 'follow-bcf-';
/** Pushes of the writing progress closer together than this are dropped (a 2,000-topic file would send 2,000). */
const PUSH_EVERY_MS = 200;

interface Running {
  caller: FollowCaller;
  target: BcfTarget;
  state: FollowBcfImport;
  lastPush: number;
  /** The import's saves and pushes in order: each state is in the database before it is pushed. */
  saving: Promise<void>;
}

const rowsOf = (caller: FollowCaller) => bcfImportRows(caller.scope.db, caller.scope.tenantId);

/** The job's problem in the contract's words: a BCF problem as it is, a limit as `tooLong`, anything else `failed`. */
export function importProblemOf(problem: JobProblem | undefined): BcfImportProblemCode {
  const code = problem?.code ?? 'failed';
  if ((BCF_PROBLEM_CODES as readonly string[]).includes(code)) return code as BcfImportProblemCode;
  return code === QUEUE_PROBLEMS.timeout || code === QUEUE_PROBLEMS.memory ? 'tooLong' : 'failed';
}

/**
 * BCF imports (follow:manage) as jobs of the queue (ARCHITECTURE §7 "Jobs"): the job reads the
 * zip and keeps its snapshots in the file store (bcf-job.ts); when it is done, this server writes
 * the topics as follow-ups (bcf-import.ts). Each step is pushed to the one who started it
 * (`event: followBcfImport`): queued, reading (topics read of all), writing (topics written of
 * all), done with the counts and the topics left out, or failed with the reason. A file that
 * fails in the job leaves no rows. Each state pushed is first kept in the database
 * (follow_bcf_import), so `state` answers from any server and after a restart; the server that
 * started an import follows its job and writes its topics (it holds the starter's caller).
 * Imports silent for a week are let go when another ends: a state is asked for by a dialog
 * that lost its stream, within minutes, and an age keeps every tenant's recent imports
 * however many run at once.
 */
export class BcfImports {
  private readonly imports = new Map<string, Running>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly stop: () => void;

  constructor(
    private readonly jobs: JobQueue,
    private readonly bus: NotifyBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.stop = jobs.subscribe((event) => {
      if (event.kind !== 'follow.bcfImport' || !this.imports.has(event.jobId)) return;
      // Each job's events in order: the writing that 'done' starts ends before anything after it.
      const next = (this.chains.get(event.jobId) ?? Promise.resolve())
        .then(() => this.handle(event))
        .catch((error: unknown) => this.log.error({ err: error, jobId: event.jobId }, 'a BCF import could not follow its job'))
        .finally(() => {
          if (this.chains.get(event.jobId) === next) this.chains.delete(event.jobId);
        });
      this.chains.set(event.jobId, next);
    });
  }

  /** Checks the request and queues the file's job; the import as it starts. */
  async start(caller: FollowCaller, body: FollowBcfImportBody): Promise<FollowBcfImport> {
    const workspace = await workspaceByCode(caller, body.workspaceCode);
    requireAllowed(policy.follow.manage(caller), 'import BCF files');
    const type = await usableType(caller, workspace, body.typeId);
    const file = await caller.scope.selectFrom('file_object').select(['name', 'size', 'sha256', 'created_by']).where('id', '=', body.fileId).executeTakeFirst();
    if (!file || file.created_by !== caller.session.userId) throw bcfProblem('fileUnavailable', `fileId: file ${body.fileId} is not a file you uploaded`);
    if (Number(file.size) > BCF_IMPORT_MAX_BYTES) throw bcfProblem('unsafeZip', `The BCF file is larger than ${BCF_IMPORT_MAX_BYTES / 1024 / 1024} MB`);
    const id = `${JOB_ID_PREFIX}${crypto.randomUUID()}`;
    const running: Running = {
      caller,
      target: { workspace, type },
      state: { id, fileName: file.name, status: 'queued', done: 0, total: 0, result: null, problem: null },
      lastPush: 0,
      saving: Promise.resolve(),
    };
    await rowsOf(caller).insert(running.state, { workspaceId: workspace.id, userId: caller.session.userId, typeId: type.id }, caller.now());
    this.imports.set(id, running);
    try {
      await this.jobs.add('follow.bcfImport', { sha256: file.sha256, fileName: file.name }, { tenantId: caller.scope.tenantId, userId: caller.session.userId }, { jobId: id });
    } catch (error) {
      this.log.error({ err: error, jobId: id }, 'a BCF import could not be queued');
      await this.end(running, { status: 'failed', problem: 'failed' });
    }
    return { ...running.state };
  }

  /** An import the caller started, as kept in the database; 404 for anyone else's, as for one not known. */
  async state(caller: FollowCaller, id: string): Promise<FollowBcfImport> {
    const state = await rowsOf(caller).stateFor(id, caller.session.userId);
    if (!state) throw notFound('BCF import');
    return state;
  }

  close(): void {
    this.stop();
  }

  private async handle(event: JobEvent): Promise<void> {
    const running = this.imports.get(event.jobId);
    if (!running || running.state.status === 'done' || running.state.status === 'failed') return;
    if (event.status === 'failed' || (event.status === 'done' && !event.result)) {
      await this.end(running, { status: 'failed', problem: importProblemOf(event.problem) });
      return;
    }
    if (event.status === 'done') {
      const read = event.result as BcfJobResult;
      this.update(running, { status: 'writing', done: 0, total: read.topics.length }, true);
      try {
        const result = await writeBcfTopics(running.caller, running.target, read, (done, total) => this.update(running, { done, total }, done === total));
        await this.end(running, { status: 'done', done: read.topics.length, result });
      } catch (error) {
        this.log.error({ err: error, jobId: event.jobId }, 'a BCF import could not write its topics');
        await this.end(running, { status: 'failed', problem: 'failed' });
      }
      return;
    }
    // Queued again after a failed run worth another try, or running: `done/total` topics read.
    const counts = /^(\d+)\/(\d+)$/.exec(event.message ?? '');
    const status = event.status === 'queued' ? 'queued' : 'reading';
    this.update(running, { status, done: counts ? Number(counts[1]) : 0, total: counts ? Number(counts[2]) : running.state.total }, event.status === 'queued');
  }

  private update(running: Running, change: Partial<FollowBcfImport>, now = false): void {
    const statusChanged = change.status !== undefined && change.status !== running.state.status;
    Object.assign(running.state, change);
    const time = Date.now();
    if (!now && !statusChanged && time - running.lastPush < PUSH_EVERY_MS) return;
    running.lastPush = time;
    void this.push(running);
  }

  /** The last state kept and pushed; the import then lives on in the database alone. */
  private async end(running: Running, change: Partial<FollowBcfImport>): Promise<void> {
    Object.assign(running.state, change);
    this.imports.delete(running.state.id);
    await this.push(running);
    const { caller } = running;
    try {
      await rowsOf(caller).prune(new Date(Date.parse(caller.now()) - IMPORT_KEPT_MS).toISOString());
    } catch (error) {
      this.log.error({ err: error, jobId: running.state.id }, 'old BCF imports could not be let go');
    }
  }

  /** Keeps the state as it is now, then pushes it to the starter (in order with the import's other states). */
  private push(running: Running): Promise<void> {
    const { caller, target } = running;
    const state = { ...running.state };
    running.saving = running.saving.then(async () => {
      try {
        await rowsOf(caller).save(state, caller.now());
      } catch (error) {
        // The starter is still told; a later state (or the end) is saved again.
        this.log.error({ err: error, jobId: state.id }, 'a BCF import state could not be kept');
      }
      const data: FollowBcfImportEvent = { ...state, workspaceCode: target.workspace.code };
      this.bus.publish({ tenantId: caller.scope.tenantId, userId: caller.session.userId, type: FOLLOW_BCF_IMPORT_EVENT, data });
    });
    return running.saving;
  }
}
