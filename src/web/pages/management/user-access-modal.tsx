import { Form, Modal, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '../../../core/contracts/management.ts';
import { placeServerError } from '../../ui/server-errors.ts';
import { useSave } from '../../ui/use-save.ts';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';
import type { UsersStore } from './users-store.ts';
import { useTextIn } from '../../i18n/local-text.ts';

interface Values {
  roleIds: number[];
  groupIds: number[];
  workspaceIds: number[];
}

/** A member's roles, directly given permission groups and workspaces. */
export const UserAccessModal = observer(function UserAccessModal({ store, user, onClose }: { store: UsersStore; user: ManagedUser; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const textOf = useTextIn();
  const [form] = Form.useForm<Values>();
  const { error, busy, save } = useSave(
    (values: Values) => store.setAccess(user, { roleIds: values.roleIds ?? [], groupIds: values.groupIds ?? [], workspaceIds: values.workspaceIds ?? [] }),
    onClose,
    (failure) => placeServerError(form, failure, ['roleIds', 'groupIds', 'workspaceIds']),
  );

  const submit = async () => save(await form.validateFields());

  return (
    <Modal
      open
      width={600}
      title={t('users.accessTitle', { name: user.name })}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <FormAlerts error={error} notice={user.type === 'ADMIN' ? t('users.adminHoldsAll') : ''} />
      <Form
        form={form}
        layout="vertical"
        name="user-access"
        initialValues={{ roleIds: user.roleIds, groupIds: user.groupIds, workspaceIds: user.workspaceIds }}
      >
        <Form.Item name="roleIds" label={t('users.roles')}>
          <Select
            mode="multiple"
            allowClear
            autoFocus
            optionFilterProp="label"
            loading={store.roles.loading}
            options={(store.roles.data ?? []).map((role) => ({ value: role.id, label: textOf(role.name) }))}
          />
        </Form.Item>
        <Form.Item name="groupIds" label={t('users.groups')} extra={t('users.groupsHelp')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={store.groups.loading}
            options={(store.groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
          />
        </Form.Item>
        <Form.Item name="workspaceIds" label={t('users.workspaces')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={store.workspaces.loading}
            options={(store.workspaces.data ?? []).map((workspace) => ({ value: workspace.id, label: `${workspace.name} (${workspace.code})` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
});
