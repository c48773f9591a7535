import { makeAutoObservable, runInAction } from 'mobx';
import { flowValidator } from 'virtual:plinth/flow-validator';
import type { FlowDefinitionEnvelope } from '../../../core/contracts/flows.ts';
import type { FormDetail } from '../../../core/contracts/form.ts';
import type { OrgMember, OrgRole } from '../../../core/contracts/org.ts';
import type { FlowBranch, FlowDefinition, FlowNode } from '../../../core/flows/flow-definition.ts';
import { flowProblemsWith, type FlowProblem } from '../../../core/flows/validate-flow-definition.ts';
import { deepEqual } from '../../../core/forms/conditions.ts';
import { Loadable } from '../../ui/loadable.ts';
import { ApiError } from '../../api/api-error.ts';
import { messageOf } from '../../api/error-message.ts';
import { problemsOfFailure, problemsUnder } from '../../ui/problem-sentence.ts';
import type { FlowDesignerApi } from './flow-api.ts';
import {
  addBranch,
  EMPTY_FLOW,
  idsOf,
  insertNode,
  moveBranch,
  newBranch,
  newNode,
  problemsByTarget,
  removeBranch,
  removeNode,
  updateBranch,
  updateNode,
  type ListOwner,
  type NewNodeNames,
} from './flow-edits.ts';

/** How many members the assignee picker lists before the user types (the directory's largest answer). */
export const MEMBER_PICKER_LIMIT = 200;

export type Selection = { kind: 'node' | 'branch'; id: string } | null;

/** Why the last save did not go through: someone saved the form meanwhile, or the server refused it (with its problems, paths under the flow). */
export type SaveFailure = { kind: 'conflict' | 'refused'; message: string; problems: FlowProblem[] } | null;

interface LoadedForm {
  form: FormDetail;
  definition: FlowDefinitionEnvelope;
}

/** /table/customerForm/flow?formId=: one form's draft flow as the canvas edits it. */
export class FlowDesignerStore {
  readonly source: Loadable<LoadedForm>;
  readonly roles: Loadable<OrgRole[]>;
  readonly members: Loadable<OrgMember[]>;
  flow: FlowDefinition = EMPTY_FLOW;
  /** The draft flow as last loaded or saved; null: the form has none. */
  savedFlow: FlowDefinition | null = null;
  revision = 0;
  selection: Selection = null;
  saving = false;
  saveFailure: SaveFailure = null;

  constructor(
    private readonly api: FlowDesignerApi,
    readonly formId: number,
  ) {
    this.source = new Loadable(async () => {
      const [form, definition] = await Promise.all([api.form(formId), api.definition(formId)]);
      return { form, definition };
    });
    this.roles = new Loadable(() => api.roles());
    this.members = new Loadable(() => api.members('', MEMBER_PICKER_LIMIT));
    makeAutoObservable<FlowDesignerStore, 'api'>(this, { api: false, formId: false });
  }

  async load(): Promise<void> {
    void this.roles.ensure();
    void this.members.ensure();
    await this.source.load();
    const loaded = this.source.data;
    if (loaded && this.source.status === 'ready') runInAction(() => this.accept(loaded.definition));
  }

  private accept(definition: FlowDefinitionEnvelope): void {
    this.revision = definition.revision;
    this.savedFlow = definition.flow;
    this.flow = definition.flow ?? EMPTY_FLOW;
    this.saveFailure = null;
    if (this.selection && !this.selectionExists(this.selection)) this.selection = null;
  }

  get design() {
    return this.source.data?.form.design ?? { version: 1 as const, items: [] };
  }

  /** The checks the server runs on save, run as the user edits. */
  get allProblems(): FlowProblem[] {
    return flowProblemsWith(flowValidator, this.flow, this.design);
  }

  /**
   * The problems to show: a stored flow's from the start, a new flow's once the user has
   * drawn something, so an empty canvas does not open with "needs an approval step".
   */
  get problems(): FlowProblem[] {
    return this.dirty || this.savedFlow !== null ? this.allProblems : [];
  }

  get problemsByTarget(): Map<string, FlowProblem[]> {
    return problemsByTarget(this.flow, this.problems);
  }

  get dirty(): boolean {
    return !deepEqual(this.flow, this.savedFlow ?? EMPTY_FLOW);
  }

  /** The form has a flow stored (records of its next version go through approval). */
  get hasSavedFlow(): boolean {
    return this.savedFlow !== null;
  }

  select(selection: Selection): void {
    this.selection = selection;
  }

  insert(owner: ListOwner, index: number, type: FlowNode['type'], names: NewNodeNames): void {
    const node = newNode(this.flow, type, names);
    this.flow = insertNode(this.flow, owner, index, node);
    this.selection = { kind: 'node', id: node.id };
  }

  remove(nodeId: string): void {
    this.flow = removeNode(this.flow, nodeId);
    if (this.selection && !this.selectionExists(this.selection)) this.selection = null;
  }

  changeNode(nodeId: string, change: (node: FlowNode) => FlowNode): void {
    this.flow = updateNode(this.flow, nodeId, change);
  }

  addBranch(branchNodeId: string, names: NewNodeNames): void {
    const branch = newBranch(this.flow, branchNodeId, names);
    this.flow = addBranch(this.flow, branchNodeId, branch);
    this.selection = { kind: 'branch', id: branch.id };
  }

  removeBranch(branchId: string): void {
    this.flow = removeBranch(this.flow, branchId);
    if (this.selection && !this.selectionExists(this.selection)) this.selection = null;
  }

  moveBranch(branchId: string, delta: -1 | 1): void {
    this.flow = moveBranch(this.flow, branchId, delta);
  }

  changeBranch(branchId: string, change: (branch: FlowBranch) => FlowBranch): void {
    this.flow = updateBranch(this.flow, branchId, change);
  }

  /** Stores the flow as the form's draft (published with its next version). */
  save(): Promise<boolean> {
    return this.write(this.flow);
  }

  /** Removes the draft flow: records of the next version need no approval. */
  removeFlow(): Promise<boolean> {
    return this.write(null);
  }

  private async write(flow: FlowDefinition | null): Promise<boolean> {
    this.saving = true;
    this.saveFailure = null;
    try {
      const definition = await this.api.save({ formId: this.formId, revision: this.revision, flow });
      runInAction(() => this.accept(definition));
      return true;
    } catch (failure) {
      runInAction(() => {
        const conflict = failure instanceof ApiError && failure.status === 409;
        this.saveFailure = { kind: conflict ? 'conflict' : 'refused', message: messageOf(failure, ''), problems: problemsUnder(problemsOfFailure(failure), 'flow') };
      });
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  private selectionExists(selection: NonNullable<Selection>): boolean {
    return idsOf(this.flow).has(selection.id);
  }
}
