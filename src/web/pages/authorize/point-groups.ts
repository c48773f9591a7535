import type { FunctionPointOption } from '../../../core/contracts/permission-groups.ts';
import { everyText, type LocalText } from '../../../core/local-text.ts';

/** The function points under one menu, as the picker lists them. */
export interface PointGroup {
  /** The menu's seed key, else its title: unique per menu of the tenant. */
  key: string;
  menuTitle: LocalText;
  menuSeedKey: string | null;
  points: FunctionPointOption[];
}

/** Points grouped by their menu, menus and points in the order the server lists them. */
export function groupPointsByMenu(points: readonly FunctionPointOption[]): PointGroup[] {
  const groups = new Map<string, PointGroup>();
  for (const point of points) {
    const key = point.menuSeedKey ?? `title:${typeof point.menuTitle === 'string' ? point.menuTitle : JSON.stringify(point.menuTitle)}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, menuTitle: point.menuTitle, menuSeedKey: point.menuSeedKey, points: [] };
      groups.set(key, group);
    }
    group.points.push(point);
  }
  return [...groups.values()];
}

/**
 * The groups narrowed to a search: a menu whose title matches keeps all its points, otherwise
 * only the points whose title or code matches; `label` gives the titles as shown (translated).
 */
export function searchPointGroups(
  groups: readonly PointGroup[],
  keyword: string,
  label: { menu: (group: PointGroup) => string; point: (point: FunctionPointOption) => string },
): PointGroup[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...groups];
  const hit = (...texts: string[]) => texts.some((text) => text.toLowerCase().includes(needle));
  return groups.flatMap((group) => {
    if (hit(label.menu(group), ...everyText(group.menuTitle))) return [group];
    const points = group.points.filter((point) => hit(label.point(point), ...everyText(point.title), point.code));
    return points.length > 0 ? [{ ...group, points }] : [];
  });
}

/** How much of a group is chosen, for its select-all checkbox. */
export function groupState(group: PointGroup, chosen: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const count = group.points.filter((point) => chosen.has(point.code)).length;
  return count === 0 ? 'none' : count === group.points.length ? 'all' : 'some';
}

/** The chosen codes after the select-all checkbox of a group is set or cleared; sorted, as the server keeps them. */
export function toggleGroup(group: PointGroup, chosen: readonly string[], check: boolean): string[] {
  const next = new Set(chosen);
  for (const point of group.points) {
    if (check) next.add(point.code);
    else next.delete(point.code);
  }
  return [...next].sort();
}

/** Codes the server no longer lists (a point removed since the group was saved). */
export function unknownPoints(chosen: readonly string[], points: readonly FunctionPointOption[]): string[] {
  const known = new Set(points.map((point) => point.code));
  return chosen.filter((code) => !known.has(code));
}
