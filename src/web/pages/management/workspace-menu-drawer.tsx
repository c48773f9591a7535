import { Button, Drawer, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedWorkspace } from '../../../core/contracts/management.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useSave } from '../../ui/use-save.ts';
import { ResourceTreePicker } from '../../ui/resource-tree-picker.tsx';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';
import type { WorkspacesStore } from './workspaces-store.ts';

/** The menus and pages a workspace offers; a member sees those their roles grant. */
export const WorkspaceMenuDrawer = observer(function WorkspaceMenuDrawer({
  store,
  workspace,
  onClose,
}: {
  store: WorkspacesStore;
  workspace: ManagedWorkspace;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [detail] = useState(() => new Loadable(() => store.detail(workspace.id)));
  const [resources, setResources] = useState<number[] | null>(null);

  useEffect(() => {
    void detail.load();
    void store.tree.ensure();
  }, [detail, store]);

  const chosen = resources ?? detail.data?.resourceIds ?? [];
  const { error, busy, save } = useSave(() => store.setResources(workspace.id, chosen), onClose, t('state.saveFailed'));

  return (
    <Drawer
      open
      size={640}
      title={t('workspaces.menuTitle', { name: workspace.name })}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button type="primary" onClick={() => void save()} loading={busy} disabled={!detail.data || resources === null} data-testid="save-workspace-menu">
            {t('actions.save')}
          </Button>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('workspaces.menuHelp')}</Typography.Paragraph>
      <FormAlerts error={error} />
      <LoadState source={detail}>
        {() => (
          <LoadState source={store.tree} empty={{ when: (tree) => tree.length === 0, description: t('tree.empty') }}>
            {(tree) => <ResourceTreePicker tree={tree} value={chosen} onChange={setResources} label={t('workspaces.menu')} />}
          </LoadState>
        )}
      </LoadState>
    </Drawer>
  );
});
