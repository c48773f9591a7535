import { Modal } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedWorkspace } from '../../../core/contracts/management.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useSave } from '../../ui/use-save.ts';
import { UserTransfer } from '../../ui/user-transfer.tsx';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';
import type { WorkspacesStore } from './workspaces-store.ts';

/** Who belongs to a workspace. */
export const WorkspaceMembersModal = observer(function WorkspaceMembersModal({
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
  const [members, setMembers] = useState<number[] | null>(null);

  useEffect(() => {
    void detail.load();
    void store.users.ensure();
  }, [detail, store]);

  const chosen = members ?? detail.data?.userIds ?? [];
  const { error, busy, save } = useSave(() => store.setMembers(workspace.id, chosen), onClose, t('state.saveFailed'));

  return (
    <Modal
      open
      width={760}
      title={t('workspaces.membersTitle', { name: workspace.name })}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void save()}
      okButtonProps={{ disabled: !detail.data || !store.users.data }}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <FormAlerts error={error} />
      <LoadState source={detail}>
        {() => (
          <LoadState source={store.users}>
            {(users) => <UserTransfer users={users} value={chosen} onChange={setMembers} chosenTitle={t('workspaces.members')} />}
          </LoadState>
        )}
      </LoadState>
    </Modal>
  );
});
