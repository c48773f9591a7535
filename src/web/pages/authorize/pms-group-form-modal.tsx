import { Form, Input, Modal } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  permissionGroupCreateBody,
  type PermissionGroup,
  type PermissionGroupCreateBody,
} from '../../../core/contracts/permission-groups.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { schemaRules, withoutEmpty } from '../../ui/schema-rules.ts';
import { placeServerError } from '../../ui/server-errors.ts';
import { useSave } from '../../ui/use-save.ts';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';
import { PointPicker } from './point-picker.tsx';
import type { PmsGroupStore } from './pms-group-store.ts';

const FIELDS = ['name', 'description', 'points'];

/** Creates a permission group, or edits one (`group` given): name, description, function points. */
export const PmsGroupFormModal = observer(function PmsGroupFormModal({
  store,
  group,
  onClose,
}: {
  store: PmsGroupStore;
  group: PermissionGroup | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<PermissionGroupCreateBody>();
  const { error, busy, save } = useSave(
    (values: PermissionGroupCreateBody) => store.save(group?.id ?? null, withoutEmpty({ ...values, points: values.points ?? [] })),
    onClose,
    (failure) => placeServerError(form, failure, FIELDS, () => 'name'),
  );

  const submit = async () => save(await form.validateFields());

  return (
    <Modal
      open
      width={880}
      title={group ? t('groups.editTitle', { name: group.name }) : t('groups.createTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <FormAlerts error={error} />
      <Form
        form={form}
        layout="vertical"
        name="group-form"
        initialValues={group ? { name: group.name, description: group.description, points: group.points } : { points: [] }}
      >
        <Form.Item name="name" label={t('groups.name')} rules={schemaRules(t, permissionGroupCreateBody, 'name')}>
          <Input autoFocus autoComplete="off" onPressEnter={() => void submit()} />
        </Form.Item>
        <Form.Item name="description" label={t('groups.description')} rules={schemaRules(t, permissionGroupCreateBody, 'description', t('validation.noBrackets'))}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="points" label={t('groups.points')}>
          {/* Form.Item hands value and onChange to the picker. */}
          <PointsField store={store} />
        </Form.Item>
      </Form>
    </Modal>
  );
});

const PointsField = observer(function PointsField({
  store,
  value,
  onChange,
  id,
}: {
  store: PmsGroupStore;
  value?: string[];
  onChange?: (codes: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <LoadState source={store.points} empty={{ when: (points) => points.length === 0, description: t('groups.noPoints') }}>
      {(points) => <PointPicker points={points} value={value} onChange={onChange} id={id} />}
    </LoadState>
  );
});
