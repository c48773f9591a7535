import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { sourceSaveBody, type DataSource } from '../../../core/contracts/follow-settings.ts';
import type { LocalText } from '../../../core/local-text.ts';
import { messageOf } from '../../api/error-message.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';
import { schemaRules } from '../../ui/schema-rules.ts';
import { useSave } from '../../ui/use-save.ts';
import type { SettingsApi } from './settings-api.ts';

interface SourceValues {
  key: string;
  name: LocalText;
  hierarchical: boolean;
}

/** Adds a list to the workspace (a key fixed once made, a name in each language), or renames one an administrator added. */
export function SourceDialog({
  api,
  workspaceCode,
  source,
  onDone,
  onClose,
}: {
  api: SettingsApi;
  workspaceCode: string;
  source: DataSource | null;
  onDone: (saved: DataSource) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('followSettings');
  const [form] = Form.useForm<SourceValues>();
  const { error, busy, save } = useSave(
    (values: SourceValues) => api.saveSource({ workspaceCode, key: values.key.trim(), name: values.name, hierarchical: values.hierarchical }),
    (saved) => {
      onDone(saved);
      onClose();
    },
    (failure) => messageOf(failure, t('source.saveFailed')),
  );
  return (
    <Modal
      open
      title={source ? t('source.renameTitle') : t('source.addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form<SourceValues>
        form={form}
        layout="vertical"
        initialValues={source ? { key: source.key, name: source.name ?? '', hierarchical: source.hierarchical } : { key: '', name: '', hierarchical: false }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="name" label={t('source.name')} rules={schemaRules(t, sourceSaveBody, 'name')}>
          <LocalTextInput maxLength={64} autoFocus data-testid="source-name" />
        </Form.Item>
        <Form.Item name="key" label={t('source.key')} extra={t('source.keyHelp')} rules={schemaRules(t, sourceSaveBody, 'key', t('source.keyInvalid'))}>
          <Input maxLength={32} dir="ltr" disabled={source !== null} data-testid="source-key" />
        </Form.Item>
        <Form.Item name="hierarchical" valuePropName="checked">
          <Checkbox disabled={source !== null}>{t('source.hierarchical')}</Checkbox>
        </Form.Item>
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Form>
    </Modal>
  );
}
