import { Alert, Form, Input, Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { OPTION_CODE_MAX, optionSaveBody, type DataSourceOption } from '../../../core/contracts/follow-settings.ts';
import type { LocalText } from '../../../core/local-text.ts';
import { subtreeOf } from '../../../core/follow-settings/option-tree.ts';
import { messageOf } from '../../api/error-message.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';
import { schemaRules } from '../../ui/schema-rules.ts';
import { useSave } from '../../ui/use-save.ts';
import type { SettingsApi } from './settings-api.ts';
import { useSettingsTexts } from './settings-texts.ts';
import type { SourceStore } from './source-store.ts';

interface OptionValues {
  code: string;
  label: LocalText;
  parentId: number | null;
}

interface TreeNode {
  value: number;
  title: string;
  disabled: boolean;
  children: TreeNode[];
}

/**
 * Adds an option (under `parentId`) or changes one: its code, its label in each language and,
 * in a hierarchical list, the option it sits under (not itself, nor one below it, nor a retired one).
 */
export const OptionDialog = observer(function OptionDialog({
  api,
  store,
  option,
  parentId,
  onClose,
}: {
  api: SettingsApi;
  store: SourceStore;
  option: DataSourceOption | null;
  parentId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('followSettings');
  const { textIn } = useSettingsTexts();
  const [form] = Form.useForm<OptionValues>();
  const hierarchical = store.source?.hierarchical ?? false;
  const options = useMemo(() => store.options.data ?? [], [store.options.data]);

  // The tree the option may move into: its own subtree and retired options cannot take it.
  const parents = useMemo(() => {
    const blocked = new Set(option ? subtreeOf(options, option.id) : []);
    const nodes = new Map<number, TreeNode>(options.map((each) => [each.id, { value: each.id, title: textIn(each.label), disabled: each.retired || blocked.has(each.id), children: [] }]));
    const roots: TreeNode[] = [];
    for (const each of store.rows.map((row) => row.option)) {
      const node = nodes.get(each.id)!;
      const parent = each.parentId === null ? undefined : nodes.get(each.parentId);
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }, [options, option, store.rows, textIn]);

  const { error, busy, save } = useSave(
    (values: OptionValues) =>
      api.saveOption({
        workspaceCode: store.workspaceCode,
        source: store.picked!,
        ...(option ? { id: option.id, revision: option.revision, sort: option.sort } : { sort: store.nextSort(values.parentId ?? null) }),
        code: values.code.trim(),
        label: values.label,
        parentId: hierarchical ? (values.parentId ?? null) : null,
      }),
    () => {
      void store.reload();
      onClose();
    },
    (failure) => messageOf(failure, t('option.saveFailed')),
  );

  return (
    <Modal
      open
      title={option ? t('option.editTitle', { name: textIn(option.label) }) : t('option.addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="option-dialog"
    >
      <Form<OptionValues>
        form={form}
        layout="vertical"
        initialValues={option ? { code: option.code, label: option.label, parentId: option.parentId } : { code: '', label: '', parentId }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="label" label={t('option.label')} rules={schemaRules(t, optionSaveBody, 'label')}>
          <LocalTextInput maxLength={120} autoFocus data-testid="option-label" />
        </Form.Item>
        <Form.Item name="code" label={t('option.code')} extra={t('option.codeHelp')} rules={schemaRules(t, optionSaveBody, 'code', t('option.codeInvalid'))}>
          <Input maxLength={OPTION_CODE_MAX} dir="ltr" data-testid="option-code" />
        </Form.Item>
        {hierarchical && (
          <Form.Item name="parentId" label={t('option.parent')} extra={t('option.parentHelp')}>
            <TreeSelect<number | null>
              allowClear
              treeDefaultExpandAll
              treeData={parents}
              placeholder={t('option.top')}
              showSearch={{ treeNodeFilterProp: 'title' }}
              data-testid="option-parent"
            />
          </Form.Item>
        )}
        {error && <Alert type="error" showIcon role="alert" title={error} />}
      </Form>
    </Modal>
  );
});
