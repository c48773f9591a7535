/**
 * Edits of a flow definition as the canvas makes them: each takes a definition and answers a
 * new one, leaving the given one untouched (MobX and the undo of a failed save rely on it).
 * Nodes and branches are addressed by id, which the definition keeps unique.
 */
import { walkFlowNodes, type BranchNode, type FlowBranch, type FlowDefinition, type FlowNode } from '../../../core/flows/flow-definition.ts';
import type { FlowProblem } from '../../../core/flows/validate-flow-definition.ts';

/** Which node list: the flow's own (null) or the one of the branch with this id. */
export type ListOwner = string | null;

export const EMPTY_FLOW: FlowDefinition = { version: 1, nodes: [] };

/** Applies `edit` to every node list, innermost first; lists it leaves alone keep their identity. */
function mapLists(flow: FlowDefinition, edit: (nodes: FlowNode[], owner: ListOwner) => FlowNode[]): FlowDefinition {
  const visit = (nodes: FlowNode[], owner: ListOwner): FlowNode[] => {
    let changed = false;
    const inner = nodes.map((node) => {
      if (node.type !== 'branch') return node;
      let branchChanged = false;
      const branches = node.branches.map((branch) => {
        const next = visit(branch.nodes, branch.id);
        if (next === branch.nodes) return branch;
        branchChanged = true;
        return { ...branch, nodes: next };
      });
      if (!branchChanged) return node;
      changed = true;
      return { ...node, branches };
    });
    return edit(changed ? inner : nodes, owner);
  };
  const nodes = visit(flow.nodes, null);
  return nodes === flow.nodes ? flow : { ...flow, nodes };
}

/** Applies `edit` to the branch node holding the branch (or being the node) of that id. */
function mapBranchNode(flow: FlowDefinition, matches: (node: BranchNode) => boolean, edit: (node: BranchNode) => BranchNode): FlowDefinition {
  return mapLists(flow, (nodes) => {
    const at = nodes.findIndex((node) => node.type === 'branch' && matches(node));
    if (at < 0) return nodes;
    const node = nodes[at] as BranchNode;
    const edited = edit(node);
    return edited === node ? nodes : nodes.with(at, edited);
  });
}

const holdsBranch = (branchId: string) => (node: BranchNode) => node.branches.some((b) => b.id === branchId);

export function insertNode(flow: FlowDefinition, owner: ListOwner, index: number, node: FlowNode): FlowDefinition {
  return mapLists(flow, (nodes, at) => (at === owner ? nodes.toSpliced(Math.max(0, Math.min(index, nodes.length)), 0, node) : nodes));
}

/** Removes the node (a branch node with all its branches). */
export function removeNode(flow: FlowDefinition, nodeId: string): FlowDefinition {
  return mapLists(flow, (nodes) => (nodes.some((n) => n.id === nodeId) ? nodes.filter((n) => n.id !== nodeId) : nodes));
}

/** Replaces the node of that id with what `change` makes of it; its id stays. */
export function updateNode(flow: FlowDefinition, nodeId: string, change: (node: FlowNode) => FlowNode): FlowDefinition {
  return mapLists(flow, (nodes) => {
    const at = nodes.findIndex((n) => n.id === nodeId);
    return at < 0 ? nodes : nodes.with(at, { ...change(nodes[at]!), id: nodeId });
  });
}

/** Adds a branch before the "otherwise" branch when the last one is that, else at the end. */
export function addBranch(flow: FlowDefinition, branchNodeId: string, branch: FlowBranch): FlowDefinition {
  return mapBranchNode(flow, (node) => node.id === branchNodeId, (node) => {
    const last = node.branches.at(-1);
    const at = last && last.condition === null ? node.branches.length - 1 : node.branches.length;
    return { ...node, branches: node.branches.toSpliced(at, 0, branch) };
  });
}

/** Fewer than two branches is no longer a choice: the branch node must then be removed whole. */
export function canRemoveBranch(flow: FlowDefinition, branchId: string): boolean {
  const node = findBranchNode(flow, branchId);
  return node !== undefined && node.branches.length > 2;
}

export function removeBranch(flow: FlowDefinition, branchId: string): FlowDefinition {
  if (!canRemoveBranch(flow, branchId)) return flow;
  return mapBranchNode(flow, holdsBranch(branchId), (node) => ({ ...node, branches: node.branches.filter((b) => b.id !== branchId) }));
}

/** Moves the branch one place earlier (-1: higher priority) or later (+1); at an end, nothing moves. */
export function moveBranch(flow: FlowDefinition, branchId: string, delta: -1 | 1): FlowDefinition {
  return mapBranchNode(flow, holdsBranch(branchId), (node) => {
    const from = node.branches.findIndex((b) => b.id === branchId);
    const to = from + delta;
    if (to < 0 || to >= node.branches.length) return node;
    const branches = [...node.branches];
    [branches[from], branches[to]] = [branches[to]!, branches[from]!];
    return { ...node, branches };
  });
}

export function updateBranch(flow: FlowDefinition, branchId: string, change: (branch: FlowBranch) => FlowBranch): FlowDefinition {
  return mapBranchNode(flow, holdsBranch(branchId), (node) => ({
    ...node,
    branches: node.branches.map((b) => (b.id === branchId ? { ...change(b), id: branchId } : b)),
  }));
}

export function findBranchNode(flow: FlowDefinition, branchId: string): BranchNode | undefined {
  for (const { node } of walkFlowNodes(flow.nodes)) {
    if (node.type === 'branch' && node.branches.some((b) => b.id === branchId)) return node;
  }
  return undefined;
}

export function findNode(flow: FlowDefinition, nodeId: string): FlowNode | undefined {
  for (const { node } of walkFlowNodes(flow.nodes)) if (node.id === nodeId) return node;
  return undefined;
}

export function findBranch(flow: FlowDefinition, branchId: string): FlowBranch | undefined {
  return findBranchNode(flow, branchId)?.branches.find((b) => b.id === branchId);
}

/** Every node and branch id in use. */
export function idsOf(flow: FlowDefinition): Set<string> {
  const ids = new Set<string>();
  for (const { node } of walkFlowNodes(flow.nodes)) {
    ids.add(node.id);
    if (node.type === 'branch') for (const b of node.branches) ids.add(b.id);
  }
  return ids;
}

/** The first free id of the form `${prefix}${n}`, e.g. approval3. */
export function freeId(flow: FlowDefinition, prefix: string, taken: ReadonlySet<string> = idsOf(flow)): string {
  let n = 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/** Names a new node and its branches are given (translated by the screen). */
export interface NewNodeNames {
  approval: string;
  cc: string;
  branch: string;
  /** The n-th conditional branch. */
  condition: (n: number) => string;
  otherwise: string;
}

/** A new node of the type with fresh ids: an approval or CC node waiting for people, a branch node with one condition and "otherwise". */
export function newNode(flow: FlowDefinition, type: FlowNode['type'], names: NewNodeNames): FlowNode {
  const taken = idsOf(flow);
  const claim = (prefix: string) => {
    const id = freeId(flow, prefix, taken);
    taken.add(id);
    return id;
  };
  if (type === 'approval') return { id: claim('approval'), type, name: names.approval, assignees: [], mode: 'any' };
  if (type === 'cc') return { id: claim('cc'), type, name: names.cc, recipients: [] };
  return {
    id: claim('branch'),
    type,
    name: names.branch,
    branches: [
      { id: claim('condition'), name: names.condition(1), condition: { all: [] }, nodes: [] },
      { id: claim('otherwise'), name: names.otherwise, condition: null, nodes: [] },
    ],
  };
}

/** A new conditional branch for the branch node. */
export function newBranch(flow: FlowDefinition, branchNodeId: string, names: NewNodeNames): FlowBranch {
  const node = findNode(flow, branchNodeId);
  const count = node?.type === 'branch' ? node.branches.length : 1;
  return { id: freeId(flow, 'condition'), name: names.condition(count), condition: { all: [] }, nodes: [] };
}

/**
 * Problems by the node or branch id they concern (the deepest one their path lies in); those
 * of the flow as a whole under ''.
 */
export function problemsByTarget(flow: FlowDefinition, problems: readonly FlowProblem[]): Map<string, FlowProblem[]> {
  const idOfPath = new Map<string, string>();
  for (const { node, path } of walkFlowNodes(flow.nodes)) {
    idOfPath.set(path, node.id);
    if (node.type === 'branch') node.branches.forEach((b, i) => idOfPath.set(`${path}.branches[${i}]`, b.id));
  }
  const byTarget = new Map<string, FlowProblem[]>();
  for (const problem of problems) {
    let path = problem.path;
    while (path && !idOfPath.has(path)) {
      const parent = path.replace(/(\.[^.[]+|\[\d+\])$/, '');
      path = parent === path ? '' : parent;
    }
    const target = idOfPath.get(path) ?? '';
    byTarget.set(target, [...(byTarget.get(target) ?? []), problem]);
  }
  return byTarget;
}
