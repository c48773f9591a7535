import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { RevisionRow, SheetDetail, SheetRow } from '../../../../core/contracts/drawings.ts';
import type {
  FollowCreateBody,
  FollowDetail,
  FollowEvent,
  FollowMove,
  FollowPerson,
  FollowPinListBody,
  FollowPinRow,
  FollowProblemCode,
  FollowType,
} from '../../../../core/contracts/follows.ts';
import type { DataSourceOption } from '../../../../core/contracts/follow-settings.ts';
import { pinOnSheet } from '../../../../core/follows/pin.ts';
import { MOVES } from '../../../../core/follows/status-flow.ts';
import { ApiError } from '../../../api/api-error.ts';
import { filterBody, type FollowFilter } from '../../follows/follow-filter.ts';
import type { FollowCanvasApi } from './follow-canvas-api.ts';
import type { PaintedPin } from './pin-paint.ts';

/** The pin list's request: the sheet and revision shown, under the list's filter as the list sends it. */
export function pinListBody(workspaceCode: string, sheetId: number, revisionId: number | null, filter: FollowFilter): FollowPinListBody {
  return { ...filterBody(workspaceCode, filter), sheetId, ...(revisionId !== null ? { revisionId } : {}) };
}

/** The revision a sheet shows: its current one, else its newest. */
export function shownRevision(detail: SheetDetail): RevisionRow | null {
  return detail.revisions.find((r) => r.status === 'current') ?? detail.revisions[0] ?? null;
}

/** What went wrong, for the person: a follow-up problem code, or a plain failure. */
export type CanvasProblem = FollowProblemCode | 'failed' | 'loadFailed';

export function problemOf(error: unknown): { code: CanvasProblem; by: string | null } {
  if (error instanceof ApiError && error.data && typeof error.data === 'object' && 'problem' in error.data) {
    const data = error.data as { problem: FollowProblemCode; params?: { by?: string } };
    return { code: data.problem, by: data.params?.by ?? null };
  }
  if (error instanceof ApiError && error.status === 409) return { code: 'stale', by: null };
  return { code: 'failed', by: null };
}

export interface CanvasDeps {
  api: FollowCanvasApi;
  workspaceCode: string;
  /** Tells the person what happened (a message in their language). */
  notify: (kind: 'created' | 'moved' | 'statusChanged' | 'problem', problem?: { code: CanvasProblem; by: string | null }) => void;
  /** Keeps `?sheetId=` / `?followId=` in the address. */
  remember: (sheetId: number | null, followId: number | null) => void;
}

/** What the create form sends, besides the pin. */
export interface DraftValues {
  typeId: number;
  title: string;
  assigneeIds: number[];
  dueDate: string | null;
  photoFileIds: string[];
}

/**
 * /drawing/follow: one sheet of the register with the follow-ups pinned on it, filtered as the
 * list is; a pin dropped makes a follow-up there, a pin clicked opens it, a pin dragged moves it.
 */
export class FollowCanvasStore {
  status: 'loading' | 'ready' | 'empty' | 'failed' = 'loading';
  sheets: SheetRow[] = [];
  sheet: SheetDetail | null = null;
  revisionId: number | null = null;
  pins: FollowPinRow[] = [];
  pinsStatus: 'loading' | 'ready' | 'failed' = 'loading';
  /** The list's filter, on the pins and the panel's list alike. */
  filter: FollowFilter = {};
  types: FollowType[] = [];
  people: FollowPerson[] = [];
  /** The workspace's trades, which the filter offers. */
  trades: DataSourceOption[] = [];
  selectedId: number | null = null;
  detail: FollowDetail | null = null;
  detailStatus: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';
  /** `drop`: the next click on the sheet places a new follow-up's pin. */
  mode: 'browse' | 'drop' = 'browse';
  /** The pin of the follow-up being written. */
  draft: { x: number; y: number } | null = null;
  /** A pin being dragged, where it is now. */
  moving: { id: number; x: number; y: number } | null = null;
  saving = false;
  /** A place the view should bring to its centre (a pin opened from the list or the address). */
  centre: { x: number; y: number; seq: number } | null = null;
  /** Whether the caller holds follow:create / follow:manage. */
  canCreate = false;
  canManage = false;
  private pinRequest = 0;

  constructor(private readonly deps: CanvasDeps) {
    makeAutoObservable<FollowCanvasStore, 'deps' | 'pinRequest'>(this, {
      deps: false,
      pinRequest: false,
      sheets: observableRef,
      sheet: observableRef,
      pins: observableRef,
      filter: observableRef,
      types: observableRef,
      people: observableRef,
      trades: observableRef,
      detail: observableRef,
      draft: observableRef,
      moving: observableRef,
      centre: observableRef,
    });
  }

  setPoints(canCreate: boolean, canManage: boolean): void {
    this.canCreate = canCreate;
    this.canManage = canManage;
    if (!canCreate && this.mode === 'drop') this.mode = 'browse';
  }

  get revision(): RevisionRow | null {
    return this.sheet?.revisions.find((r) => r.id === this.revisionId) ?? null;
  }

  /** The pins as the canvas draws them: a dragged one where it is dragged, the draft's too. */
  get painted(): PaintedPin[] {
    const moving = this.moving;
    const out: PaintedPin[] = this.pins.map((row) => ({
      id: row.id,
      x: moving?.id === row.id ? moving.x : row.pin.x,
      y: moving?.id === row.id ? moving.y : row.pin.y,
      status: row.status,
      color: row.color,
      icon: this.typeIcon(row.typeId),
    }));
    if (this.draft) out.push({ id: 0, x: this.draft.x, y: this.draft.y, status: 'open', color: '#595959', icon: 'PushpinOutlined' });
    return out;
  }

  typeIcon(typeId: number): string {
    return this.types.find((type) => type.id === typeId)?.icon ?? 'PushpinOutlined';
  }

  /** Whether the caller may drag this pin: a manager any, an editor the one opened. */
  canMove(id: number): boolean {
    if (this.canManage) return true;
    return this.detail?.id === id && this.detail.canEdit;
  }

  /** Opens the screen: the types and people, then the sheet asked for (or a follow-up's sheet, or the first). */
  async load(sheetId: number | null, followId: number | null): Promise<void> {
    this.status = 'loading';
    try {
      const [types, people, trades, sheets] = await Promise.all([
        this.deps.api.types(this.deps.workspaceCode),
        this.deps.api.people(this.deps.workspaceCode).catch(() => [] as FollowPerson[]),
        this.deps.api.options(this.deps.workspaceCode, 'trade').catch(() => [] as DataSourceOption[]),
        this.deps.api.sheets(this.deps.workspaceCode, ''),
      ]);
      let follow: FollowDetail | null = null;
      if (followId !== null) follow = await this.deps.api.follow(followId).catch(() => null);
      runInAction(() => {
        this.types = types;
        this.people = people;
        this.trades = trades;
        this.sheets = sheets.rows;
      });
      const target = follow?.pin?.sheetId ?? sheetId ?? sheets.rows.find((row) => row.current)?.id ?? null;
      if (target === null) {
        runInAction(() => (this.status = 'empty'));
        return;
      }
      await this.openSheet(target);
      runInAction(() => (this.status = this.sheet ? 'ready' : 'failed'));
      if (follow) {
        this.showDetail(follow);
        this.centreOn(follow.id);
      }
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** Sheets whose number or title holds the words (the sheet picker's search). */
  async searchSheets(keyword: string): Promise<void> {
    try {
      const found = await this.deps.api.sheets(this.deps.workspaceCode, keyword);
      runInAction(() => (this.sheets = found.rows));
    } catch {
      // The picker keeps what it showed.
    }
  }

  async openSheet(id: number): Promise<void> {
    try {
      const detail = await this.deps.api.sheet(id);
      runInAction(() => {
        this.sheet = detail;
        this.revisionId = shownRevision(detail)?.id ?? null;
        this.draft = null;
        this.moving = null;
        if (this.detail?.pin?.sheetId !== id) this.closeFollow();
        if (!this.sheets.some((row) => row.id === id)) this.sheets = [detail.sheet, ...this.sheets];
        this.status = 'ready';
      });
      this.deps.remember(id, this.selectedId);
      await this.loadPins();
    } catch {
      runInAction(() => {
        this.sheet = null;
        this.status = 'failed';
      });
    }
  }

  /** Shows another revision of the sheet: the pins dropped on it or before it. */
  async showRevision(id: number): Promise<void> {
    this.revisionId = id;
    this.draft = null;
    await this.loadPins();
  }

  /** The pins of the sheet shown; `quietly` keeps the pins shown while they are read again. */
  async loadPins(quietly = false): Promise<void> {
    const sheet = this.sheet;
    if (!sheet) return;
    const request = ++this.pinRequest;
    if (!quietly) this.pinsStatus = 'loading';
    try {
      const pins = await this.deps.api.pins(pinListBody(this.deps.workspaceCode, sheet.sheet.id, this.revisionId, this.filter));
      if (request !== this.pinRequest) return;
      runInAction(() => {
        this.pins = pins;
        this.pinsStatus = 'ready';
      });
    } catch {
      if (request === this.pinRequest) runInAction(() => (this.pinsStatus = 'failed'));
    }
  }

  setFilter(filter: FollowFilter): void {
    this.filter = filter;
    void this.loadPins();
  }

  setMode(mode: 'browse' | 'drop'): void {
    this.mode = mode === 'drop' && this.canCreate ? 'drop' : 'browse';
    if (this.mode === 'browse') this.draft = null;
  }

  /** A click on the sheet in drop mode: the new follow-up's pin goes there (on the sheet only). */
  dropAt(x: number, y: number): boolean {
    const revision = this.revision;
    if (this.mode !== 'drop' || !revision || !pinOnSheet({ x, y }, revision)) return false;
    this.draft = { x, y };
    this.selectedId = null;
    this.detail = null;
    this.detailStatus = 'idle';
    return true;
  }

  cancelDraft(): void {
    this.draft = null;
    this.mode = 'browse';
  }

  async createFollow(values: DraftValues): Promise<boolean> {
    const draft = this.draft;
    const sheet = this.sheet;
    if (!draft || !sheet || this.revisionId === null) return false;
    const body: FollowCreateBody = {
      workspaceCode: this.deps.workspaceCode,
      typeId: values.typeId,
      title: values.title.trim(),
      description: '',
      priority: 'normal',
      assigneeIds: values.assigneeIds,
      dueDate: values.dueDate,
      trade: null,
      location: null,
      pin: { sheetId: sheet.sheet.id, revisionId: this.revisionId, x: draft.x, y: draft.y },
      photoFileIds: values.photoFileIds,
    };
    this.saving = true;
    try {
      const made = await this.deps.api.create(body);
      runInAction(() => {
        this.draft = null;
        this.mode = 'browse';
      });
      this.deps.notify('created');
      this.showDetail(made);
      await this.loadPins();
      return true;
    } catch (error) {
      this.deps.notify('problem', problemOf(error));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** Opens a pin's follow-up in the panel. */
  async openFollow(id: number): Promise<void> {
    this.selectedId = id;
    this.draft = null;
    this.detailStatus = 'loading';
    this.deps.remember(this.sheet?.sheet.id ?? null, id);
    try {
      const detail = await this.deps.api.follow(id);
      if (this.selectedId === id) this.showDetail(detail);
    } catch {
      if (this.selectedId === id) runInAction(() => (this.detailStatus = 'failed'));
    }
  }

  /**
   * Others changed follow-ups of the workspace (the live `follow` events, gathered): the pins are
   * read again, and the one open in the panel too when it is among them (closed when it was
   * deleted). A pin being dragged keeps its place until it is dropped.
   */
  async followsChanged(events: readonly FollowEvent[]): Promise<void> {
    if (this.moving) return;
    await this.loadPins(true);
    const id = this.selectedId;
    const last = events.findLast((event) => event.id === id);
    if (!last || id === null || this.detailStatus !== 'ready') return;
    if (last.action === 'delete') return this.closeFollow();
    try {
      const detail = await this.deps.api.follow(id);
      if (this.selectedId === id) this.showDetail(detail);
    } catch {
      // Gone or out of reach since: the panel keeps what it showed; the pins say the rest.
    }
  }

  showDetail(detail: FollowDetail): void {
    this.selectedId = detail.id;
    this.detail = detail;
    this.detailStatus = 'ready';
    this.deps.remember(this.sheet?.sheet.id ?? null, detail.id);
  }

  closeFollow(): void {
    this.selectedId = null;
    this.detail = null;
    this.detailStatus = 'idle';
    if (this.sheet) this.deps.remember(this.sheet.sheet.id, null);
  }

  /** A drag shows the pin where the pointer is; `endMove` saves it. */
  dragTo(id: number, x: number, y: number): void {
    const revision = this.revision;
    if (!revision) return;
    this.moving = { id, x: Math.min(Math.max(x, 0), revision.width), y: Math.min(Math.max(y, 0), revision.height) };
  }

  /** Brings a pin of the sheet shown into the middle of the view. */
  centreOn(id: number): void {
    const row = this.pins.find((pin) => pin.id === id);
    const pin = row?.pin ?? (this.detail?.id === id ? this.detail.pin : null);
    if (pin && pin.sheetId === this.sheet?.sheet.id) this.centre = { x: pin.x, y: pin.y, seq: (this.centre?.seq ?? 0) + 1 };
  }

  cancelMove(): void {
    this.moving = null;
  }

  /** Saves a dragged pin on the revision shown (the follow-up's revision is loaded first when not open). */
  async endMove(): Promise<void> {
    const moving = this.moving;
    const sheet = this.sheet;
    if (!moving || !sheet || this.revisionId === null) return;
    const row = this.pins.find((pin) => pin.id === moving.id);
    if (!row || (row.pin.x === moving.x && row.pin.y === moving.y)) {
      this.moving = null;
      return;
    }
    this.saving = true;
    try {
      const current = this.detail?.id === moving.id ? this.detail : await this.deps.api.follow(moving.id);
      const saved = await this.deps.api.movePin(moving.id, current.revision, { sheetId: sheet.sheet.id, revisionId: this.revisionId, x: moving.x, y: moving.y, modelElementId: current.pin?.modelElementId ?? null });
      runInAction(() => {
        this.pins = this.pins.map((pin) => (pin.id === moving.id ? { ...pin, pin: { ...pin.pin, x: moving.x, y: moving.y, revisionId: this.revisionId! } } : pin));
        if (this.selectedId === saved.id) this.detail = saved;
      });
      this.deps.notify('moved');
    } catch (error) {
      this.deps.notify('problem', problemOf(error));
      await this.loadPins();
    } finally {
      runInAction(() => {
        this.moving = null;
        this.saving = false;
      });
    }
  }

  /** Makes one of the moves the follow-up offers the caller. */
  async makeMove(move: FollowMove): Promise<void> {
    const detail = this.detail;
    if (!detail) return;
    this.saving = true;
    try {
      const saved = await this.deps.api.status(detail.id, detail.revision, MOVES[move].to);
      this.showDetail(saved);
      this.deps.notify('statusChanged');
      await this.loadPins();
    } catch (error) {
      const problem = problemOf(error);
      this.deps.notify('problem', problem);
      if (problem.code === 'stale') await this.openFollow(detail.id);
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
