import { TreeSelect, type TreeSelectProps } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../core/entities.ts';
import { menuTitle } from '../i18n/menu-title.ts';

interface MenuChoice {
  value: number;
  title: string;
  children: MenuChoice[];
}

/** The menus an entry may hang under: MENU nodes, titled as the side menu titles them, without `except` and what is under it. */
function menuChoices(t: TFunction, lng: string, nodes: readonly MenuNode[], except: number | null): MenuChoice[] {
  return nodes
    .filter((node) => node.type === 'MENU' && node.id !== except)
    .map((node) => ({ value: node.id, title: menuTitle(t, node, lng), children: menuChoices(t, lng, node.children ?? [], except) }));
}

interface MenuParentSelectProps extends Omit<TreeSelectProps<number>, 'treeData'> {
  tree: readonly MenuNode[];
  /** An entry that cannot be its own parent (the one being placed). */
  except?: number | null;
}

/**
 * Picks the menu a new or moved entry goes under, every branch open. Draw it once the tree is
 * in: the open branches are those of the first data. A menu is a few dozen entries, so it is
 * drawn whole: every entry is there to scroll to and for a screen reader, where a virtual list
 * draws only what its first measure guessed would fit.
 */
export function MenuParentSelect({ tree, except = null, ...props }: MenuParentSelectProps) {
  const { t, i18n } = useTranslation('menu');
  const choices = useMemo(() => menuChoices(t, i18n.language, tree, except), [t, i18n.language, tree, except]);
  return <TreeSelect<number> treeData={choices} treeDefaultExpandAll virtual={false} showSearch={{ treeNodeFilterProp: 'title' }} {...props} />;
}
