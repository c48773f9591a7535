import { Menu, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../../core/menu-tree.ts';
import { menuTitle } from '../../i18n/menu-title.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { menuIcon } from './menu-icons.ts';

type AntItem = Required<MenuProps>['items'][number];

/** Sidebar entries: MENU nodes only; PAGE nodes are reached from screens and still match tabs. */
function toAntItems(items: readonly MenuItem[], title: (item: MenuItem) => string): AntItem[] {
  return items
    .filter((item) => item.type === 'MENU')
    .map((item) => {
      const children = toAntItems(item.children, title);
      return {
        key: item.key,
        icon: item.parent.length === 0 || item.icon ? createElement(menuIcon(item.icon)) : undefined,
        label: title(item),
        children: children.length > 0 ? children : undefined,
      };
    });
}

export const SideMenu = observer(function SideMenu() {
  const { layout } = useStores();
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const items = toAntItems(layout.menuList, (item) => menuTitle(t, item));
  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={layout.activeMenu ? [layout.activeMenu] : []}
      defaultOpenKeys={layout.openMenu}
      key={layout.collapsed ? 'collapsed' : layout.openMenu.join('/')}
      onClick={({ key }) => {
        const route = layout.menuKeyMaps[key]?.route;
        if (route) navigate(route);
      }}
    />
  );
});
