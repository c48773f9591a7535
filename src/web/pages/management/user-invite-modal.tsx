import { Form, Input, Modal, Radio, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MEMBER_TYPES, userInviteBody, type ManagedUser, type UserInviteBody } from '../../../core/contracts/management.ts';
import { schemaRules, withoutEmpty } from '../../ui/schema-rules.ts';
import { placeServerError } from '../../ui/server-errors.ts';
import { useSave } from '../../ui/use-save.ts';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';
import type { UsersStore } from './users-store.ts';
import { useTextIn } from '../../i18n/local-text.ts';

const FIELDS = ['username', 'name', 'email', 'mobilePhone', 'type', 'roleIds', 'workspaceIds'];

/** Which field a 409 concerns: the server names what is taken. */
function takenField(message: string): string | undefined {
  if (/e-?mail/i.test(message)) return 'email';
  if (/mobile|phone/i.test(message)) return 'mobilePhone';
  if (/user ?name|username/i.test(message)) return 'username';
  return undefined;
}

/** Invites someone: creates the account (or adds the existing one with that e-mail) and mails them. */
export const UserInviteModal = observer(function UserInviteModal({
  store,
  canInviteAdmins,
  onInvited,
  onClose,
}: {
  store: UsersStore;
  /** Only an administrator may invite another. */
  canInviteAdmins: boolean;
  onInvited: (user: ManagedUser) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const textOf = useTextIn();
  const [form] = Form.useForm<UserInviteBody>();
  const { error, busy, save } = useSave(
    (values: UserInviteBody) => store.invite(withoutEmpty({ ...values, roleIds: values.roleIds ?? [], workspaceIds: values.workspaceIds ?? [] })),
    (user) => {
      onInvited(user);
      onClose();
    },
    (failure) => placeServerError(form, failure, FIELDS, takenField),
  );

  const submit = async () => save(await form.validateFields());

  return (
    <Modal
      open
      width={640}
      title={t('users.inviteTitle')}
      okText={t('users.sendInvite')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <FormAlerts error={error} notice={t('users.inviteHelp')} />
      <Form form={form} layout="vertical" name="user-invite" initialValues={{ type: 'USER', roleIds: [], workspaceIds: [] }}>
        <Form.Item name="email" label={t('users.email')} rules={schemaRules(t, userInviteBody, 'email', t('users.emailInvalid'))}>
          <Input type="email" autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="username" label={t('users.username')} extra={t('users.usernameHelp')} rules={schemaRules(t, userInviteBody, 'username', t('users.usernameInvalid'))}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('users.name')} rules={schemaRules(t, userInviteBody, 'name', t('validation.noBrackets'))}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="mobilePhone" label={t('users.mobilePhone')} rules={schemaRules(t, userInviteBody, 'mobilePhone', t('users.mobileInvalid'))}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item name="type" label={t('users.type')} rules={schemaRules(t, userInviteBody, 'type')}>
          <Radio.Group
            options={MEMBER_TYPES.map((type) => ({ value: type, label: t(`users.types.${type}`), disabled: type === 'ADMIN' && !canInviteAdmins }))}
          />
        </Form.Item>
        <Form.Item name="roleIds" label={t('users.roles')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={store.roles.loading}
            options={(store.roles.data ?? []).map((role) => ({ value: role.id, label: textOf(role.name) }))}
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
