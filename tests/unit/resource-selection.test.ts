import { describe, expect, it } from 'vitest';
import {
  ResourceTreeIndex,
  orderedSelection,
  searchTree,
  selectionView,
  toggleResource,
  type ResourceTreeNode,
} from '../../src/core/resource-selection.ts';

interface Node extends ResourceTreeNode {
  title: string;
  children: Node[];
}

const n = (id: number, title: string, children: Node[] = []): Node => ({ id, title, children });

/*
 * 1 Home
 * 2 Documents
 *   3 Document library
 *     4 Upload (point)
 *     5 Manage documents (point)
 *   6 Attachments
 * 7 Administration
 *   8 Roles
 *     9 Manage roles (point)
 */
const tree = [
  n(1, 'Home'),
  n(2, 'Documents', [n(3, 'Document library', [n(4, 'Upload'), n(5, 'Manage documents')]), n(6, 'Attachments')]),
  n(7, 'Administration', [n(8, 'Roles', [n(9, 'Manage roles')])]),
];
const index = new ResourceTreeIndex(tree);

describe('resource tree index', () => {
  it('lists ids parents first, ancestors nearest first and every descendant', () => {
    expect(index.ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(index.ancestorsOf(4)).toEqual([3, 2]);
    expect(index.ancestorsOf(1)).toEqual([]);
    expect(index.descendantsOf(2)).toEqual([3, 4, 5, 6]);
    expect(index.descendantsOf(99)).toEqual([]);
  });
});

describe('checked keys from a stored set of resource ids', () => {
  it('checks a node only when it and everything beneath it are chosen', () => {
    expect(selectionView(index, [2, 3, 4, 5, 6])).toEqual({ checked: [2, 3, 4, 5, 6], halfChecked: [] });
  });

  it('half-checks a menu granted without its function points (a conducted tree could not show it)', () => {
    expect(selectionView(index, [7, 8])).toEqual({ checked: [], halfChecked: [7, 8] });
  });

  it('half-checks the ancestors of a point granted alone (a BUTTON id implies nothing else)', () => {
    expect(selectionView(index, [9])).toEqual({ checked: [9], halfChecked: [7, 8] });
  });

  it('half-checks a parent with some children chosen', () => {
    expect(selectionView(index, [2, 3, 4])).toEqual({ checked: [4], halfChecked: [2, 3] });
  });

  it('shows nothing for an empty set and ignores ids outside the tree', () => {
    expect(selectionView(index, [])).toEqual({ checked: [], halfChecked: [] });
    expect(selectionView(index, [42])).toEqual({ checked: [], halfChecked: [] });
  });
});

describe('resource ids after a click', () => {
  it('checking a point also chooses its menu and the sections above it', () => {
    expect(toggleResource(index, [1], 9, true)).toEqual([1, 7, 8, 9]);
  });

  it('checking a menu chooses everything beneath it', () => {
    expect(toggleResource(index, [], 3, true)).toEqual([2, 3, 4, 5]);
  });

  it('unchecking drops the node and its subtree but keeps its ancestors', () => {
    expect(toggleResource(index, [2, 3, 4, 5, 6], 3, false)).toEqual([2, 6]);
  });

  it('round-trips: unchecking one point of a fully checked menu leaves the menu half-checked', () => {
    const after = toggleResource(index, [7, 8, 9], 9, false);
    expect(after).toEqual([7, 8]);
    expect(selectionView(index, after)).toEqual({ checked: [], halfChecked: [7, 8] });
  });

  it('keeps ids the tree does not show, after the ones it does', () => {
    expect(toggleResource(index, [50, 1], 6, true)).toEqual([1, 2, 6, 50]);
    expect(orderedSelection(index, [40, 9, 3])).toEqual([3, 9, 40]);
  });

  it('leaves the set alone for an id outside the tree', () => {
    expect(toggleResource(index, [1], 99, true)).toEqual([1]);
  });
});

describe('tree search', () => {
  const byTitle = (text: string) => (node: Node) => node.title.toLowerCase().includes(text);

  it('keeps matches with their subtree and their ancestors, expanding the ancestors', () => {
    const found = searchTree(tree, byTitle('library'));
    expect(found.roots).toEqual([n(2, 'Documents', [n(3, 'Document library', [n(4, 'Upload'), n(5, 'Manage documents')])])]);
    expect(found.expanded).toEqual([2]);
  });

  it('finds points deep in the tree', () => {
    const found = searchTree(tree, byTitle('manage'));
    expect(found.roots.map((node) => node.id)).toEqual([2, 7]);
    expect(found.expanded.sort()).toEqual([2, 3, 7, 8]);
  });

  it('opens a matching menu when a match lies beneath it too', () => {
    const found = searchTree(tree, byTitle('roles'));
    expect(found.roots).toEqual([n(7, 'Administration', [n(8, 'Roles', [n(9, 'Manage roles')])])]);
    expect(found.expanded.sort()).toEqual([7, 8]);
  });

  it('answers an empty tree when nothing matches', () => {
    expect(searchTree(tree, byTitle('zzz'))).toEqual({ roots: [], expanded: [] });
  });
});
