import { flattenTree } from '../../core/menu-tree.ts';
import type { SeedMenuNode } from './seed-files.ts';

/** A seed menu node with its children always present. */
export type SeedNode = SeedMenuNode & { children: SeedNode[] };

export const withChildren = (nodes: SeedMenuNode[]): SeedNode[] =>
  nodes.map((n) => ({ ...n, children: withChildren(n.children ?? []) }));

/** Keys of the subtrees named by `keys` (`*` for everything). */
export function subtreeKeys(tree: SeedNode[], keys: readonly string[]): Set<string> {
  const all = flattenTree(tree);
  if (keys.includes('*')) return new Set(all.map((n) => n.key));
  const result = new Set<string>();
  for (const node of all) {
    if (keys.includes(node.key)) for (const n of flattenTree([node])) result.add(n.key);
  }
  return result;
}
