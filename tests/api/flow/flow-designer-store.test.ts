import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalNode, BranchNode } from '../../../src/core/flows/flow-definition.ts';
import { textIn } from '../../../src/core/local-text.ts';
import { flowDesignerApi, type FlowDesignerApi } from '../../../src/web/pages/flow-designer/flow-api.ts';
import { FlowDesignerStore } from '../../../src/web/pages/flow-designer/flow-designer-store.ts';
import type { NewNodeNames } from '../../../src/web/pages/flow-designer/flow-edits.ts';
import { roleByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { webRequest } from '../../helpers/web-request.ts';

const NAMES: NewNodeNames = { approval: 'Approval', cc: 'CC', branch: 'By rent', condition: (n) => `Condition ${n}`, otherwise: 'Otherwise' };

/** The flow designer's store over the browser's request layer, against the real server. */
describe.each(testDialects())('flow designer store on %s', (dialect) => {
  let t: TestApp;
  let api: FlowDesignerApi;
  let formId: number;
  let roleId: number;
  const toasts: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const token = await t.signIn('admin', NORTHWIND);
    api = flowDesignerApi(webRequest(t, token, '/table/customerForm/flow', toasts));
    formId = (await api.forms(100)).list.find((f) => textIn(f.name, 'en') === 'Lease application')!.id;
    roleId = (await roleByCode(t, token, 'member')).id;
  });
  afterAll(() => t?.close());

  const opened = async () => {
    const store = new FlowDesignerStore(api, formId);
    await store.load();
    await store.roles.ensure();
    await store.members.ensure();
    return store;
  };

  it('loads the demo flow clean, adds a rent branch with a role approval and a CC, saves, and reads it back', async () => {
    const store = await opened();
    expect(store.source.status).toBe('ready');
    expect(store.hasSavedFlow).toBe(true);
    expect(store.problems).toEqual([]);
    expect(store.dirty).toBe(false);
    expect(store.roles.data!.map((r) => r.id)).toContain(roleId);
    expect(store.members.data!.length).toBeGreaterThan(0);

    const at = store.flow.nodes.length;
    store.insert(null, at, 'branch', NAMES);
    const branch = store.flow.nodes[at] as BranchNode;
    const [pricey, otherwise] = branch.branches;
    expect(otherwise!.condition).toBeNull();
    store.changeBranch(pricey!.id, (b) => ({ ...b, name: 'Rent over 20,000', condition: { all: [{ field: 'monthlyRent', op: 'gt', value: 20000 }] } }));
    store.insert(pricey!.id, 0, 'approval', NAMES);
    const approvalId = store.selection!.id;
    // An approval node without assignees is a problem on that node until someone is chosen.
    expect(store.problemsByTarget.get(approvalId)?.[0]?.path).toMatch(/assignees$/);
    store.changeNode(approvalId, (node) => ({ ...(node as ApprovalNode), assignees: [{ kind: 'role', roleId }], mode: 'all' }));
    store.insert(pricey!.id, 1, 'cc', NAMES);
    store.changeNode(store.selection!.id, (node) => ({ ...node, name: 'Tell the manager', recipients: [{ kind: 'manager' }] }));
    expect(store.problems).toEqual([]);
    expect(store.dirty).toBe(true);

    const revision = store.revision;
    expect(await store.save()).toBe(true);
    expect(store.revision).toBeGreaterThan(revision);
    expect(store.dirty).toBe(false);

    const again = await opened();
    expect(again.flow).toEqual(store.flow);
    const saved = again.flow.nodes[at] as BranchNode;
    expect(saved.branches[0]!.nodes.map((n) => n.type)).toEqual(['approval', 'cc']);
    expect(saved.branches[0]!.nodes[0]).toMatchObject({ assignees: [{ kind: 'role', roleId }], mode: 'all' });
  });

  it('reports a save over someone else’s as a conflict, and what the server refuses as such', async () => {
    const mine = await opened();
    const theirs = await opened();
    theirs.changeNode(theirs.flow.nodes[0]!.id, (node) => ({ ...node, name: 'First look' }));
    expect(await theirs.save()).toBe(true);

    mine.changeNode(mine.flow.nodes[0]!.id, (node) => ({ ...node, name: 'My look' }));
    expect(await mine.save()).toBe(false);
    expect(mine.saveFailure?.kind).toBe('conflict');
    expect(mine.dirty).toBe(true); // the edit stays until the user reloads
    await mine.load();
    expect(mine.flow.nodes[0]!.name).toBe('First look');

    // The same rule on the server: an approval node with nobody to ask is refused, naming it.
    mine.insert(null, 0, 'approval', NAMES);
    expect(mine.problems.length).toBeGreaterThan(0);
    expect(await mine.save()).toBe(false);
    expect(mine.saveFailure).toMatchObject({ kind: 'refused' });
    expect(mine.saveFailure!.message).toMatch(/flow\.nodes\[0\]\.assignees/);
    expect(toasts).toEqual([]);
  });

  it('removes the flow, and starts an empty canvas afterwards', async () => {
    const store = await opened();
    expect(await store.removeFlow()).toBe(true);
    expect(store.hasSavedFlow).toBe(false);
    expect(store.flow.nodes).toEqual([]);
    expect(store.dirty).toBe(false);
    const again = await opened();
    expect(again.hasSavedFlow).toBe(false);
    // An empty flow is not one: it needs an approval node before it can be saved, which the
    // canvas says once something is drawn, not on opening.
    expect(again.allProblems.map((p) => p.message)).toEqual(['needs at least one approval node']);
    expect(again.problems).toEqual([]);
    again.insert(null, 0, 'cc', NAMES);
    expect(again.problems.length).toBeGreaterThan(0);
  });
});
