import { Menu, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { createElement, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../../core/menu-tree.ts';
import { menuTitle } from '../../i18n/menu-title.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { menuIcon } from './menu-icons.ts';

/** How long after a pop-up entry is chosen the folded menu keeps its pop-ups closed. */
const REOPEN_GUARD_MS = 600;

type AntItem = Required<MenuProps>['items'][number];

/** A click that asks the browser for a new tab or window (Ctrl, Cmd, Shift or another button) rather than this one. */
const elsewhere = (event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; button?: number }) =>
  event.ctrlKey || event.metaKey || event.shiftKey || (event.button ?? 0) !== 0;

/**
 * An entry's label is a real link, so it opens in a new tab by middle click or the browser's
 * menu; a plain click is left to the menu, which opens the screen here (and the keyboard too).
 * The menu moves focus between its entries itself, so the link is no tab stop of its own.
 */
function EntryLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} tabIndex={-1} onClick={(event: MouseEvent) => !elsewhere(event) && event.preventDefault()}>
      {children}
    </Link>
  );
}

/**
 * Sidebar entries: MENU nodes only; PAGE nodes are reached from screens and still match tabs.
 * A section left without a route or entries (its last one revoked) leads nowhere and is left out.
 */
function toAntItems(items: readonly MenuItem[], title: (item: MenuItem) => string): AntItem[] {
  return items
    .filter((item) => item.type === 'MENU')
    .flatMap((item) => {
      const children = toAntItems(item.children, title);
      if (!item.route && children.length === 0) return [];
      return {
        key: item.key,
        icon: item.parent.length === 0 || item.icon ? createElement(menuIcon(item.icon)) : undefined,
        label: item.route && children.length === 0 ? <EntryLink to={item.route}>{title(item)}</EntryLink> : title(item),
        children: children.length > 0 ? children : undefined,
      };
    });
}

/**
 * The sidebar menu. Open sections are held here: inline, the sections of the entry on screen
 * open as the user moves around; folded into a rail, sections open as pop-ups that close once
 * an entry is chosen (also by keyboard, where the menu would otherwise leave them open).
 * `collapsed` mirrors the Sider's own flag, which folds the menu.
 */
export const SideMenu = observer(function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { layout } = useStores();
  const { t, i18n } = useTranslation('menu');
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  // When a pop-up entry is chosen the pointer still rests where the pop-up was; the menu then
  // asks to open that pop-up again as it closes. Such asks right after a choice are not the
  // user's; opening another section is.
  const chosen = useRef<{ at: number; sections: readonly string[] }>({ at: 0, sections: [] });
  const onScreen = layout.openMenu.join('/');
  useEffect(() => {
    setOpenKeys(collapsed || !onScreen ? [] : onScreen.split('/'));
  }, [collapsed, onScreen]);
  const items = toAntItems(layout.menuList, (item) => menuTitle(t, item, i18n.language));
  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={layout.activeMenu ? [layout.activeMenu] : []}
      openKeys={openKeys}
      onOpenChange={(keys) => {
        const reopening = keys.length > 0 && keys.every((key) => chosen.current.sections.includes(key));
        if (collapsed && reopening && Date.now() - chosen.current.at < REOPEN_GUARD_MS) return;
        setOpenKeys(keys);
      }}
      onClick={({ key, keyPath, domEvent }) => {
        // The link itself opens the screen in another tab.
        if (elsewhere(domEvent)) return;
        if (collapsed) {
          chosen.current = { at: Date.now(), sections: keyPath.slice(1) };
          setOpenKeys([]);
        }
        const route = layout.menuKeyMaps[key]?.route;
        if (route) navigate(route);
      }}
    />
  );
});
