import type { RecordFlowState } from '../../../core/contracts/flows.ts';
import type { Caller } from '../../access/caller.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import type { Session } from '../auth/tokens.ts';
import type { LoadedVersion } from '../form/versions.ts';
import type { RecordRow } from './service.ts';

/** A record just written, inside the transaction that wrote it. */
export interface RecordCreatedEvent {
  /** Bound to the record's transaction: what a hook writes commits or rolls back with the record. */
  scope: TenantScope;
  session: Session;
  record: RecordRow;
  version: LoadedVersion;
  now: string;
  /** Runs the task once the record's transaction has committed (e.g. pushing notifications). */
  afterCommit(task: () => Promise<void>): void;
}

/**
 * Where other modules (approval flows) join the record lifecycle without the record module
 * knowing them: decorated onto the app (`services.recordHooks`), filled when modules register.
 */
export interface RecordHooks {
  /** Starts what follows a submit (the flow module creates the first tasks and sets the status). */
  afterCreate: ((event: RecordCreatedEvent) => Promise<void>)[];
  /** Lets a user without the record points read one record of a form (a task's assignee). */
  readGrants: ((scope: TenantScope, userId: number, target: { formId: number; recordId: number | null }) => Promise<boolean>)[];
  /** The approval state record/detail shows; null when no module provides one. */
  flowState: ((caller: Caller, record: RecordRow) => Promise<RecordFlowState | null>) | null;
}

export const createRecordHooks = (): RecordHooks => ({ afterCreate: [], readGrants: [], flowState: null });
