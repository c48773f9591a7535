import { DOC_ACCESS_LEVELS, DOC_POINTS, type DocAccess } from '../../core/contracts/documents.ts';
import { holds, isAdmin } from './admin.ts';
import type { Caller } from './caller.ts';

export interface FolderNode {
  id: number;
  parentId: number | null;
}

/** Grants of the folders that name roles: folder id -> role id -> access. */
export type FolderGrants = ReadonlyMap<number, ReadonlyMap<number, DocAccess>>;

const widest = (levels: Iterable<DocAccess>): DocAccess | null => {
  let best = -1;
  for (const level of levels) best = Math.max(best, DOC_ACCESS_LEVELS.indexOf(level));
  return best < 0 ? null : DOC_ACCESS_LEVELS[best]!;
};

/** The library's own level for a member, from their function points: what holds where no folder names roles. */
const rootAccess = (caller: Caller): DocAccess => {
  if (holds(caller, DOC_POINTS.manage)) return 'manage';
  return holds(caller, DOC_POINTS.upload) ? 'upload' : 'view';
};

/**
 * What a member may do in each folder. A folder that names roles decides for itself and for
 * the subfolders that name none: the widest level granted to any of the member's roles, and
 * nothing (the folder is hidden) for a member none of whose roles it names. Elsewhere the
 * library's own level holds (`rootAccess`). An ADMIN manages every folder. A folder is shown
 * only with its parents, so one under a folder hidden from the member is hidden too.
 */
function levels(caller: Caller, folders: readonly FolderNode[], grants: FolderGrants): Map<number, DocAccess | null> {
  const root = rootAccess(caller);
  const admin = isAdmin(caller);
  const byId = new Map(folders.map((f) => [f.id, f]));
  const access = new Map<number, DocAccess | null>();
  const resolve = (id: number, seen: Set<number>): DocAccess | null => {
    if (access.has(id)) return access.get(id)!;
    const folder = byId.get(id);
    let level: DocAccess | null;
    if (admin) level = 'manage';
    else if (!folder || seen.has(id)) level = null;
    else {
      seen.add(id);
      const parent = folder.parentId === null ? root : resolve(folder.parentId, seen);
      const named = grants.get(id);
      if (folder.parentId !== null && parent === null) level = null;
      else if (named) level = widest([...caller.roleIds].filter((roleId) => named.has(roleId)).map((roleId) => named.get(roleId)!));
      else level = parent;
    }
    access.set(id, level);
    return level;
  };
  for (const folder of folders) resolve(folder.id, new Set());
  return access;
}

export const folder = { rootAccess, levels };
