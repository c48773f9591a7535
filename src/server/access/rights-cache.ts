import { LruMap } from '../../core/lru-map.ts';
import type { TenantScope } from '../db/tenant-scope.ts';
import type { Session } from '../modules/auth/tokens.ts';
import type { MemberRights } from './caller.ts';
import { loadMemberRights } from './rights.ts';

/** Members whose rights are kept. */
const CAPACITY = 5_000;

/**
 * Members' rights kept in memory under their tenant's rights revision, which the token check
 * reads in the same query (see migration 013): a grant, a role change or a new workspace
 * member moves the revision, so the next request of anyone in that tenant reads the rights
 * afresh — a grant still counts at once, from any instance. Rights are read after the
 * revision, so what is kept is never older than the revision it is kept under.
 */
export class MemberRightsCache {
  private readonly kept = new LruMap<string, { revision: number; rights: Promise<MemberRights> }>(CAPACITY);

  of(scope: TenantScope, session: Session): Promise<MemberRights> {
    const revision = session.rightsRevision;
    // Asked for at the start of a request, before it writes anything; a tenant-less session has no revision.
    if (revision === undefined || scope.tenantId !== session.tenantId) return loadMemberRights(scope, session);
    const key = `${scope.tenantId}:${session.userId}:${session.memberType}`;
    const kept = this.kept.get(key);
    if (kept && kept.revision === revision) return kept.rights;
    const rights = loadMemberRights(scope, session);
    const entry = { revision, rights };
    this.kept.set(key, entry);
    rights.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    return rights;
  }
}
