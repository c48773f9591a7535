import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../src/core/entities.ts';
import { buildTree, flattenTree, menuKeyMap, toMenuItems } from '../../src/core/menu-tree.ts';
import { ROUTES, routeMatches } from '../../src/core/routes.ts';

const node = (id: number, route: string | null, children: MenuNode[] = []): MenuNode => ({
  id,
  title: `n${id}`,
  seedKey: null,
  route,
  resourceId: id,
  type: 'MENU',
  icon: null,
  sort: id,
  code: null,
  isLeaf: children.length === 0,
  children,
});

describe('menu tree helpers', () => {
  it('numbers entries depth-first from 1 and records ancestor keys', () => {
    const items = toMenuItems([node(10, '/home'), node(20, null, [node(21, '/a', [node(22, '/a/b')]), node(23, '/c')])]);
    const map = menuKeyMap(items);
    expect(Object.keys(map)).toEqual(['1', '2', '3', '4', '5']);
    expect(map['4']).toMatchObject({ route: '/a/b', parent: ['2', '3'], resourceId: 22 });
    expect(map['5']).toMatchObject({ route: '/c', parent: ['2'] });
    expect(flattenTree(items).map((i) => i.key)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('builds a tree from parent ids, ordered by sort then id', () => {
    const tree = buildTree([
      { id: 3, parentId: 1, sort: 2 },
      { id: 1, parentId: null, sort: 1 },
      { id: 2, parentId: 1, sort: 1 },
      { id: 4, parentId: null, sort: 0 },
    ]);
    expect(tree.map((n) => n.id)).toEqual([4, 1]);
    expect(tree[1]!.children.map((n) => (n as { id: number }).id)).toEqual([2, 3]);
  });
});

describe('route table (spec §2)', () => {
  it('lists each route once, /drawing/pictureList included once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((p) => p === '/drawing/pictureList')).toHaveLength(1);
  });

  it('gives /annotation and /drawing/markPicture/:id one screen, and staging/:id the fill screen', () => {
    const screen = (path: string) => ROUTES.find((r) => r.path === path)?.screen;
    expect(screen('/annotation')).toBe(screen('/drawing/markPicture/:id'));
    expect(screen('/table/staging/:id')).toBe(screen('/table/fill/:id'));
  });

  it('matches parameters to one non-empty segment', () => {
    expect(routeMatches('/gantt/:id', '/gantt/42')).toBe(true);
    expect(routeMatches('/gantt/:id', '/gantt/42/')).toBe(true);
    expect(routeMatches('/gantt/:id', '/gantt')).toBe(false);
    expect(routeMatches('/gantt/:id', '/gantt/1/2')).toBe(false);
    expect(routeMatches('/home', '/home')).toBe(true);
    expect(routeMatches('/home', '/homes')).toBe(false);
  });
});
