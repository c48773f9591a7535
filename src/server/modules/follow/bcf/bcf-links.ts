import type { Generated, Kysely } from 'kysely';
import { readJsonOrNull } from '../../../db/json-column.ts';
import type { DB } from '../../../db/schema.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import type { BcfCamera } from './bcf-topics.ts';

/** A follow-up's BCF identity (migration 026): which topic, comment or viewpoint of a BCF file it holds. */
export interface FollowBcfLinkTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  follow_id: number;
  kind: BcfLinkKind;
  guid: string;
  /** The follow-up (topic), follow_comment (comment) or follow_photo (viewpoint) it became. */
  target_id: number | null;
  /** JSON: TopicDetail, CommentDetail or ViewpointDetail. */
  detail: unknown;
}

export type BcfLinkKind = 'topic' | 'comment' | 'viewpoint';

/** What a topic had that a follow-up has no field for, given back on export. */
export interface TopicDetail {
  type?: string;
  labels?: string[];
  stage?: string;
  creationAuthor?: string;
}
export interface CommentDetail {
  author: string;
  date: string;
  /** The text as the file had it (the comment's text may carry its author in front). */
  text: string;
}
export interface ViewpointDetail {
  index?: number;
  camera?: BcfCamera;
  selected: string[];
}

export type LinkDb = Kysely<DB & { follow_bcf_link: FollowBcfLinkTable }>;

/** The link table of the scope's database (its tenant's rows only, as TenantScope keeps them). */
export function bcfLinks(scope: TenantScope) {
  const db = scope.db.withTables<{ follow_bcf_link: FollowBcfLinkTable }>();
  return {
    select: () => db.selectFrom('follow_bcf_link').selectAll().where('follow_bcf_link.tenant_id', '=', scope.tenantId),
    insert: (rows: Omit<FollowBcfLinkTable, 'id' | 'tenant_id'>[]) =>
      db
        .insertInto('follow_bcf_link')
        .values(rows.map((row) => ({ ...row, tenant_id: scope.tenantId })))
        .execute(),
    update: () => db.updateTable('follow_bcf_link').where('follow_bcf_link.tenant_id', '=', scope.tenantId),
  };
}

/** A link's detail as stored (JSON text on SQLite, an object on PostgreSQL). */
export const readDetail = <T>(value: unknown): T | null => readJsonOrNull<T>(value);
