/**
 * A set of resource ids chosen in a menu tree (a role's grants, a workspace's or a template's
 * menu), and how a checkbox tree shows and changes it.
 *
 * The tree's checkboxes are not "conducted" the usual way (parent checked = every child
 * checked), because a stored set may hold a menu without any of its function points, which
 * such a tree cannot show. Instead:
 * - a node is checked when it and everything beneath it are chosen;
 * - it is half-checked when only part of it is (the node alone, or some descendants);
 * - checking a node chooses it, everything beneath it and its ancestors (so it can be reached);
 * - unchecking a node drops it and everything beneath it; its ancestors stay chosen.
 */

export interface ResourceTreeNode {
  id: number;
  children: readonly ResourceTreeNode[];
}

export interface SelectionView {
  checked: number[];
  halfChecked: number[];
}

/** Parent and descendants of every node of a tree, for the questions the selection rules ask. */
export class ResourceTreeIndex<T extends ResourceTreeNode = ResourceTreeNode> {
  private readonly parents = new Map<number, number | null>();
  private readonly nodes = new Map<number, T>();
  /** Every id, parents before children. */
  readonly ids: number[] = [];

  constructor(readonly roots: readonly T[]) {
    const walk = (list: readonly T[], parent: number | null) => {
      for (const node of list) {
        this.parents.set(node.id, parent);
        this.nodes.set(node.id, node);
        this.ids.push(node.id);
        walk(node.children as readonly T[], node.id);
      }
    };
    walk(roots, null);
  }

  has(id: number): boolean {
    return this.nodes.has(id);
  }

  node(id: number): T | undefined {
    return this.nodes.get(id);
  }

  /** Nearest first. */
  ancestorsOf(id: number): number[] {
    const found: number[] = [];
    for (let parent = this.parents.get(id) ?? null; parent !== null; parent = this.parents.get(parent) ?? null) found.push(parent);
    return found;
  }

  descendantsOf(id: number): number[] {
    const node = this.nodes.get(id);
    if (!node) return [];
    const found: number[] = [];
    const walk = (list: readonly ResourceTreeNode[]) => {
      for (const child of list) {
        found.push(child.id);
        walk(child.children);
      }
    };
    walk(node.children);
    return found;
  }
}

/** Which nodes a checkbox tree shows checked and half-checked for a chosen set. */
export function selectionView(index: ResourceTreeIndex, selected: Iterable<number>): SelectionView {
  const chosen = new Set(selected);
  const checked: number[] = [];
  const halfChecked: number[] = [];
  // Children before parents, so each node's state is known when its parent asks.
  const full = new Map<number, boolean>();
  const any = new Map<number, boolean>();
  for (const id of [...index.ids].reverse()) {
    const children = index.node(id)!.children;
    const self = chosen.has(id);
    const allBelow = children.every((child) => full.get(child.id));
    const someBelow = children.some((child) => any.get(child.id));
    full.set(id, self && allBelow);
    any.set(id, self || someBelow);
    if (self && allBelow) checked.push(id);
    else if (self || someBelow) halfChecked.push(id);
  }
  return { checked: checked.reverse(), halfChecked: halfChecked.reverse() };
}

/** The chosen set after a node is checked or unchecked (see the rules above), in tree order. */
export function toggleResource(index: ResourceTreeIndex, selected: Iterable<number>, id: number, check: boolean): number[] {
  const chosen = new Set(selected);
  if (!index.has(id)) return orderedSelection(index, chosen);
  const subtree = [id, ...index.descendantsOf(id)];
  if (check) for (const each of [...subtree, ...index.ancestorsOf(id)]) chosen.add(each);
  else for (const each of subtree) chosen.delete(each);
  return orderedSelection(index, chosen);
}

/**
 * The chosen ids in tree order; ids the tree does not hold are kept at the end, so saving a
 * set never silently drops what a narrower tree did not show.
 */
export function orderedSelection(index: ResourceTreeIndex, selected: Iterable<number>): number[] {
  const chosen = new Set(selected);
  const inTree = index.ids.filter((id) => chosen.has(id));
  const known = new Set(inTree);
  return [...inTree, ...[...chosen].filter((id) => !known.has(id)).sort((a, b) => a - b)];
}

/**
 * The nodes to show for a search: those that match, with everything beneath them and their
 * ancestors; `expanded` lists every node with a match beneath it, so each match is in view.
 * Empty when nothing matches.
 */
export function searchTree<T extends ResourceTreeNode>(
  roots: readonly T[],
  matches: (node: T) => boolean,
): { roots: T[]; expanded: number[] } {
  const expanded = new Set<number>();
  const visit = (list: readonly T[]): T[] =>
    list.flatMap((node) => {
      const children = visit(node.children as readonly T[]);
      if (children.length > 0) expanded.add(node.id);
      if (matches(node)) return [node];
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  const found = visit(roots);
  return { roots: found, expanded: [...expanded] };
}
