import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, ExclamationCircleFilled, PlusOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignee, BranchNode, FlowBranch, FlowNode } from '../../../core/flows/flow-definition.ts';
import type { FlowProblem } from '../../../core/flows/validate-flow-definition.ts';
import { canRemoveBranch, type ListOwner } from './flow-edits.ts';
import type { FlowDesignerStore } from './flow-designer-store.ts';
import { newNodeNames } from './new-node-names.ts';
import { problemText } from './problem-text.ts';
import { useTextIn } from '../../i18n/local-text.ts';

interface CanvasProps {
  store: FlowDesignerStore;
}

/** The flow drawn top to bottom: start, the nodes with a "+" between each two, branches side by side, end. */
export const FlowCanvas = observer(function FlowCanvas({ store }: CanvasProps) {
  const { t } = useTranslation('forms');
  return (
    <div className="flow-canvas" data-testid="flow-canvas">
      <div className="flow-terminal flow-start">{t('flow.start')}</div>
      <NodeList store={store} owner={null} nodes={store.flow.nodes} />
      <div className="flow-terminal flow-end">{t('flow.end')}</div>
    </div>
  );
});

const NodeList = observer(function NodeList({ store, owner, nodes }: CanvasProps & { owner: ListOwner; nodes: readonly FlowNode[] }) {
  return (
    <div className="flow-list">
      <AddNode store={store} owner={owner} index={0} />
      {nodes.map((node, index) => (
        <div className="flow-list-item" key={node.id}>
          {node.type === 'branch' ? <BranchBlock store={store} node={node} /> : <NodeCard store={store} node={node} />}
          <AddNode store={store} owner={owner} index={index + 1} />
        </div>
      ))}
    </div>
  );
});

/** The "+" on the line between two steps: a menu of the node types to insert there. */
function AddNode({ store, owner, index }: CanvasProps & { owner: ListOwner; index: number }) {
  const { t } = useTranslation('forms');
  const names = newNodeNames(t);
  const insert = (type: FlowNode['type']) => store.insert(owner, index, type, names);
  return (
    <div className="flow-add">
      <Dropdown
        trigger={['click']}
        menu={{
          items: (['approval', 'cc', 'branch'] as const).map((type) => ({ key: type, label: t(`flow.type.${type}`), 'data-testid': `add-${type}` })),
          onClick: ({ key }) => insert(key as FlowNode['type']),
        }}
      >
        <Button shape="circle" size="small" type="primary" icon={<PlusOutlined />} aria-label={t('flow.addHere')} data-testid={`add-node-${owner ?? 'root'}-${index}`} />
      </Dropdown>
    </div>
  );
}

/** A focusable card: Enter (or a click) opens its properties, Delete asks to remove it. */
function SelectableCard({
  store,
  kind,
  id,
  title,
  className,
  children,
  onDelete,
  deleteLabel,
}: CanvasProps & { kind: 'node' | 'branch'; id: string; title: ReactNode; className: string; children: ReactNode; onDelete?: () => void; deleteLabel: string }) {
  const { t } = useTranslation('forms');
  const problems: FlowProblem[] = store.problemsByTarget.get(id) ?? [];
  const selected = store.selection?.id === id;
  const open = () => store.select({ kind, id });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && onDelete) {
      event.preventDefault();
      onDelete();
    }
  };
  return (
    <div
      className={`flow-card ${className}${selected ? ' is-selected' : ''}${problems.length ? ' has-problem' : ''}`}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      data-testid={`flow-${kind}-${id}`}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <div className="flow-card-title">
        <span className="flow-card-name">{title}</span>
        {onDelete && (
          <Button
            className="flow-card-delete"
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={deleteLabel}
            tabIndex={-1}
            onClick={(event) => {
              event.stopPropagation();
              onDelete();
            }}
          />
        )}
      </div>
      <div className="flow-card-body">{children}</div>
      {problems.length > 0 && (
        <ul className="flow-card-problems" aria-label={t('flow.problems')}>
          {problems.map((problem, i) => (
            <li key={i}>
              <ExclamationCircleFilled /> {problemText(problem, t)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Asks, then removes the node (a branch node with everything in its branches). */
export function useRemoveNode(store: FlowDesignerStore) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const { modal } = App.useApp();
  return (node: FlowNode) => {
    modal.confirm({
      title: t('flow.removeNodeTitle', { name: textOf(node.name) }),
      content: node.type === 'branch' ? t('flow.removeBranchNodeContent') : undefined,
      okText: t('flow.remove'),
      okButtonProps: { danger: true },
      cancelText: t('flow.cancel'),
      onOk: () => store.remove(node.id),
    });
  };
}

const NodeCard = observer(function NodeCard({ store, node }: CanvasProps & { node: Exclude<FlowNode, BranchNode> }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const remove = useRemoveNode(store);
  const people = node.type === 'approval' ? node.assignees : node.recipients;
  return (
    <SelectableCard
      store={store}
      kind="node"
      id={node.id}
      className={`flow-node flow-node-${node.type}`}
      title={
        <>
          <span className="flow-card-type">{t(`flow.type.${node.type}`)}</span> <bdi>{textOf(node.name)}</bdi>
        </>
      }
      onDelete={() => remove(node)}
      deleteLabel={t('flow.removeNode', { name: textOf(node.name) })}
    >
      {people.length ? <AssigneeSummary store={store} people={people} /> : <span className="flow-card-missing">{t(node.type === 'approval' ? 'flow.noAssignees' : 'flow.noRecipients')}</span>}
      {node.type === 'approval' && people.length > 1 && <div className="flow-card-mode">{t(`flow.mode.${node.mode}`)}</div>}
    </SelectableCard>
  );
});

/** "Alice, Finance (role), submitter's manager", from the directory as loaded. */
export const AssigneeSummary = observer(function AssigneeSummary({ store, people }: CanvasProps & { people: readonly Assignee[] }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const text = people
    .map((person) => {
      if (person.kind === 'manager') return t('flow.assignee.manager');
      if (person.kind === 'role') return t('flow.assignee.roleNamed', { name: textOf(store.roles.data?.find((r) => r.id === person.roleId)?.name) || `#${person.roleId}` });
      return store.members.data?.find((m) => m.id === person.userId)?.name ?? `#${person.userId}`;
    })
    .join(t('flow.listSeparator'));
  return <span className="flow-card-people">{text}</span>;
});

const BranchBlock = observer(function BranchBlock({ store, node }: CanvasProps & { node: BranchNode }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const remove = useRemoveNode(store);
  return (
    <div className="flow-branch-block">
      <div className="flow-branch-head">
        <SelectableCard
          store={store}
          kind="node"
          id={node.id}
          className="flow-node flow-node-branch"
          title={
            <>
              <span className="flow-card-type">{t('flow.type.branch')}</span> <bdi>{textOf(node.name)}</bdi>
            </>
          }
          onDelete={() => remove(node)}
          deleteLabel={t('flow.removeNode', { name: textOf(node.name) })}
        >
          <Button size="small" icon={<PlusOutlined />} onClick={(event) => (event.stopPropagation(), store.addBranch(node.id, newNodeNames(t)))} data-testid={`add-branch-${node.id}`}>
            {t('flow.addBranch')}
          </Button>
        </SelectableCard>
      </div>
      <div className="flow-branches">
        {node.branches.map((branch, index) => (
          <div className="flow-branch-column" key={branch.id}>
            <BranchCard store={store} node={node} branch={branch} index={index} />
            <NodeList store={store} owner={branch.id} nodes={branch.nodes} />
          </div>
        ))}
      </div>
    </div>
  );
});

const BranchCard = observer(function BranchCard({ store, node, branch, index }: CanvasProps & { node: BranchNode; branch: FlowBranch; index: number }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const removable = canRemoveBranch(store.flow, branch.id);
  const count = branch.condition ? [...(branch.condition.all ?? []), ...(branch.condition.any ?? [])].length : 0;
  return (
    <SelectableCard
      store={store}
      kind="branch"
      id={branch.id}
      className="flow-branch-card"
      title={<bdi>{textOf(branch.name)}</bdi>}
      onDelete={removable ? () => store.removeBranch(branch.id) : undefined}
      deleteLabel={t('flow.removeBranch', { name: textOf(branch.name) })}
    >
      <div className="flow-card-people">{branch.condition === null ? t('flow.otherwise') : t('flow.conditionCount', { count })}</div>
      <div className="flow-branch-priority">
        <span>{t('flow.priority', { n: index + 1 })}</span>
        <Tooltip title={t('flow.moveEarlier')}>
          <Button
            size="small"
            type="text"
            className="flow-move-earlier"
            icon={<ArrowLeftOutlined />}
            aria-label={t('flow.moveEarlier')}
            disabled={index === 0}
            onClick={(event) => (event.stopPropagation(), store.moveBranch(branch.id, -1))}
          />
        </Tooltip>
        <Tooltip title={t('flow.moveLater')}>
          <Button
            size="small"
            type="text"
            className="flow-move-later"
            icon={<ArrowRightOutlined />}
            aria-label={t('flow.moveLater')}
            disabled={index === node.branches.length - 1}
            onClick={(event) => (event.stopPropagation(), store.moveBranch(branch.id, 1))}
          />
        </Tooltip>
      </div>
    </SelectableCard>
  );
});
