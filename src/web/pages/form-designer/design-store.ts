import { makeAutoObservable, observableRef } from 'mobx';
import { EditHistory } from '../../ui/edit-history.ts';
import type { Problem } from '../../../core/validation/problems.ts';
import {
  FIELD_TYPES,
  isSection,
  type FieldDesign,
  type FieldType,
  type FormDesign,
  type FormItem,
  type SectionDesign,
} from '../../../core/forms/form-design.ts';

/** Where a new or moved field goes: a container (null: the form itself, else a section key) and an index in it. */
export interface DropTarget {
  section: string | null;
  index?: number;
}

/** Checks a design the way the server will (meta-schema and cross checks). */
export type DesignCheck = (design: FormDesign) => Problem[];

/**
 * A design problem with the item it concerns, for the problem list to select, and the
 * item's property it is about (`fields`, `options`, `label`…; '' for the item as a whole),
 * for the properties panel to show it there.
 */
export interface LocatedProblem extends Problem {
  itemKey: string | null;
  property: string;
}

// Through JSON: the design may be an observable proxy, which structuredClone refuses.
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The first free key of the form `<type><n>` (sub-table columns have their own key space). */
export function nextFieldKey(type: FieldType | 'section', taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const key = `${type}${n}`;
    if (!taken.has(key)) return key;
  }
}

/** A new field as the palette drops it: what its type needs to be valid, bar what the designer must choose (a formula). */
export function newField(type: FieldType, key: string, label: string): FieldDesign {
  const field: FieldDesign = { key, type, label };
  if (FIELD_TYPES[type].choice) {
    field.options = [1, 2, 3].map((n) => ({ value: `option${n}`, label: `${label} ${n}` }));
  }
  if (type === 'subtable') field.fields = [];
  if (type === 'description') field.content = label;
  if (type === 'computed') field.resultType = 'number';
  return field;
}

/** Where a design path such as `items[2].fields[0].formula` points: the field (or section) and its property. */
export function placeOfPath(design: FormDesign, path: string): { itemKey: string | null; property: string } {
  const match = /^items\[(\d+)\](?:\.fields\[(\d+)\])?/.exec(path);
  const item = match ? design.items[Number(match[1])] : undefined;
  if (!match || !item) return { itemKey: null, property: '' };
  const inSection = match[2] !== undefined && isSection(item) ? item.fields[Number(match[2])] : undefined;
  const rest = path.slice(inSection ? match[0].length : `items[${match[1]}]`.length);
  return { itemKey: inSection?.key ?? item.key, property: /^\.?(\w+)/.exec(rest)?.[1] ?? '' };
}

/** Item keys of a design path such as `items[2].fields[0].formula`: the field (or section) it is about. */
export function itemKeyOfPath(design: FormDesign, path: string): string | null {
  return placeOfPath(design, path).itemKey;
}

/**
 * The designer's working copy of a form design: the items, the selection, undo/redo and the
 * design's problems. Every edit goes through `change`, which records the step for undo.
 */
export class DesignStore {
  design: FormDesign;
  selected: string | null = null;
  /** What the server refused in the last save that this browser's checks did not find; cleared by the next edit. */
  serverProblems: Problem[] = [];
  private saved: string;
  private readonly history = new EditHistory();

  constructor(
    design: FormDesign,
    private readonly check: DesignCheck,
    /** Keys of the published version: they may not change any more. */
    public publishedKeys: ReadonlySet<string> = new Set(),
  ) {
    this.design = clone(design);
    this.saved = JSON.stringify(design);
    makeAutoObservable<DesignStore, 'check' | 'history'>(this, { check: false, history: false, publishedKeys: observableRef });
  }

  get dirty(): boolean {
    return JSON.stringify(this.design) !== this.saved;
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  get problems(): LocatedProblem[] {
    const own = this.check(this.design);
    const more = this.serverProblems.filter((p) => !own.some((o) => o.path === p.path));
    return [...own, ...more].map((p) => ({ ...p, ...placeOfPath(this.design, p.path) }));
  }

  /** Problems the server found in the design just sent (paths under the design). */
  setServerProblems(problems: Problem[]): void {
    this.serverProblems = problems;
  }

  /** The problems of one item, for its card and its properties. */
  problemsOf(key: string): LocatedProblem[] {
    return this.problems.filter((p) => p.itemKey === key);
  }

  /** Every key in use at the top level (fields and sections). */
  get keys(): Set<string> {
    const keys = new Set<string>();
    for (const item of this.design.items) {
      keys.add(item.key);
      if (isSection(item)) item.fields.forEach((f) => keys.add(f.key));
    }
    return keys;
  }

  get selectedItem(): FormItem | null {
    return this.selected === null ? null : this.find(this.selected)?.item ?? null;
  }

  /** An item by key, with the list that holds it. */
  find(key: string): { item: FormItem; list: FormItem[]; section: SectionDesign | null; index: number } | null {
    const top = this.design.items.findIndex((item) => item.key === key);
    if (top >= 0) return { item: this.design.items[top]!, list: this.design.items, section: null, index: top };
    for (const item of this.design.items) {
      if (!isSection(item)) continue;
      const index = item.fields.findIndex((f) => f.key === key);
      if (index >= 0) return { item: item.fields[index]!, list: item.fields, section: item, index };
    }
    return null;
  }

  select(key: string | null): void {
    this.selected = key;
  }

  /** Adds a field of `type` (at the end of the form unless `to` says where) and selects it. */
  addField(type: FieldType, label: string, to: DropTarget = { section: null }): string {
    const key = nextFieldKey(type, this.keys);
    this.change(() => this.insert(newField(type, key, label), to));
    this.selected = key;
    return key;
  }

  addSection(title: string, index?: number): string {
    const key = nextFieldKey('section', this.keys);
    this.change(() => {
      const section: SectionDesign = { key, type: 'section', title, fields: [] };
      this.design.items.splice(index ?? this.design.items.length, 0, section);
    });
    this.selected = key;
    return key;
  }

  /** Moves an item to a container and index; a section never goes inside another. */
  move(key: string, to: DropTarget): void {
    const from = this.find(key);
    if (!from || (isSection(from.item) && to.section !== null)) return;
    if (to.section !== null && !this.sectionOf(to.section)) return;
    const sameList = (from.section?.key ?? null) === to.section;
    const index = to.index ?? Number.MAX_SAFE_INTEGER;
    if (sameList && index === from.index) return;
    this.change(() => {
      const source = this.find(key)!;
      source.list.splice(source.index, 1);
      this.insert(source.item, to);
    });
  }

  remove(key: string): void {
    if (!this.find(key)) return;
    this.change(() => {
      const found = this.find(key)!;
      found.list.splice(found.index, 1);
    });
    if (this.selected === key || !this.find(this.selected ?? '')) this.selected = null;
  }

  /** Changes properties of an item; a key change follows into the selection. */
  update(key: string, patch: Partial<FieldDesign> | Partial<SectionDesign>): void {
    if (!this.find(key)) return;
    // Keystrokes in one property of one item make one undo step.
    this.change(() => {
      const found = this.find(key)!;
      const next = { ...found.item, ...patch } as Record<string, unknown>;
      // Undefined means "not set": the stored design holds no such property.
      for (const [name, value] of Object.entries(next)) if (value === undefined) delete next[name];
      found.list[found.index] = next as unknown as FormItem;
    }, `${key}:${Object.keys(patch).sort().join(',')}`);
    if (patch.key !== undefined && this.selected === key) this.selected = patch.key;
  }

  undo(): void {
    this.restore(this.history.undo(JSON.stringify(this.design)));
  }

  redo(): void {
    this.restore(this.history.redo(JSON.stringify(this.design)));
  }

  private restore(snapshot: string | undefined): void {
    if (snapshot === undefined) return;
    this.design = JSON.parse(snapshot) as FormDesign;
    this.keepSelection();
  }

  /** The design the server now holds (after a load or a save). */
  markSaved(design: FormDesign = this.design): void {
    this.design = clone(design);
    this.saved = JSON.stringify(design);
    this.keepSelection();
  }

  setPublishedKeys(keys: ReadonlySet<string>): void {
    this.publishedKeys = keys;
  }

  private sectionOf(key: string): SectionDesign | null {
    const item = this.design.items.find((each) => each.key === key);
    return item && isSection(item) ? item : null;
  }

  private insert(field: FieldDesign | SectionDesign, to: DropTarget): void {
    const list: FormItem[] = to.section === null ? this.design.items : this.sectionOf(to.section)!.fields;
    list.splice(Math.min(to.index ?? list.length, list.length), 0, field);
  }

  private change(edit: () => void, mergeTag: string | null = null): void {
    this.history.record(JSON.stringify(this.design), mergeTag);
    this.serverProblems = [];
    edit();
  }

  private keepSelection(): void {
    if (this.selected !== null && !this.find(this.selected)) this.selected = null;
  }
}
