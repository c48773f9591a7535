import type { MenuNode } from './entities.ts';
import { sameText, type LocalText } from './local-text.ts';

/** A menu entry as the client keeps it (spec §3): sequential key and ancestor keys added. */
export interface MenuItem {
  key: string;
  route: string | null;
  title: LocalText;
  /** The seed key of the node (see MenuNode), which names its translation. */
  seedKey: string | null;
  resourceId: number;
  isLeaf: boolean;
  icon: string | null;
  type: MenuNode['type'];
  parent: string[];
  children: MenuItem[];
}

/** Number the tree depth-first from 1 and record each entry's ancestors. */
export function toMenuItems(nodes: readonly MenuNode[]): MenuItem[] {
  let next = 1;
  const walk = (list: readonly MenuNode[], parent: string[]): MenuItem[] =>
    list.map((node) => {
      const key = String(next++);
      return {
        key,
        route: node.route,
        title: node.title,
        seedKey: node.seedKey,
        resourceId: node.resourceId,
        isLeaf: node.isLeaf,
        icon: node.icon,
        type: node.type,
        parent,
        children: walk(node.children, [...parent, key]),
      };
    });
  return walk(nodes, []);
}

/** The fields of an entry that the sidebar and the tabs show or match on. */
const SHOWN_FIELDS = ['key', 'route', 'title', 'seedKey', 'resourceId', 'isLeaf', 'icon', 'type'] as const;

/**
 * Whether two menus would look and match alike, so a reload that brings the same tree can
 * leave the shown one in place (a restored PT_STATE copy compares equal to a fresh one).
 */
export function sameMenu(a: readonly MenuItem[], b: readonly MenuItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, i) => {
      const other = b[i]!;
      return SHOWN_FIELDS.every((field) => (field === 'title' ? sameText(item.title, other.title) : item[field] === other[field])) && sameMenu(item.children, other.children);
    })
  );
}

/** key -> entry for the whole tree. */
export function menuKeyMap(items: readonly MenuItem[]): Record<string, MenuItem> {
  const map: Record<string, MenuItem> = {};
  const walk = (list: readonly MenuItem[]) => {
    for (const item of list) {
      map[item.key] = item;
      walk(item.children);
    }
  };
  walk(items);
  return map;
}

/** Every node of a tree, parents before children. */
export function flattenTree<T extends { children: readonly T[] }>(nodes: readonly T[]): T[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** Build a tree from flat rows with parent ids, children ordered by `sort` then id. */
export function buildTree<T extends { id: number; parentId: number | null; sort: number }>(
  rows: readonly T[],
): (T & { children: (T & { children: unknown[] })[] })[] {
  type Node = T & { children: Node[] };
  const byId = new Map<number, Node>();
  for (const row of rows) byId.set(row.id, { ...row, children: [] });
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: Node[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const node of list) order(node.children);
  };
  order(roots);
  return roots;
}
