import type { FLOW_DEFINITION_VERSION } from '../config-versions/flow-definition-versions.ts';
import type { ConditionGroup } from '../forms/form-design.ts';
import type { LocalText } from '../local-text.ts';

/** Who an approval or CC node reaches; resolved to users when the flow enters the node. */
export type Assignee =
  | { kind: 'user'; userId: number }
  | { kind: 'role'; roleId: number }
  /** The submitter's manager (org data: their own manager, else their department's). */
  | { kind: 'manager' };

export interface ApprovalNode {
  id: string;
  type: 'approval';
  name: LocalText;
  assignees: Assignee[];
  /** 'any': the first approval completes the node; 'all': every assignee must approve. */
  mode: 'any' | 'all';
}

export interface CcNode {
  id: string;
  type: 'cc';
  name: LocalText;
  recipients: Assignee[];
}

export interface FlowBranch {
  id: string;
  name: LocalText;
  /** Null: taken when no earlier branch's condition holds ("otherwise"). */
  condition: ConditionGroup | null;
  nodes: FlowNode[];
}

export interface BranchNode {
  id: string;
  type: 'branch';
  name: LocalText;
  branches: FlowBranch[];
}

export type FlowNode = ApprovalNode | CcNode | BranchNode;

/** Start and end are implicit: the nodes run in order, branches nest their own lists. */
export interface FlowDefinition {
  /** The version of this format (src/core/config-versions). */
  version: typeof FLOW_DEFINITION_VERSION;
  nodes: FlowNode[];
}

/** The ajv options of the flow meta-schema, for the server's compile and the browser's build-time code alike. */
export const FLOW_AJV_OPTIONS = { allErrors: true, useDefaults: false } as const;

/** Node and branch ids: short and stable, so timelines and field permissions can name them. */
export const FLOW_ID_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,47}$';

/** Every node of the definition, depth first, with the path that names it in problems. */
export function* walkFlowNodes(nodes: readonly FlowNode[], path = 'nodes'): Generator<{ node: FlowNode; path: string }> {
  for (const [i, node] of nodes.entries()) {
    const nodePath = `${path}[${i}]`;
    yield { node, path: nodePath };
    if (node.type === 'branch') {
      for (const [b, branch] of node.branches.entries()) yield* walkFlowNodes(branch.nodes, `${nodePath}.branches[${b}].nodes`);
    }
  }
}

/** The approval node of that id, wherever it sits. */
export function findApprovalNode(definition: FlowDefinition, nodeId: string): ApprovalNode | undefined {
  for (const { node } of walkFlowNodes(definition.nodes)) {
    if (node.id === nodeId && node.type === 'approval') return node;
  }
  return undefined;
}

/** The approval nodes in the order they appear, for pickers (field permissions, reject to node). */
export function approvalNodesOf(definition: FlowDefinition): ApprovalNode[] {
  return [...walkFlowNodes(definition.nodes)].map((n) => n.node).filter((n): n is ApprovalNode => n.type === 'approval');
}
