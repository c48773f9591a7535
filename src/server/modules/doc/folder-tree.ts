import type { FolderNode } from '../../access/folder.ts';

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
