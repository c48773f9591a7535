import { DOC_ACCESS_LEVELS, type DocAccess } from '../../../core/contracts/documents.ts';

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

/**
 * What a member may do in each folder. A folder that names roles decides for itself and for
 * the subfolders that name none: the widest level granted to any of the member's roles, and
 * nothing (the folder is hidden) for a member none of whose roles it names. Elsewhere the
 * library's own level holds (`rootAccess`, from the member's function points). An ADMIN
 * manages every folder. A folder is shown only with its parents, so one under a folder hidden
 * from the member is hidden too.
 */
export function folderAccess(
  folders: readonly FolderNode[],
  grants: FolderGrants,
  member: { roleIds: ReadonlySet<number>; rootAccess: DocAccess | null; admin: boolean },
): Map<number, DocAccess | null> {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const access = new Map<number, DocAccess | null>();
  const resolve = (id: number, seen: Set<number>): DocAccess | null => {
    if (access.has(id)) return access.get(id)!;
    const folder = byId.get(id);
    let level: DocAccess | null;
    if (member.admin) level = 'manage';
    else if (!folder || seen.has(id)) level = null;
    else {
      seen.add(id);
      const parent = folder.parentId === null ? member.rootAccess : resolve(folder.parentId, seen);
      const named = grants.get(id);
      if (folder.parentId !== null && parent === null) level = null;
      else if (named) level = widest([...member.roleIds].filter((roleId) => named.has(roleId)).map((roleId) => named.get(roleId)!));
      else level = parent;
    }
    access.set(id, level);
    return level;
  };
  for (const folder of folders) resolve(folder.id, new Set());
  return access;
}

/** The folder ids at and below `id` (a folder's subtree), from a parent -> children index. */
export function subtreeIds(rootIds: Iterable<number>, childrenOf: ReadonlyMap<number | null, readonly FolderNode[]>): number[] {
  const ids: number[] = [];
  const stack = [...rootIds];
  while (stack.length) {
    const id = stack.pop()!;
    ids.push(id);
    for (const child of childrenOf.get(id) ?? []) stack.push(child.id);
  }
  return ids;
}

export function childrenIndex<T extends FolderNode>(folders: readonly T[]): Map<number | null, T[]> {
  const index = new Map<number | null, T[]>();
  for (const folder of folders) {
    const siblings = index.get(folder.parentId);
    if (siblings) siblings.push(folder);
    else index.set(folder.parentId, [folder]);
  }
  return index;
}
