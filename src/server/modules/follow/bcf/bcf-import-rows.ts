import type { Kysely } from 'kysely';
import type { BcfImportProblemCode, BcfImportStatus, FollowBcfImport, FollowBcfImportResult } from '../../../../core/follows/bcf.ts';
import { readJsonOrNull, writeJsonOrNull } from '../../../db/json-column.ts';
import type { DB } from '../../../db/schema.ts';

/** A BCF import as it is now (migration 028): what `bcf/import/state` answers, on any server. */
export interface FollowBcfImportTable {
  /** The job's id (`follow-bcf-<uuid>`). */
  id: string;
  tenant_id: number;
  workspace_id: number;
  started_by: number;
  type_id: number;
  file_name: string;
  status: BcfImportStatus;
  done: number;
  total: number;
  /** FollowBcfImportResult, JSON, once done. */
  result: unknown;
  problem: BcfImportProblemCode | null;
  create_time: string;
  update_time: string;
  /** When it was done or failed; null while it runs. */
  end_time: string | null;
}

/** Imports silent this long (ended, or left behind by a server that stopped) are let go. */
export const IMPORT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

const ended = (status: BcfImportStatus) => status === 'done' || status === 'failed';

/** The import rows of one tenant, every query carrying its `tenant_id` as TenantScope's do. */
export function bcfImportRows(db: Kysely<DB>, tenantId: number) {
  const rows = db.withTables<{ follow_bcf_import: FollowBcfImportTable }>();
  return {
    async insert(state: FollowBcfImport, who: { workspaceId: number; userId: number; typeId: number }, now: string): Promise<void> {
      await rows
        .insertInto('follow_bcf_import')
        .values({
          id: state.id,
          tenant_id: tenantId,
          workspace_id: who.workspaceId,
          started_by: who.userId,
          type_id: who.typeId,
          file_name: state.fileName,
          status: state.status,
          done: state.done,
          total: state.total,
          result: writeJsonOrNull(state.result),
          problem: state.problem,
          create_time: now,
          update_time: now,
          end_time: ended(state.status) ? now : null,
        })
        .execute();
    },

    async save(state: FollowBcfImport, now: string): Promise<void> {
      await rows
        .updateTable('follow_bcf_import')
        .set({
          status: state.status,
          done: state.done,
          total: state.total,
          result: writeJsonOrNull(state.result),
          problem: state.problem,
          update_time: now,
          end_time: ended(state.status) ? now : null,
        })
        .where('follow_bcf_import.tenant_id', '=', tenantId)
        .where('id', '=', state.id)
        .execute();
    },

    /** The import as its starter sees it; null for an id unknown, of another tenant or started by someone else. */
    async stateFor(id: string, userId: number): Promise<FollowBcfImport | null> {
      const row = await rows
        .selectFrom('follow_bcf_import')
        .select(['id', 'file_name', 'status', 'done', 'total', 'result', 'problem'])
        .where('follow_bcf_import.tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('started_by', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        fileName: row.file_name,
        status: row.status,
        done: row.done,
        total: row.total,
        result: readJsonOrNull<FollowBcfImportResult>(row.result),
        problem: row.problem,
      };
    },

    /** Lets go of the tenant's imports silent since before `before` (ISO time). */
    async prune(before: string): Promise<void> {
      await rows.deleteFrom('follow_bcf_import').where('follow_bcf_import.tenant_id', '=', tenantId).where('update_time', '<', before).execute();
    },
  };
}
