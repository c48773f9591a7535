/**
 * The order and shape of a list's options: a tree where the list is hierarchical (each parent
 * before its children, siblings by sort then code), one level otherwise. Shared by the server
 * (answers, import checks) and the settings screen.
 */

export interface TreeOption {
  id: number;
  code: string;
  parentId: number | null;
  sort: number;
}

// One collator for every comparison: localeCompare with options builds a new one per call.
const codes = new Intl.Collator('en', { numeric: true });
const bySortThenCode = (a: TreeOption, b: TreeOption) => a.sort - b.sort || codes.compare(a.code, b.code);

/**
 * Options in tree order with their depth (0 at the top). An option whose parent is not among
 * them is placed at the top, so a list read in part still shows every option once.
 */
export function treeOrder<T extends TreeOption>(options: readonly T[]): { option: T; depth: number }[] {
  const ids = new Set(options.map((o) => o.id));
  const children = new Map<number | null, T[]>();
  for (const option of options) {
    const parent = option.parentId !== null && ids.has(option.parentId) ? option.parentId : null;
    const siblings = children.get(parent) ?? [];
    siblings.push(option);
    children.set(parent, siblings);
  }
  const ordered: { option: T; depth: number }[] = [];
  const seen = new Set<number>();
  const visit = (parent: number | null, depth: number) => {
    for (const option of (children.get(parent) ?? []).sort(bySortThenCode)) {
      if (seen.has(option.id)) continue;
      seen.add(option.id);
      ordered.push({ option, depth });
      visit(option.id, depth + 1);
    }
  };
  visit(null, 0);
  return ordered;
}

/** The ids from the top down to the option's parent; [] at the top. Stops at a loop. */
export function ancestorsOf(options: ReadonlyMap<number, TreeOption>, id: number): number[] {
  const path: number[] = [];
  let parent = options.get(id)?.parentId ?? null;
  while (parent !== null && !path.includes(parent) && parent !== id) {
    path.unshift(parent);
    parent = options.get(parent)?.parentId ?? null;
  }
  return path;
}

/** The option and every option below it. */
export function subtreeOf(options: readonly TreeOption[], id: number): number[] {
  const found = [id];
  for (let i = 0; i < found.length; i++) {
    for (const option of options) if (option.parentId === found[i] && !found.includes(option.id)) found.push(option.id);
  }
  return found;
}

/** How deep the subtree under `id` reaches, counting `id` as 1. */
export function subtreeHeight(options: readonly TreeOption[], id: number): number {
  const below = options.filter((o) => o.parentId === id);
  return 1 + Math.max(0, ...below.map((o) => subtreeHeight(options, o.id)));
}
