import type { ValidateFunction } from 'ajv';
import flowSchema from '../../../schemas/meta/flow.schema.json';
import { conditionFields } from '../forms/conditions.ts';
import { valueFields, type FormDesign } from '../forms/form-design.ts';
import { createAjv } from '../validation/ajv.ts';
import { problem, problemsOfAjvErrors, type Problem } from '../validation/problems.ts';
import { FLOW_AJV_OPTIONS, walkFlowNodes, type FlowDefinition } from './flow-definition.ts';

/** A problem in a flow definition, e.g. `{ path: 'nodes[1].branches[0].condition', key: 'conditionUnknownField', params: { field: 'cost' }, … }`. */
export type FlowProblem = Problem;

/** Branches may nest, but a flow deeper than this is no longer readable in the designer. */
export const FLOW_MAX_BRANCH_DEPTH = 4;

/**
 * Rules of a flow that its shape already satisfies: unique ids, at least one approval node,
 * branch conditions naming value fields of the form, "otherwise" only as the last branch, a
 * bounded nesting. Pure, so the browser's flow designer runs it as the user edits.
 */
export function flowStructureProblems(flow: FlowDefinition, design: FormDesign): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const fieldKeys = new Set(valueFields(design).map((f) => f.key));
  const seen = new Map<string, string>();
  const claim = (id: string, path: string) => {
    const first = seen.get(id);
    if (first !== undefined) problems.push(problem(`${path}.id`, 'duplicateId', { id }, `duplicates the id of ${first}`));
    else seen.set(id, path);
  };
  let approvals = 0;
  for (const { node, path } of walkFlowNodes(flow.nodes)) {
    claim(node.id, path);
    if (node.type === 'approval') approvals += 1;
    if (node.type !== 'branch') continue;
    if (branchDepth(path) > FLOW_MAX_BRANCH_DEPTH) {
      problems.push(problem(path, 'branchDepth', { max: FLOW_MAX_BRANCH_DEPTH }, `branches nest deeper than ${FLOW_MAX_BRANCH_DEPTH} levels`));
    }
    for (const [b, branch] of node.branches.entries()) {
      const branchPath = `${path}.branches[${b}]`;
      claim(branch.id, branchPath);
      if (branch.condition === null && b < node.branches.length - 1) {
        problems.push(problem(`${branchPath}.condition`, 'otherwiseLast', {}, 'only the last branch may be "otherwise" (no condition)'));
      }
      for (const field of conditionFields(branch.condition ?? undefined)) {
        if (!fieldKeys.has(field)) problems.push(problem(`${branchPath}.condition`, 'conditionUnknownField', { field }, `${field} is not a field of the form`));
      }
    }
  }
  if (approvals === 0) problems.push(problem('nodes', 'noApproval', {}, 'needs at least one approval node'));
  return problems;
}

/** How many branch nodes enclose the node at this path (the node itself counts). */
function branchDepth(path: string): number {
  return path.split('.branches[').length;
}

let compiledMeta: ValidateFunction | undefined;

/** The meta-schema (schemas/meta/flow.schema.json), then the structure rules. */
export function validateFlowDefinition(flow: unknown, design: FormDesign): FlowProblem[] {
  compiledMeta ??= createAjv(FLOW_AJV_OPTIONS).compile(flowSchema);
  return flowProblemsWith(compiledMeta, flow, design);
}

/**
 * The same checks with the meta-schema already compiled: the browser's script policy forbids
 * compiling, so the flow designer passes the validator generated at build time.
 */
export function flowProblemsWith(meta: ValidateFunction, flow: unknown, design: FormDesign): FlowProblem[] {
  if (!meta(flow)) return metaProblems(meta);
  return flowStructureProblems(flow as FlowDefinition, design);
}

function metaProblems(validate: ValidateFunction): FlowProblem[] {
  const problems = problemsOfAjvErrors(validate.errors);
  return problems.length ? problems : [problem('', 'invalid', {}, 'is not a valid flow')];
}
