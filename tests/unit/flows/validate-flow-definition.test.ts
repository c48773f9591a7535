import { describe, expect, it } from 'vitest';
import type { FlowDefinition } from '../../../src/core/flows/flow-definition.ts';
import { validateFlowDefinition } from '../../../src/core/flows/validate-flow-definition.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';

const design: FormDesign = {
  version: 1,
  items: [
    { key: 'title', type: 'text', label: 'Title' },
    {
      key: 'costs',
      type: 'section',
      title: 'Costs',
      fields: [
        { key: 'cost', type: 'money', label: 'Estimated cost' },
        { key: 'priority', type: 'select', label: 'Priority', options: [{ value: 'urgent', label: 'Urgent' }, { value: 'routine', label: 'Routine' }] },
      ],
    },
    { key: 'note', type: 'description', label: 'Note', content: 'Fill in every part.' },
  ],
};

const approval = (id: string) => ({ id, type: 'approval', name: `Step ${id}`, assignees: [{ kind: 'manager' }], mode: 'any' });

const good: FlowDefinition = {
  version: 1,
  nodes: [
    { id: 'manager', type: 'approval', name: 'Manager', assignees: [{ kind: 'manager' }], mode: 'any' },
    {
      id: 'byCost',
      type: 'branch',
      name: 'By cost',
      branches: [
        { id: 'large', name: 'Large', condition: { all: [{ field: 'cost', op: 'gt', value: 5000 }, { field: 'priority', op: 'in', value: ['urgent'] }] }, nodes: [
          { id: 'finance', type: 'approval', name: 'Finance', assignees: [{ kind: 'role', roleId: 3 }, { kind: 'user', userId: 7 }], mode: 'all' },
        ] },
        { id: 'other', name: 'Otherwise', condition: null, nodes: [] },
      ],
    },
    { id: 'tell', type: 'cc', name: 'Tell the office', recipients: [{ kind: 'user', userId: 2 }] },
  ],
};

const paths = (flow: unknown) => validateFlowDefinition(flow, design).map((p) => `${p.path}: ${p.message}`);

describe('validateFlowDefinition', () => {
  it('accepts a flow with approvals, branches and CC', () => {
    expect(paths(good)).toEqual([]);
  });

  it.each([
    ['not an object', 'x', [': must be object']],
    ['a wrong version', { version: 2, nodes: [] }, ['version: must be equal to constant']],
    ['an unknown node type', { version: 1, nodes: [{ id: 'a', type: 'script', name: 'A' }] }, ['nodes[0].type: must be equal to one of the allowed values']],
    ['an approval without assignees', { version: 1, nodes: [{ ...approval('a'), assignees: [] }] }, ['nodes[0].assignees: must NOT have fewer than 1 items']],
    ['an unknown mode', { version: 1, nodes: [{ ...approval('a'), mode: 'most' }] }, ['nodes[0].mode: must be equal to one of the allowed values']],
    ['a bad id', { version: 1, nodes: [{ ...approval('1st') }] }, ['nodes[0].id: must match pattern "^[A-Za-z][A-Za-z0-9_-]{0,47}$"']],
    ['an unknown property', { version: 1, nodes: [{ ...approval('a'), script: 'x' }] }, ['nodes[0].script: is not an allowed field']],
    ['a role assignee without roleId', { version: 1, nodes: [{ ...approval('a'), assignees: [{ kind: 'role' }] }] }, ['nodes[0].assignees[0].roleId: is required']],
    ['a branch node with one branch', { version: 1, nodes: [approval('a'), { id: 'b', type: 'branch', name: 'B', branches: [{ id: 'x', name: 'X', condition: null, nodes: [] }] }] }, ['nodes[1].branches: must NOT have fewer than 2 items']],
    ['an unknown condition op', { version: 1, nodes: [approval('a'), { id: 'b', type: 'branch', name: 'B', branches: [
      { id: 'x', name: 'X', condition: { all: [{ field: 'cost', op: 'like', value: 1 }] }, nodes: [] },
      { id: 'y', name: 'Y', condition: null, nodes: [] },
    ] }] }, ['nodes[1].branches[0].condition.all[0].op: must be equal to one of the allowed values']],
  ])('refuses %s, naming the path', (_name, flow, expected) => {
    const found = paths(flow);
    for (const problem of expected) expect(found).toContain(problem);
  });

  it('needs at least one approval node', () => {
    expect(paths({ version: 1, nodes: [{ id: 'tell', type: 'cc', name: 'Tell', recipients: [{ kind: 'manager' }] }] })).toEqual([
      'nodes: needs at least one approval node',
    ]);
    expect(paths({ version: 1, nodes: [] })).toEqual(['nodes: needs at least one approval node']);
  });

  it('needs unique node and branch ids across the whole flow', () => {
    const flow = structuredClone(good) as { nodes: { branches?: { id: string; nodes: { id: string }[] }[] }[] };
    flow.nodes[1]!.branches![0]!.nodes[0]!.id = 'manager';
    flow.nodes[1]!.branches![1]!.id = 'byCost';
    expect(paths(flow).sort()).toEqual([
      'nodes[1].branches[0].nodes[0].id: duplicates the id of nodes[0]',
      'nodes[1].branches[1].id: duplicates the id of nodes[1]',
    ]);
  });

  it('branch conditions must name value fields of the form, sections included', () => {
    const flow = structuredClone(good) as { nodes: { branches?: { condition: unknown }[] }[] };
    flow.nodes[1]!.branches![0]!.condition = { any: [{ field: 'budget', op: 'gt', value: 1 }, { all: [{ field: 'note', op: 'notEmpty' }] }] };
    expect(paths(flow)).toEqual([
      'nodes[1].branches[0].condition: budget is not a field of the form',
      'nodes[1].branches[0].condition: note is not a field of the form',
    ]);
  });

  it('"otherwise" (no condition) may only be the last branch', () => {
    const flow = structuredClone(good) as { nodes: { branches?: { condition: unknown }[] }[] };
    flow.nodes[1]!.branches![0]!.condition = null;
    expect(paths(flow)).toEqual(['nodes[1].branches[0].condition: only the last branch may be "otherwise" (no condition)']);
  });

  it('limits how deep branches nest', () => {
    let inner: unknown[] = [approval('leaf')];
    for (let depth = 5; depth >= 1; depth--) {
      inner = [{ id: `b${depth}`, type: 'branch', name: `B${depth}`, branches: [
        { id: `y${depth}`, name: 'Yes', condition: { all: [{ field: 'cost', op: 'gt', value: depth }] }, nodes: inner },
        { id: `n${depth}`, name: 'No', condition: null, nodes: [] },
      ] }];
    }
    expect(paths({ version: 1, nodes: inner })).toEqual([
      'nodes[0].branches[0].nodes[0].branches[0].nodes[0].branches[0].nodes[0].branches[0].nodes[0]: branches nest deeper than 4 levels',
    ]);
  });
});
