import { Form, Modal, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionGroup } from '../../../core/contracts/permission-groups.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { placeServerError } from '../../ui/server-errors.ts';
import { useSave } from '../../ui/use-save.ts';
import { UserTransfer } from '../../ui/user-transfer.tsx';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';
import type { PmsGroupStore } from './pms-group-store.ts';
import { useTextIn } from '../../i18n/local-text.ts';

interface Values {
  roleIds: number[];
  userIds: number[];
}

/** Gives a permission group to roles (their holders get its points) and directly to users. */
export const PmsGroupAssignModal = observer(function PmsGroupAssignModal({
  store,
  group,
  onClose,
}: {
  store: PmsGroupStore;
  group: PermissionGroup;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const textOf = useTextIn();
  const [form] = Form.useForm<Values>();
  const { error, busy, save } = useSave(
    (values: Values) => store.assign({ id: group.id, roleIds: values.roleIds ?? [], userIds: values.userIds ?? [] }),
    onClose,
    (failure) => placeServerError(form, failure, ['roleIds', 'userIds']),
  );

  useEffect(() => {
    void store.users.ensure();
  }, [store]);

  const submit = async () => save(await form.validateFields());

  return (
    <Modal
      open
      width={760}
      title={t('groups.assignTitle', { name: group.name })}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <FormAlerts error={error} />
      <Form form={form} layout="vertical" name="group-assign" initialValues={{ roleIds: group.roleIds, userIds: group.userIds }}>
        <Form.Item name="roleIds" label={t('groups.roles')} extra={t('groups.rolesHelp')}>
          <Select
            mode="multiple"
            allowClear
            autoFocus
            loading={store.roles.loading}
            placeholder={t('groups.pickRoles')}
            optionFilterProp="label"
            options={(store.roles.data ?? []).map((role) => ({ value: role.id, label: `${textOf(role.name)} (${role.code})` }))}
          />
        </Form.Item>
        <Form.Item label={t('groups.users')} extra={t('groups.usersHelp')}>
          <LoadState source={store.users}>
            {(users) => (
              <Form.Item name="userIds" noStyle>
                <UserTransfer users={users} chosenTitle={t('groups.users')} />
              </Form.Item>
            )}
          </LoadState>
        </Form.Item>
      </Form>
    </Modal>
  );
});

