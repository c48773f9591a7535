import { makeAutoObservable, observableRef, observableShallow, runInAction, toJS } from 'mobx';
import type { Calibration, RevisionDetail } from '../../../../core/contracts/drawings.ts';
import {
  defaultStyle,
  insideBox,
  minPoints,
  markupBounds,
  MEASURE_KINDS,
  moveMarkup,
  resizeMarkup,
  unionBounds,
  type Bounds,
  type Markup,
  type MarkupBody,
  type MarkupInput,
  type MarkupKind,
  type MarkupStamp,
  type MarkupStyle,
  type MarkupVisibility,
  type SheetPoint,
} from '../../../../core/drawings/markup.ts';
import { LENGTH_UNITS, type LengthUnit } from '../../../../core/drawings/measure.ts';
import { ApiError } from '../../../api/api-error.ts';
import type { MarkupApi } from './markup-api.ts';

/** One markup of the canvas: what it is now (null once deleted) and what the server last said of it. */
export interface MarkupItem {
  /** The canvas's own name for it: stays the same when an undone delete makes it again under a new id. */
  key: string;
  body: MarkupBody | null;
  stored: Markup | null;
}

/** `pan` drags the sheet; `select` picks, moves and resizes; a kind draws one; `calibrate` draws a known distance. */
export type Tool = 'pan' | 'select' | MarkupKind | 'calibrate';

/** One step of the history: each markup it touched, before and after (null: not there). */
interface Step {
  before: { key: string; body: MarkupBody | null }[];
  after: { key: string; body: MarkupBody | null }[];
}

export type CanvasNotice = 'conflict' | 'invalid' | 'saveFailed' | 'loadFailed' | 'calibrated' | 'calibrateFailed';

export interface MarkupStoreDeps {
  api: MarkupApi;
  /** Tells the person what happened (a message in their language). */
  notify: (notice: CanvasNotice) => void;
  /** The markup schema's check (schemas/meta/drawing-markup.schema.json), the server's own rules. */
  validate: (markup: MarkupInput) => boolean;
  /** Where the chosen unit is kept between visits. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

const UNIT_KEY = 'plinth.drawingMarkupUnit';
export const DEFAULT_COLOR = '#e5252a';
/** Line widths offered, as multiples of the sheet's base width. */
export const WIDTH_STEPS = [0.5, 1, 2, 3, 5] as const;
const HISTORY_MAX = 200;

/** A markup the schema refuses: not sent. */
class InvalidMarkup extends Error {}

const deepCopy = <T>(value: T): T => structuredClone(toJS(value));
const isConflict = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.code === 409);

/**
 * The markup canvas of one revision: its markups and the caller's drafts, the chosen tool and
 * style, the selection, and an undo history. Every change is shown at once and saved in the
 * background, one call after another, so the server sees them in order; a 409 (someone else
 * changed a markup meanwhile) reloads the markups and tells the person.
 */
export class MarkupStore {
  detail: RevisionDetail | null = null;
  status: 'loading' | 'ready' | 'failed' = 'loading';
  items = new Map<string, MarkupItem>();
  selection = new Set<string>();
  tool: Tool = 'select';
  color = DEFAULT_COLOR;
  widthStep: number = 1;
  opacity = 1;
  filled = false;
  stamp: MarkupStamp = 'approved';
  visibility: MarkupVisibility = 'personal';
  unit: LengthUnit = 'm';
  /** What the side panel lists. */
  panelFilter: 'all' | 'measure' = 'all';
  /** Calls still running or waiting. */
  saving = 0;
  /** Markups as a drag shows them before it ends (key → body). */
  preview: ReadonlyMap<string, MarkupBody> = new Map();
  /** The markup being drawn: points so far. */
  draft: { kind: MarkupKind | 'calibrate'; points: SheetPoint[] } | null = null;
  /** A drawn markup that needs words, a target or a file before it is made, or a calibration distance. */
  prompt: { kind: 'text' | 'callout' | 'link' | 'photo' | 'calibrate'; points: SheetPoint[] } | null = null;
  private undoStack: Step[] = [];
  private redoStack: Step[] = [];
  private queue: Promise<void> = Promise.resolve();
  private counter = 0;
  /** Bumped at each reload: a save started before it does not write into the new items. */
  private generation = 0;

  constructor(
    private readonly deps: MarkupStoreDeps,
    readonly revisionId: number,
    /** The caller holds `drawing:annotate`: they may draw, change and delete markups. */
    public canEdit: boolean,
  ) {
    const unit = deps.storage?.getItem(UNIT_KEY);
    if (unit && (LENGTH_UNITS as readonly string[]).includes(unit)) this.unit = unit as LengthUnit;
    // Items are replaced whole, never changed in place: the shapes redraw only what was replaced.
    makeAutoObservable<MarkupStore, 'deps' | 'queue'>(this, {
      deps: false,
      queue: false,
      revisionId: false,
      items: observableShallow,
      preview: observableRef,
      draft: observableRef,
      prompt: observableRef,
      detail: observableRef,
    });
    if (!canEdit) this.tool = 'pan';
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const [detail, markups] = await Promise.all([this.deps.api.revision(this.revisionId), this.deps.api.markups(this.revisionId)]);
      runInAction(() => {
        this.detail = detail;
        this.replaceAll(markups);
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** Reads the markups again (after a conflict or a failed save); the history starts afresh. */
  async reload(): Promise<void> {
    try {
      const markups = await this.deps.api.markups(this.revisionId);
      runInAction(() => this.replaceAll(markups));
    } catch {
      this.deps.notify('loadFailed');
    }
  }

  private replaceAll(markups: Markup[]) {
    this.generation++;
    this.items = new Map(
      markups.map((m) => {
        const key = `m${m.id}`;
        return [key, { key, body: bodyOf(m), stored: m }];
      }),
    );
    this.selection = new Set([...this.selection].filter((key) => this.items.has(key)));
    this.undoStack = [];
    this.redoStack = [];
  }

  setCanEdit(canEdit: boolean) {
    this.canEdit = canEdit;
    if (!canEdit && this.tool !== 'select') this.tool = 'pan';
  }

  get sheet(): { width: number; height: number } {
    return { width: this.detail?.revision.width ?? 1, height: this.detail?.revision.height ?? 1 };
  }

  get calibration(): Calibration {
    return this.detail?.calibration ?? null;
  }

  /** The markups shown, oldest first (the last drawn is on top). */
  get visible(): MarkupItem[] {
    return [...this.items.values()].filter((item) => item.body !== null);
  }

  get measurements(): MarkupItem[] {
    return this.visible.filter((item) => MEASURE_KINDS.has(item.body!.kind));
  }

  get selected(): MarkupItem[] {
    return this.visible.filter((item) => this.selection.has(item.key));
  }

  get selectionBounds(): Bounds | null {
    return unionBounds(this.selected.map((item) => markupBounds(item.body!)));
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** Whether this markup may be changed here: the server lets the caller and it is not waiting to be made again. */
  editable(item: MarkupItem): boolean {
    return this.canEdit && item.body !== null;
  }

  setTool(tool: Tool) {
    if (!this.canEdit && tool !== 'pan' && tool !== 'select') return;
    this.tool = tool;
    if (tool !== 'select') this.selection = new Set();
  }

  setPanelFilter(filter: 'all' | 'measure') {
    this.panelFilter = filter;
  }

  setStamp(stamp: MarkupStamp) {
    this.stamp = stamp;
  }

  /** Whether what is drawn next is personal or published. */
  setNewVisibility(visibility: MarkupVisibility) {
    this.visibility = visibility;
  }

  setUnit(unit: LengthUnit) {
    this.unit = unit;
    this.deps.storage?.setItem(UNIT_KEY, unit);
  }

  /** The style a new markup of this kind gets from the chosen colour, width and opacity. */
  styleFor(kind: MarkupKind): MarkupStyle {
    const base = defaultStyle(kind, this.sheet);
    const color = kind === 'highlighter' && this.color === DEFAULT_COLOR ? base.color : this.color;
    const closed = kind === 'rectangle' || kind === 'ellipse' || kind === 'cloud' || kind === 'measureArea';
    return {
      ...base,
      color,
      width: base.width * this.widthStep,
      opacity: kind === 'highlighter' ? Math.min(this.opacity, base.opacity) : this.opacity,
      fill: closed && this.filled ? color : null,
    };
  }

  /** Changes the chosen style; a selection takes it at once (one undo step). */
  setStyle(change: { color?: string; widthStep?: number; opacity?: number; filled?: boolean }) {
    Object.assign(this, change);
    const targets = this.selected.filter((item) => this.editable(item));
    if (targets.length === 0) return;
    this.commit(
      targets.map((item) => {
        const body = deepCopy(item.body!);
        const base = defaultStyle(body.kind, this.sheet);
        if (change.color !== undefined) {
          body.style.color = change.color;
          if (body.style.fill !== null) body.style.fill = change.color;
        }
        if (change.widthStep !== undefined) body.style.width = base.width * change.widthStep;
        if (change.opacity !== undefined) body.style.opacity = change.opacity;
        if (change.filled !== undefined && ['rectangle', 'ellipse', 'cloud', 'measureArea'].includes(body.kind)) {
          body.style.fill = change.filled ? body.style.color : null;
        }
        return { key: item.key, body };
      }),
    );
  }

  /** A new markup of the chosen style and visibility; it becomes the selection when the select tool is on. */
  add(draft: Pick<MarkupBody, 'kind' | 'points'> & Partial<MarkupBody>): string | null {
    if (!this.canEdit) return null;
    const key = `n${++this.counter}`;
    const body: MarkupBody = { style: this.styleFor(draft.kind), visibility: this.visibility, ...draft };
    if (body.kind === 'stamp' && !body.stamp) body.stamp = this.stamp;
    this.commit([{ key, body }]);
    return key;
  }

  select(keys: readonly string[], extend = false) {
    const next = extend ? new Set(this.selection) : new Set<string>();
    for (const key of keys) {
      if (extend && next.has(key)) next.delete(key);
      else next.add(key);
    }
    this.selection = next;
  }

  selectInBox(box: Bounds, extend: boolean) {
    this.select(
      this.visible.filter((item) => insideBox(item.body!, box)).map((item) => item.key),
      extend,
    );
  }

  clearSelection() {
    this.selection = new Set();
  }

  /** Moves the selection by dx, dy sheet units (one undo step). */
  moveSelection(dx: number, dy: number) {
    const targets = this.selected.filter((item) => this.editable(item));
    if (targets.length === 0 || (dx === 0 && dy === 0)) return;
    this.commit(targets.map((item) => ({ key: item.key, body: moveMarkup(deepCopy(item.body!), dx, dy) })));
  }

  /** Fits the selection from one box into another (one undo step). */
  resizeSelection(from: Bounds, to: Bounds) {
    const targets = this.selected.filter((item) => this.editable(item));
    if (targets.length === 0) return;
    this.commit(targets.map((item) => ({ key: item.key, body: resizeMarkup(deepCopy(item.body!), from, to) })));
  }

  deleteSelection() {
    const targets = this.selected.filter((item) => this.editable(item));
    if (targets.length === 0) return;
    this.commit(targets.map((item) => ({ key: item.key, body: null })));
    this.selection = new Set();
  }

  setVisibility(key: string, visibility: MarkupVisibility) {
    const item = this.items.get(key);
    if (!item?.body || !this.editable(item) || item.body.visibility === visibility) return;
    this.commit([{ key, body: { ...deepCopy(item.body), visibility } }]);
  }

  /** Replaces what markups are (text edits, drags): one undo step. */
  commit(changes: { key: string; body: MarkupBody | null }[]) {
    const step: Step = {
      before: changes.map(({ key }) => ({ key, body: this.items.get(key)?.body ? deepCopy(this.items.get(key)!.body) : null })),
      after: changes.map(({ key, body }) => ({ key, body: body ? deepCopy(body) : null })),
    };
    this.undoStack.push(step);
    if (this.undoStack.length > HISTORY_MAX) this.undoStack.shift();
    this.redoStack = [];
    this.apply(step.after);
  }

  undo() {
    const step = this.undoStack.pop();
    if (!step) return;
    this.redoStack.push(step);
    this.apply(step.before);
  }

  redo() {
    const step = this.redoStack.pop();
    if (!step) return;
    this.undoStack.push(step);
    this.apply(step.after);
  }

  private apply(states: { key: string; body: MarkupBody | null }[]) {
    for (const { key, body } of states) {
      this.items.set(key, { key, body: body ? deepCopy(body) : null, stored: this.items.get(key)?.stored ?? null });
      if (!body) this.selection.delete(key);
      this.enqueue(key);
    }
  }

  /** Brings the server to what the canvas shows for this markup, after the calls before it. */
  private enqueue(key: string) {
    this.saving++;
    const generation = this.generation;
    this.queue = this.queue
      .then(() => (generation === this.generation ? this.sync(key) : undefined))
      .catch((error: unknown) => this.failed(error))
      .finally(() => runInAction(() => this.saving--));
  }

  private async sync(key: string): Promise<void> {
    const item = this.items.get(key);
    if (!item) return;
    const body = item.body ? deepCopy(item.body) : null;
    const stored = item.stored;
    if (body === null) {
      if (!stored) return;
      await this.deps.api.remove([stored.id]);
      this.setStored(key, null);
      return;
    }
    const input: MarkupInput = stored ? { ...body, id: stored.id, revision: stored.revision } : body;
    if (!this.deps.validate(input)) throw new InvalidMarkup();
    const saved = await this.deps.api.save(this.revisionId, input);
    this.setStored(key, saved);
  }

  private setStored(key: string, stored: Markup | null) {
    const now = this.items.get(key);
    if (now) this.items.set(key, { ...now, stored });
  }

  private async failed(error: unknown): Promise<void> {
    this.deps.notify(isConflict(error) ? 'conflict' : error instanceof InvalidMarkup ? 'invalid' : 'saveFailed');
    await this.reload();
  }

  /** Sets the revision's scale (null: not known) for every measurement on it. */
  async calibrate(calibration: Calibration): Promise<boolean> {
    const detail = this.detail;
    if (!detail || !this.canEdit) return false;
    try {
      await this.deps.api.calibrate(detail.revision.id, calibration);
      runInAction(() => (this.detail = { ...detail, calibration }));
      this.deps.notify('calibrated');
      return true;
    } catch {
      this.deps.notify('calibrateFailed');
      return false;
    }
  }

  setPreview(preview: ReadonlyMap<string, MarkupBody>) {
    this.preview = preview;
  }

  startDraft(kind: MarkupKind | 'calibrate', points: SheetPoint[]) {
    this.draft = { kind, points };
  }

  updateDraft(points: SheetPoint[]) {
    if (this.draft) this.draft = { ...this.draft, points };
  }

  cancelDraft() {
    this.draft = null;
    this.prompt = null;
  }

  /** Ends the drawing: the markup is made, or asks first for what it needs. */
  finishDraft() {
    const draft = this.draft;
    this.draft = null;
    if (!draft || draft.points.length < minPoints(draft.kind === 'calibrate' ? 'measureLength' : draft.kind)) return;
    const points = draft.kind === 'measureArea' || draft.kind === 'polyline' || draft.kind === 'measurePolyline' ? withoutRepeats(draft.points) : draft.points;
    if (points.length < minPoints(draft.kind === 'calibrate' ? 'measureLength' : draft.kind)) return;
    if (draft.kind === 'text' || draft.kind === 'callout' || draft.kind === 'link' || draft.kind === 'photo' || draft.kind === 'calibrate') {
      this.prompt = { kind: draft.kind, points };
      return;
    }
    const key = this.add({ kind: draft.kind, points });
    if (key && this.tool === 'select') this.selection = new Set([key]);
  }

  /** Makes the prompted markup with what the person gave (text, link, photo). */
  answerPrompt(extra: Partial<MarkupBody>) {
    const prompt = this.prompt;
    this.prompt = null;
    if (!prompt || prompt.kind === 'calibrate') return;
    this.add({ kind: prompt.kind, points: prompt.points, ...extra });
  }

  closePrompt() {
    this.prompt = null;
  }

  /** The item under this key, for panels and tests. */
  item(key: string): MarkupItem | undefined {
    return this.items.get(key);
  }

  /** Waits for every save sent so far. */
  settled(): Promise<void> {
    return this.queue;
  }
}

/** What a listed markup is, as drawn (without what the server keeps of it). */
export function bodyOf(m: Markup): MarkupBody {
  const body: MarkupBody = { kind: m.kind, points: m.points.map(([x, y]) => [x, y] as SheetPoint), style: { ...m.style }, visibility: m.visibility };
  if (m.text !== undefined) body.text = m.text;
  if (m.stamp !== undefined) body.stamp = m.stamp;
  if (m.photoFileId !== undefined) body.photoFileId = m.photoFileId;
  if (m.link !== undefined) body.link = { ...m.link };
  return body;
}

/** Points a double-click repeated dropped, so a path has no zero-length segments. */
function withoutRepeats(points: readonly SheetPoint[]): SheetPoint[] {
  return points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
}
