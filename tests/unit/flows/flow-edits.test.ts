import { describe, expect, it } from 'vitest';
import type { ApprovalNode, BranchNode, FlowDefinition } from '../../../src/core/flows/flow-definition.ts';
import { validateFlowDefinition } from '../../../src/core/flows/validate-flow-definition.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import {
  addBranch,
  canRemoveBranch,
  EMPTY_FLOW,
  findBranch,
  findNode,
  freeId,
  insertNode,
  moveBranch,
  newBranch,
  newNode,
  problemsByTarget,
  removeBranch,
  removeNode,
  updateBranch,
  updateNode,
  type NewNodeNames,
} from '../../../src/web/pages/flow-designer/flow-edits.ts';

const NAMES: NewNodeNames = { approval: 'Approval', cc: 'CC', branch: 'By cost', condition: (n) => `Condition ${n}`, otherwise: 'Otherwise' };
const DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary' },
    { key: 'cost', type: 'money', label: 'Cost' },
  ],
};

/** Deep-frozen, so an edit that changed its input would throw. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(frozen);
    Object.freeze(value);
  }
  return value;
}

const manager = (flow: FlowDefinition, id: string) =>
  updateNode(flow, id, (node) => ({ ...(node as ApprovalNode), assignees: [{ kind: 'manager' }] }));

/** Manager review, then a branch on cost: finance over 5,000, otherwise nothing; then a CC. */
function built(): FlowDefinition {
  let flow = frozen(EMPTY_FLOW);
  flow = insertNode(flow, null, 0, newNode(flow, 'approval', NAMES));
  flow = manager(flow, 'approval1');
  const branch = newNode(flow, 'branch', NAMES) as BranchNode;
  flow = insertNode(flow, null, 1, branch);
  const [costly] = branch.branches;
  flow = updateBranch(flow, costly!.id, (b) => ({ ...b, condition: { all: [{ field: 'cost', op: 'gt', value: 5000 }] } }));
  flow = insertNode(flow, costly!.id, 0, newNode(flow, 'approval', NAMES));
  flow = updateNode(flow, 'approval2', (node) => ({ ...(node as ApprovalNode), assignees: [{ kind: 'role', roleId: 3 }], mode: 'all' }));
  const cc = newNode(flow, 'cc', NAMES);
  flow = insertNode(flow, null, 2, cc);
  return updateNode(flow, cc.id, (node) => ({ ...node, recipients: [{ kind: 'user', userId: 7 }] }));
}

describe('flow canvas edits', () => {
  it('builds a flow step by step into a valid definition, never changing what it was given', () => {
    const flow = built();
    expect(validateFlowDefinition(flow, DESIGN)).toEqual([]);
    expect(flow.nodes.map((n) => `${n.type}:${n.id}`)).toEqual(['approval:approval1', 'branch:branch1', 'cc:cc1']);
    const branch = flow.nodes[1] as BranchNode;
    expect(branch.branches.map((b) => [b.id, b.condition === null])).toEqual([
      ['condition1', false],
      ['otherwise1', true],
    ]);
    expect(branch.branches[0]!.nodes.map((n) => n.id)).toEqual(['approval2']);
  });

  it('gives new nodes free ids and names, a new branch node a condition and "otherwise"', () => {
    const flow = built();
    expect(freeId(flow, 'approval')).toBe('approval3');
    const node = newNode(flow, 'branch', NAMES) as BranchNode;
    expect(node.id).toBe('branch2');
    expect(node.branches.map((b) => [b.id, b.name, b.condition])).toEqual([
      ['condition2', 'Condition 1', { all: [] }],
      ['otherwise2', 'Otherwise', null],
    ]);
  });

  it('inserts at the start, middle and end of a branch list; indexes out of range clamp', () => {
    const before = frozen(built());
    let flow = insertNode(before, 'otherwise1', 99, { id: 'late', type: 'cc', name: 'Late', recipients: [{ kind: 'manager' }] });
    flow = insertNode(flow, 'otherwise1', -3, { id: 'early', type: 'cc', name: 'Early', recipients: [{ kind: 'manager' }] });
    flow = insertNode(flow, 'otherwise1', 1, { id: 'mid', type: 'cc', name: 'Mid', recipients: [{ kind: 'manager' }] });
    expect(findBranch(flow, 'otherwise1')!.nodes.map((n) => n.id)).toEqual(['early', 'mid', 'late']);
    // The other lists are the same objects as before: only the path to the change is new.
    expect(findBranch(flow, 'condition1')).toBe(findBranch(before, 'condition1'));
    expect(flow.nodes[0]).toBe(before.nodes[0]);
    expect(validateFlowDefinition(flow, DESIGN)).toEqual([]);
  });

  it('removes a node anywhere, and a branch node with everything in it', () => {
    const flow = frozen(built());
    const withoutInner = removeNode(flow, 'approval2');
    expect(findNode(withoutInner, 'approval2')).toBeUndefined();
    expect(findBranch(withoutInner, 'condition1')!.nodes).toEqual([]);
    const withoutBranch = removeNode(flow, 'branch1');
    expect(withoutBranch.nodes.map((n) => n.id)).toEqual(['approval1', 'cc1']);
    expect(findNode(withoutBranch, 'approval2')).toBeUndefined();
    expect(removeNode(flow, 'nothing')).toBe(flow);
  });

  it('adds branches before "otherwise", reorders them, and keeps at least two', () => {
    let flow = frozen(built());
    const extra = newBranch(flow, 'branch1', NAMES);
    expect(extra).toEqual({ id: 'condition2', name: 'Condition 2', condition: { all: [] }, nodes: [] });
    flow = addBranch(flow, 'branch1', extra);
    flow = updateBranch(flow, extra.id, (b) => ({ ...b, condition: { any: [{ field: 'summary', op: 'contains', value: 'roof' }] } }));
    const ids = () => (findNode(flow, 'branch1') as BranchNode).branches.map((b) => b.id);
    expect(ids()).toEqual(['condition1', 'condition2', 'otherwise1']);

    flow = moveBranch(flow, 'condition2', -1);
    expect(ids()).toEqual(['condition2', 'condition1', 'otherwise1']);
    expect(moveBranch(flow, 'condition2', -1)).toBe(flow);
    flow = moveBranch(flow, 'otherwise1', -1);
    expect(ids()).toEqual(['condition2', 'otherwise1', 'condition1']);
    // "Otherwise" before a conditional branch is a problem, shown on that branch.
    const problems = validateFlowDefinition(flow, DESIGN);
    expect(problemsByTarget(flow, problems).get('otherwise1')?.[0]?.message).toMatch(/only the last branch/);

    expect(canRemoveBranch(flow, 'condition2')).toBe(true);
    flow = removeBranch(flow, 'condition2');
    expect(ids()).toEqual(['otherwise1', 'condition1']);
    expect(canRemoveBranch(flow, 'condition1')).toBe(false);
    expect(removeBranch(flow, 'condition1')).toBe(flow);
  });

  it('places each problem on the node or branch its path lies in, the rest on the flow', () => {
    let flow = built();
    flow = updateNode(flow, 'approval2', (node) => ({ ...(node as ApprovalNode), assignees: [] }));
    flow = updateBranch(flow, 'condition1', (b) => ({ ...b, condition: { all: [{ field: 'budget', op: 'gt', value: 1 }] } }));
    flow = removeNode(flow, 'approval1');
    const byTarget = problemsByTarget(flow, [...validateFlowDefinition(flow, DESIGN), { path: 'nodes', key: 'invalid', params: {}, message: 'whole flow' }]);
    expect(byTarget.get('approval2')?.map((p) => p.path)).toEqual(['nodes[0].branches[0].nodes[0].assignees']);
    expect(byTarget.get('')?.map((p) => p.message)).toEqual(['whole flow']);
    // Once the assignee is back, the unknown field is the branch's problem.
    flow = manager(flow, 'approval2');
    expect([...problemsByTarget(flow, validateFlowDefinition(flow, DESIGN))]).toEqual([
      ['condition1', [{ path: 'nodes[0].branches[0].condition', key: 'conditionUnknownField', params: { field: 'budget' }, message: 'budget is not a field of the form' }]],
    ]);
  });

  it('keeps ids when a change would rename them', () => {
    const flow = updateNode(built(), 'cc1', (node) => ({ ...node, id: 'other', name: 'Tell finance' }));
    expect(findNode(flow, 'cc1')?.name).toBe('Tell finance');
    expect(updateBranch(flow, 'condition1', (b) => ({ ...b, id: 'x' })).nodes[1]).toMatchObject({ branches: [{ id: 'condition1' }, { id: 'otherwise1' }] });
  });
});
