import { makeAutoObservable, runInAction } from 'mobx';
import type { DrawingSet, RevisionPage, RevisionRow, SheetRow } from '../../../../core/contracts/drawings.ts';
import type { DisciplineReading } from '../../../../core/drawings/disciplines.ts';
import { ApiError } from '../../../api/api-error.ts';
import { Loadable } from '../../../ui/loadable.ts';
import type { DrawingApi } from '../../../drawing-kit/drawing-api.ts';
import { editOf, editProblems, keptForm, sameEdit, withChange, type EditField, type EditProblem, type RevisionEdit } from './revision-edit.ts';

export const RELEASE_PAGE_SIZE = 20;

/** What a pending revision becomes on publishing. */
export type ReleaseTarget = { kind: 'newSheet' } | { kind: 'newRevision'; number: string; currentLabel: string | null } | { kind: 'unknown' };

/** The outcome of a batch action, for the screen to tell. */
export type ReleaseOutcome = { ok: true; count: number } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'refused'; failure: unknown };

/**
 * The revisions of a workspace that wait for review: a page of them, each with its edits
 * (number, title, discipline, label, set) checked as the server checks them, the ones picked
 * for a batch publish or reject, and which sheet each one would become a revision of.
 */
export class ReleaseStore {
  page = 1;
  readonly pending: Loadable<RevisionPage>;
  readonly sets: Loadable<DrawingSet[]>;
  /** Unsaved edits by revision id. */
  drafts = new Map<number, RevisionEdit>();
  /** What the server answered when a revision's edits were refused (shown beside it). */
  serverProblems = new Map<number, unknown>();
  selected = new Set<number>();
  /** Revisions being saved, published or rejected. */
  busy = new Set<number>();
  /** Existing sheets by id, read to say "new revision of A-101 (current B)". */
  sheets = new Map<number, SheetRow | null>();
  /** How the workspace reads a number's discipline (its rule and codes); null until read. */
  reading: DisciplineReading | null = null;

  constructor(
    private readonly api: DrawingApi,
    readonly workspaceCode: string,
  ) {
    this.pending = new Loadable(() => api.pending(workspaceCode, this.page, RELEASE_PAGE_SIZE));
    this.sets = new Loadable(() => api.sets(workspaceCode));
    makeAutoObservable<ReleaseStore, 'api'>(this, { api: false, workspaceCode: false });
  }

  async start(): Promise<void> {
    await Promise.all([this.load(), this.sets.load(), this.readNumbering()]);
  }

  get rows(): RevisionRow[] {
    return this.pending.data?.rows ?? [];
  }

  setPage(page: number): void {
    this.page = page;
    void this.load();
  }

  /** The revision as the reviewer has it now: their unsaved edit, else as stored. */
  editOf(row: RevisionRow): RevisionEdit {
    return this.drafts.get(row.id) ?? editOf(row);
  }

  change(row: RevisionRow, change: Partial<RevisionEdit>): void {
    const next = withChange(this.editOf(row), change, this.reading);
    if (sameEdit(next, editOf(row))) this.drafts.delete(row.id);
    else this.drafts.set(row.id, next);
    this.serverProblems.delete(row.id);
  }

  /** Back to what is stored. */
  undo(row: RevisionRow): void {
    this.drafts.delete(row.id);
    this.serverProblems.delete(row.id);
  }

  dirty(row: RevisionRow): boolean {
    return this.drafts.has(row.id);
  }

  problems(row: RevisionRow): Partial<Record<EditField, EditProblem>> {
    return editProblems(this.editOf(row));
  }

  valid(row: RevisionRow): boolean {
    return Object.keys(this.problems(row)).length === 0;
  }

  target(row: RevisionRow): ReleaseTarget {
    if (row.sheetId === null) return { kind: 'newSheet' };
    const sheet = this.sheets.get(row.sheetId);
    if (!sheet) return { kind: 'unknown' };
    return { kind: 'newRevision', number: sheet.number, currentLabel: sheet.current?.label ?? null };
  }

  toggle(id: number, on: boolean): void {
    if (on) this.selected.add(id);
    else this.selected.delete(id);
  }

  /** Picks every revision of the page, or none when all are picked. */
  toggleAll(): void {
    const ids = this.rows.map((row) => row.id);
    const all = ids.length > 0 && ids.every((id) => this.selected.has(id));
    this.selected = new Set(all ? [] : ids);
  }

  get selectedRows(): RevisionRow[] {
    return this.rows.filter((row) => this.selected.has(row.id));
  }

  /** Saves a revision's edits; answers whether it was saved (a refusal is kept beside it). */
  async save(row: RevisionRow): Promise<boolean> {
    const draft = this.drafts.get(row.id);
    if (!draft) return true;
    if (!this.valid(row)) return false;
    this.busy.add(row.id);
    try {
      const saved = await this.api.updateRevision({ id: row.id, ...keptForm(draft) });
      runInAction(() => {
        this.drafts.delete(row.id);
        this.replace(saved);
      });
      await this.readSheets([saved]);
      return true;
    } catch (failure) {
      runInAction(() => this.serverProblems.set(row.id, failure));
      return false;
    } finally {
      runInAction(() => this.busy.delete(row.id));
    }
  }

  /**
   * Publishes the revisions: their unsaved edits are saved first, and nothing is published
   * while any of them has a problem. Published ones leave the list.
   */
  async publish(rows: readonly RevisionRow[]): Promise<ReleaseOutcome> {
    if (rows.some((row) => !this.valid(row))) return { ok: false, reason: 'invalid' };
    const saved = await Promise.all(rows.map((row) => this.save(row)));
    if (saved.some((ok) => !ok)) return { ok: false, reason: 'invalid' };
    return this.batch(rows, (ids) => this.api.publish(ids));
  }

  /** Rejects the revisions (kept in the sheet's history as rejected); their edits are dropped. */
  async reject(rows: readonly RevisionRow[]): Promise<ReleaseOutcome> {
    for (const row of rows) this.drafts.delete(row.id);
    return this.batch(rows, (ids) => this.api.reject(ids));
  }

  private async batch(rows: readonly RevisionRow[], call: (ids: number[]) => Promise<unknown>): Promise<ReleaseOutcome> {
    const ids = rows.map((row) => row.id);
    for (const id of ids) this.busy.add(id);
    try {
      await call(ids);
      runInAction(() => {
        for (const id of ids) this.selected.delete(id);
      });
      // The page may have emptied: go back one when it has.
      const left = (this.pending.data?.total ?? 0) - ids.length;
      const lastPage = Math.max(1, Math.ceil(left / RELEASE_PAGE_SIZE));
      if (this.page > lastPage) runInAction(() => (this.page = lastPage));
      await this.load();
      return { ok: true, count: ids.length };
    } catch (failure) {
      // Published or rejected meanwhile (another reviewer): the list shows what still waits.
      if (failure instanceof ApiError && failure.status === 409) await this.load();
      return { ok: false, reason: 'refused', failure };
    } finally {
      runInAction(() => {
        for (const id of ids) this.busy.delete(id);
      });
    }
  }

  private replace(saved: RevisionRow): void {
    const data = this.pending.data;
    if (data) this.pending.set({ ...data, rows: data.rows.map((row) => (row.id === saved.id ? saved : row)) });
  }

  private async load(): Promise<void> {
    await this.pending.load();
    const rows = this.rows;
    runInAction(() => {
      // What was picked and is no longer listed (published elsewhere) is let go.
      const listed = new Set(rows.map((row) => row.id));
      this.selected = new Set([...this.selected].filter((id) => listed.has(id)));
      for (const id of [...this.drafts.keys()]) if (!listed.has(id)) this.drafts.delete(id);
    });
    await this.readSheets(rows);
  }

  private async readNumbering(): Promise<void> {
    try {
      const reading = await this.api.numbering(this.workspaceCode);
      runInAction(() => (this.reading = reading));
    } catch {
      // Unread, a new number leaves the discipline to the reviewer rather than guess it.
    }
  }

  /** Reads the sheets pending revisions would join (each once), through one of their revisions. */
  private async readSheets(rows: readonly RevisionRow[]): Promise<void> {
    const firstOf = new Map<number, number>();
    for (const row of rows) if (row.sheetId !== null && !firstOf.has(row.sheetId)) firstOf.set(row.sheetId, row.id);
    await Promise.all(
      [...firstOf].map(async ([sheetId, revisionId]) => {
        try {
          const detail = await this.api.revision(revisionId);
          runInAction(() => this.sheets.set(sheetId, detail.sheet));
        } catch {
          runInAction(() => this.sheets.set(sheetId, null));
        }
      }),
    );
  }
}
