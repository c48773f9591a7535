import { makeAutoObservable, observableRef } from 'mobx';
import { PAGE_CONFIG_VERSION } from '../../core/config-versions/page-config-versions.ts';
import type { PlateDetail } from '../../core/contracts/plates.ts';
import { DEFAULT_COLUMNS, type PageConfig, type PageFilter, type PageLayout, type WidgetConfig, type WidgetGrid } from '../../core/pages/page-config.ts';
import type { DatasetInfo } from '../../core/query/query-spec.ts';
import { EditHistory } from '../ui/edit-history.ts';
import { newComponent, nextComponentId } from '../../../widgets/new-component.ts';
import type { PaletteEntry } from '../../../widgets/widget-registry.ts';
import { bottomRow, firstFreeCell, mirrorX, type GridItem } from '../renderer/grid-layout.ts';
import type { LocalText } from '../../core/local-text.ts';

/** Whether the editor makes a new plate or changes a stored one (spec §3: `type`, default create). */
export type PlateEditType = 'create' | 'edit';

/**
 * What the component settings screen works on (spec §3 `componentSet`): the plate (its code,
 * the id as text, empty while new; and its name), the component (`nodeCode`: its id) and
 * whether the plate is being created or edited.
 */
export interface ComponentSetState {
  dataBoardCode: string;
  name: LocalText;
  nodeCode: string;
  type: PlateEditType;
}

/** A layout the editor arranges: wide (`grid`) or medium (`gridMedium`). */
export type EditedBreakpoint = 'wide' | 'medium';

/** The parts of a plate the editor changes, as one undoable, comparable snapshot. */
interface PlateContent {
  name: LocalText;
  description: LocalText;
  layout: PageLayout;
  filters: PageFilter[];
  components: WidgetConfig[];
}

/** What survives a reload of the editor (session storage), unsaved edits included. */
export interface PlateDraft {
  plateId: number | null;
  revision: number | null;
  saved: string;
  content: PlateContent;
  editIdx: number;
  componentSet: ComponentSetState;
}

const NEW_COMPONENT_SET: ComponentSetState = { dataBoardCode: '', name: '', nodeCode: '', type: 'create' };

// Through JSON: the content may be observable proxies, which structuredClone refuses.
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const sameCell = (a: WidgetGrid | undefined, b: WidgetGrid) => !!a && a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/**
 * The plate editor's state (spec §3): the components, the one whose settings are open
 * (`editIdx`) and `componentSet`, beside the rest of the plate (name, filters, layout). Every
 * change goes through `change`, which records it for undo; `dirty` compares with the plate
 * as last loaded or saved. It outlives the editor screen, so the settings screen and a reload
 * find the same draft.
 */
export class PlateStore {
  components: WidgetConfig[] = [];
  editIdx = -1;
  componentSet: ComponentSetState = { ...NEW_COMPONENT_SET };
  /** Texts per language or one for all (src/core/local-text.ts). */
  name: LocalText = '';
  description: LocalText = '';
  layout: PageLayout = {};
  filters: PageFilter[] = [];
  /** The stored plate, or null while it is new. */
  plateId: number | null = null;
  revision: number | null = null;
  /** The component selected on the canvas. */
  selectedId: string | null = null;
  /** True once a plate has been started or loaded. */
  open = false;
  private saved = '';
  readonly history = new EditHistory();

  constructor() {
    // Plain values swapped whole on each change: the renderer clones widget props, which
    // MobX proxies refuse, and a new object per change is what its memos key on.
    makeAutoObservable<PlateStore, 'history'>(this, {
      history: false,
      components: observableRef,
      filters: observableRef,
      layout: observableRef,
      componentSet: observableRef,
    });
  }

  private get content(): PlateContent {
    return { name: this.name, description: this.description, layout: this.layout, filters: this.filters, components: this.components };
  }

  private get contentText(): string {
    return JSON.stringify(this.content);
  }

  get dirty(): boolean {
    return this.open && this.contentText !== this.saved;
  }

  get columns(): number {
    return this.layout.columns ?? DEFAULT_COLUMNS;
  }

  /** The plate as a page config, for the renderer and the save. */
  get config(): PageConfig {
    const config: PageConfig = { version: PAGE_CONFIG_VERSION, title: this.name, widgets: this.components };
    if (this.description) config.description = this.description;
    if (Object.keys(this.layout).length) config.layout = this.layout;
    if (this.filters.length) config.filters = this.filters;
    return config;
  }

  /** The component whose settings are open, or null. */
  get editedComponent(): WidgetConfig | null {
    return this.components[this.editIdx] ?? null;
  }

  get selected(): WidgetConfig | null {
    return this.components.find((c) => c.id === this.selectedId) ?? null;
  }

  /** Whether the draft held is the one `type` and `plateId` ask for (a new plate: any new draft). */
  holds(type: PlateEditType, plateId: number | null): boolean {
    return this.open && this.componentSet.type === type && (type === 'create' || this.plateId === plateId);
  }

  /** Starts a new, empty plate. */
  startNew(name: string): void {
    this.load({ name, description: '', layout: {}, filters: [], components: [] });
    this.plateId = null;
    this.revision = null;
    this.componentSet = { ...NEW_COMPONENT_SET, name };
  }

  /** Opens a stored plate for editing. */
  startEdit(detail: PlateDetail): void {
    this.load(contentOf(detail));
    this.plateId = detail.id;
    this.revision = detail.revision;
    this.componentSet = { dataBoardCode: String(detail.id), name: detail.name, nodeCode: '', type: 'edit' };
  }

  /** The server holds the plate now (created or updated): it is clean, and from now on edited. */
  markSaved(detail: PlateDetail): void {
    this.plateId = detail.id;
    this.revision = detail.revision;
    this.componentSet = { ...this.componentSet, dataBoardCode: String(detail.id), name: detail.name, type: 'edit' };
    this.saved = JSON.stringify(contentOf(detail));
  }

  /** Forgets the draft (after leaving without saving, or at sign-out). */
  close(): void {
    this.open = false;
    this.components = [];
    this.filters = [];
    this.layout = {};
    this.name = '';
    this.description = '';
    this.plateId = null;
    this.revision = null;
    this.editIdx = -1;
    this.selectedId = null;
    this.componentSet = { ...NEW_COMPONENT_SET };
    this.saved = '';
    this.history.clear();
  }

  /** Adds a component of a palette entry, at `cell` or in the first free place, and selects it. */
  add(entry: PaletteEntry, title: string, dataset: DatasetInfo | undefined, cell?: Pick<WidgetGrid, 'x' | 'y'>): WidgetConfig {
    const id = nextComponentId(entry.key, this.components);
    const { w, h } = entry.size;
    const widget = newComponent(entry, { id, title, dataset, cell: cell ?? firstFreeCell(this.components, w, h, this.columns) });
    widget.grid.w = Math.min(widget.grid.w, this.columns - widget.grid.x);
    this.change((next) => next.components.push(widget));
    this.selectedId = id;
    return widget;
  }

  /**
   * The canvas moved or resized cells: their places at `breakpoint` as react-grid-layout
   * laid them out (mirrored back when the canvas reads right to left). One undo step.
   */
  place(items: readonly GridItem[], breakpoint: EditedBreakpoint, rtl: boolean): void {
    const columns = this.columns;
    const cells = new Map(items.map((item) => [item.i, { x: rtl ? mirrorX(item, columns) : item.x, y: item.y, w: item.w, h: item.h }]));
    const key = breakpoint === 'medium' ? 'gridMedium' : 'grid';
    const moved = this.components.some((c) => {
      const cell = cells.get(c.id);
      return cell && !sameCell(c[key] ?? (key === 'gridMedium' ? c.grid : undefined), cell);
    });
    if (!moved) return;
    this.change((next) => {
      for (const component of next.components) {
        const cell = cells.get(component.id);
        if (cell) component[key] = cell;
      }
    });
  }

  /** Moves (`dx`, `dy`) or resizes (`dw`, `dh`) a component by whole cells, from the keyboard. */
  nudge(id: string, delta: Partial<WidgetGrid>, breakpoint: EditedBreakpoint): void {
    const component = this.components.find((c) => c.id === id);
    if (!component) return;
    const from = breakpoint === 'medium' ? (component.gridMedium ?? component.grid) : component.grid;
    // A resize keeps the start column and stops at the grid's end; a move keeps the width.
    const w = Math.max(1, Math.min(this.columns - from.x, from.w + (delta.w ?? 0)));
    const cell = {
      x: Math.max(0, Math.min(this.columns - w, from.x + (delta.x ?? 0))),
      y: Math.max(0, from.y + (delta.y ?? 0)),
      w,
      h: Math.max(1, Math.min(200, from.h + (delta.h ?? 0))),
    };
    if (sameCell(from, cell)) return;
    this.change((next) => {
      const target = next.components.find((c) => c.id === id)!;
      if (breakpoint === 'medium') target.gridMedium = cell;
      else target.grid = cell;
    }, `nudge:${id}:${breakpoint}`);
  }

  /** The medium layout follows the wide one again. */
  resetMediumLayout(): void {
    if (!this.components.some((c) => c.gridMedium)) return;
    this.change((next) => {
      for (const component of next.components) delete component.gridMedium;
    });
  }

  remove(id: string): void {
    if (!this.components.some((c) => c.id === id)) return;
    this.change((next) => {
      next.components = next.components.filter((c) => c.id !== id);
    });
    if (this.selectedId === id) this.selectedId = null;
    this.editIdx = -1;
  }

  /** A copy of a component under the others, selected. */
  duplicate(id: string): void {
    const original = this.components.find((c) => c.id === id);
    if (!original) return;
    const copy = clone(original);
    copy.id = nextComponentId(idStem(original.id), this.components);
    copy.grid = { ...copy.grid, y: bottomRow(this.components) };
    delete copy.gridMedium;
    this.change((next) => next.components.push(copy));
    this.selectedId = copy.id;
  }

  select(id: string | null): void {
    this.selectedId = id;
  }

  /** Opens a component's settings (spec §3: `editIdx`, `componentSet.nodeCode`). */
  openSettings(id: string): boolean {
    const index = this.components.findIndex((c) => c.id === id);
    if (index < 0) return false;
    this.editIdx = index;
    this.selectedId = id;
    this.componentSet = { ...this.componentSet, nodeCode: id };
    return true;
  }

  closeSettings(): void {
    this.editIdx = -1;
    this.componentSet = { ...this.componentSet, nodeCode: '' };
  }

  /**
   * Replaces the component whose settings are open; edits of one setting in a row (`tag`:
   * typing in the title) make one undo step.
   */
  updateEdited(next: WidgetConfig, tag: string | null = null): void {
    const edited = this.editedComponent;
    if (edited) this.updateComponent(edited.id, next, tag);
  }

  /** Replaces a component (its id stays); see {@link updateEdited} for `tag`. */
  updateComponent(id: string, next: WidgetConfig, tag: string | null = null): void {
    const index = this.components.findIndex((c) => c.id === id);
    if (index < 0) return;
    this.change((content) => {
      content.components[index] = { ...clone(next), id };
    }, tag && `component:${id}:${tag}`);
  }

  setName(name: LocalText): void {
    this.change((next) => {
      next.name = name;
    }, 'name');
    this.componentSet = { ...this.componentSet, name };
  }

  setDescription(description: LocalText): void {
    this.change((next) => {
      next.description = description;
    }, 'description');
  }

  setFilters(filters: PageFilter[], tag: string | null = null): void {
    this.change((next) => {
      next.filters = clone(filters);
    }, tag && `filters:${tag}`);
  }

  undo(): void {
    this.restore(this.history.undo(this.contentText));
  }

  redo(): void {
    this.restore(this.history.redo(this.contentText));
  }

  /** The draft as session storage keeps it. */
  get draft(): PlateDraft | null {
    if (!this.open) return null;
    return { plateId: this.plateId, revision: this.revision, saved: this.saved, content: this.content, editIdx: this.editIdx, componentSet: this.componentSet };
  }

  /** Takes back a draft kept over a reload (undo history starts afresh). */
  resume(draft: PlateDraft): void {
    this.load(draft.content);
    this.saved = draft.saved;
    this.plateId = draft.plateId;
    this.revision = draft.revision;
    this.editIdx = draft.editIdx;
    this.componentSet = { ...NEW_COMPONENT_SET, ...draft.componentSet };
  }

  private load(content: PlateContent): void {
    this.setContent(content);
    this.saved = this.contentText;
    this.open = true;
    this.editIdx = -1;
    this.selectedId = null;
    this.history.clear();
  }

  private setContent(content: PlateContent): void {
    const copy = clone(content);
    this.name = copy.name;
    this.description = copy.description;
    this.layout = copy.layout;
    this.filters = copy.filters;
    this.components = copy.components;
  }

  private restore(snapshot: string | undefined): void {
    if (snapshot === undefined) return;
    const editedId = this.editedComponent?.id;
    this.setContent(JSON.parse(snapshot) as PlateContent);
    this.editIdx = editedId === undefined ? -1 : this.components.findIndex((c) => c.id === editedId);
    if (!this.components.some((c) => c.id === this.selectedId)) this.selectedId = null;
  }

  /** Records the content for undo, then swaps in an edited copy of it. */
  private change(edit: (next: PlateContent) => void, tag: string | null = null): void {
    const before = this.contentText;
    const next = JSON.parse(before) as PlateContent;
    edit(next);
    this.history.record(before, tag);
    this.name = next.name;
    this.description = next.description;
    this.layout = next.layout;
    this.filters = next.filters;
    this.components = next.components;
  }
}

/** The editable parts of a stored plate. */
function contentOf(detail: PlateDetail): PlateContent {
  const { config } = detail;
  return {
    name: detail.name,
    description: detail.description ?? '',
    layout: config.layout ?? {},
    filters: config.filters ?? [],
    components: config.widgets,
  };
}

/** `bar3` -> `bar`: a duplicate is numbered like its original's kind. */
const idStem = (id: string): string => id.replace(/\d+$/, '');
