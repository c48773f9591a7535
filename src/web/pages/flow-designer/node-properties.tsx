import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Empty, Radio, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { FlowBranch, FlowNode } from '../../../core/flows/flow-definition.ts';
import { valueFields } from '../../../core/forms/form-design.ts';
import { ConditionBuilder } from '../../forms/condition-builder/condition-builder.tsx';
import { AssigneePicker } from './assignee-picker.tsx';
import { useRemoveNode } from './flow-canvas.tsx';
import type { FlowDesignerApi } from './flow-api.ts';
import { canRemoveBranch, findBranch, findBranchNode, findNode } from './flow-edits.ts';
import type { FlowDesignerStore } from './flow-designer-store.ts';
import { problemText } from './problem-text.ts';
import type { LocalText } from '../../../core/local-text.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';
import { useTextIn } from '../../i18n/local-text.ts';

interface PanelProps {
  store: FlowDesignerStore;
  api: FlowDesignerApi;
}

/** The selected node's or branch's properties, beside the canvas. */
export const NodeProperties = observer(function NodeProperties({ store, api }: PanelProps) {
  const { t } = useTranslation('forms');
  const selection = store.selection;
  const node = selection?.kind === 'node' ? findNode(store.flow, selection.id) : undefined;
  const branch = selection?.kind === 'branch' ? findBranch(store.flow, selection.id) : undefined;
  if (!node && !branch) return <Empty description={t('flow.selectHint')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const problems = store.problemsByTarget.get((node ?? branch)!.id) ?? [];
  return (
    <div className="flow-properties" data-testid="flow-properties">
      {problems.length > 0 && (
        <Alert type="warning" showIcon role="alert" title={t('flow.problems')} description={problems.map((p, i) => <div key={i}>{problemText(p, t)}</div>)} />
      )}
      {node ? <NodeForm store={store} api={api} node={node} /> : <BranchForm store={store} branch={branch!} />}
    </div>
  );
});

/** A step's or branch's name, in the reader's language and, through its pop-up, in every language. */
function NameInput({ id, value, onChange }: { id: string; value: LocalText; onChange: (name: LocalText) => void }) {
  const { t } = useTranslation('forms');
  return (
    <>
      <label htmlFor={id}>{t('flow.name')}</label>
      <LocalTextInput id={id} value={value} maxLength={80} onChange={onChange} />
    </>
  );
}

const NodeForm = observer(function NodeForm({ store, api, node }: PanelProps & { node: FlowNode }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const remove = useRemoveNode(store);
  const change = (patch: Partial<FlowNode>) => store.changeNode(node.id, (current) => ({ ...current, ...patch }) as FlowNode);
  const prefix = `node-${node.id}`;
  return (
    <>
      <Typography.Title level={5}>{t(`flow.type.${node.type}`)}</Typography.Title>
      <NameInput id={`${prefix}-name`} value={node.name} onChange={(name) => change({ name })} />
      {node.type === 'approval' && (
        <>
          <AssigneePicker store={store} api={api} id={`${prefix}-assignees`} value={node.assignees} onChange={(assignees) => change({ assignees })} />
          <Typography.Text strong>{t('flow.modeLabel')}</Typography.Text>
          <Radio.Group
            value={node.mode}
            onChange={(event) => change({ mode: event.target.value as 'any' | 'all' })}
            aria-label={t('flow.modeLabel')}
            options={[
              { value: 'any', label: t('flow.mode.any') },
              { value: 'all', label: t('flow.mode.all') },
            ]}
          />
        </>
      )}
      {node.type === 'cc' && <AssigneePicker store={store} api={api} id={`${prefix}-recipients`} value={node.recipients} onChange={(recipients) => change({ recipients })} />}
      {node.type === 'branch' && <Typography.Paragraph type="secondary">{t('flow.branchNodeHelp')}</Typography.Paragraph>}
      <Button danger icon={<DeleteOutlined />} onClick={() => remove(node)}>
        {t('flow.removeNode', { name: textOf(node.name) })}
      </Button>
    </>
  );
});

const BranchForm = observer(function BranchForm({ store, branch }: { store: FlowDesignerStore; branch: FlowBranch }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const owner = findBranchNode(store.flow, branch.id);
  const isLast = owner?.branches.at(-1)?.id === branch.id;
  const prefix = `branch-${branch.id}`;
  const change = (patch: Partial<FlowBranch>) => store.changeBranch(branch.id, (current) => ({ ...current, ...patch }));
  return (
    <>
      <Typography.Title level={5}>{t('flow.branch')}</Typography.Title>
      <NameInput id={`${prefix}-name`} value={branch.name} onChange={(name) => change({ name })} />
      <Checkbox
        id={`${prefix}-otherwise`}
        checked={branch.condition === null}
        disabled={branch.condition !== null && !isLast}
        onChange={(event) => change({ condition: event.target.checked ? null : { all: [] } })}
      >
        {t('flow.otherwiseLabel')}
      </Checkbox>
      {branch.condition !== null && (
        <ConditionBuilder idPrefix={prefix} value={branch.condition} fields={valueFields(store.design)} onChange={(condition) => change({ condition })} />
      )}
      <Button danger icon={<DeleteOutlined />} disabled={!canRemoveBranch(store.flow, branch.id)} onClick={() => store.removeBranch(branch.id)}>
        {t('flow.removeBranch', { name: textOf(branch.name) })}
      </Button>
      {!canRemoveBranch(store.flow, branch.id) && <Typography.Text type="secondary">{t('flow.twoBranchesNeeded')}</Typography.Text>}
    </>
  );
});
