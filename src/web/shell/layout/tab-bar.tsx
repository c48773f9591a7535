import { DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { sameText, textIn } from '../../../core/local-text.ts';
import { menuTitle } from '../../i18n/menu-title.ts';
import { menuKeyOfTab, type Tab } from '../../stores/layout-store.ts';
import { useStores } from '../../stores/stores-context.tsx';

type TabAction = 'refresh' | 'close' | 'closeOthers' | 'closeRight' | 'closeAll';

/** Open pages as tabs: click to switch, close, and a menu (right-click or the ▾ button) for the rest. */
export const TabBar = observer(function TabBar({ onRefresh }: { onRefresh: () => void }) {
  const { layout } = useStores();
  const { t, i18n } = useTranslation(['layout', 'menu']);
  const navigate = useNavigate();
  const open = (tab: Tab | null) => void navigate(tab ? tab.route + tab.query : '/home');

  const act = (action: TabAction, tab: Tab) => {
    const keys = layout.tabList.map((x) => x.key);
    const at = keys.indexOf(tab.key);
    if (action === 'refresh') {
      if (!tab.isActive) open(tab);
      onRefresh();
      return;
    }
    const closing = {
      close: [tab.key],
      closeOthers: keys.filter((k) => k !== tab.key),
      closeRight: keys.slice(at + 1),
      closeAll: keys,
    }[action];
    const next = layout.closePages(closing);
    if (action === 'closeOthers' && !tab.isActive) open(tab);
    else if (next || layout.tabList.length === 0) open(next);
  };

  const menuFor = (tab: Tab): MenuProps => ({
    items: [
      { key: 'refresh', label: t('layout:tabs.refresh'), icon: <ReloadOutlined /> },
      { type: 'divider' },
      { key: 'close', label: t('layout:tabs.close') },
      { key: 'closeOthers', label: t('layout:tabs.closeOthers') },
      { key: 'closeRight', label: t('layout:tabs.closeRight') },
      { key: 'closeAll', label: t('layout:tabs.closeAll') },
    ],
    onClick: ({ key }) => act(key as TabAction, tab),
  });

  const active = layout.tabList.find((tab) => tab.isActive);
  const title = (tab: Tab) => {
    const item = layout.menuKeyMaps[menuKeyOfTab(tab.key)];
    return item && sameText(tab.title, item.title) ? menuTitle(t, item, i18n.language) : textIn(tab.title, i18n.language);
  };

  return (
    <Tabs
      className="app-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active?.key ?? ''}
      onChange={(key) => open(layout.tabList.find((tab) => tab.key === key) ?? null)}
      onEdit={(key, action) => {
        const tab = layout.tabList.find((x) => x.key === key);
        if (action === 'remove' && tab) act('close', tab);
      }}
      items={layout.tabList.map((tab) => ({
        key: tab.key,
        closable: true,
        label: (
          <Dropdown menu={menuFor(tab)} trigger={['contextMenu']}>
            <span>{title(tab)}</span>
          </Dropdown>
        ),
      }))}
      tabBarExtraContent={
        active && (
          <Dropdown menu={menuFor(active)} trigger={['click']}>
            <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('layout:tabs.actions')} />
          </Dropdown>
        )
      }
    />
  );
});
