import { describe, expect, it } from 'vitest';
import type { PlateDetail } from '../../../../src/core/contracts/plates.ts';
import type { DatasetInfo } from '../../../../src/core/query/query-spec.ts';
import { PlateStore, type PlateDraft } from '../../../../src/web/stores/plate-store.ts';
import { widgetRegistry } from '../../../../widgets/registry.ts';

const requests: DatasetInfo = {
  code: 'form_7',
  name: 'Maintenance request',
  rowCount: 300,
  fields: [
    { name: 'building', title: 'Building', type: 'string' },
    { name: 'cost', title: 'Cost', type: 'number' },
    { name: 'reportedAt', title: 'Reported', type: 'date' },
  ],
};

/** A palette entry of the app's registry. */
const entry = (key: string) => widgetRegistry.paletteEntry(key)!;

function stored(overrides: Partial<PlateDetail> = {}): PlateDetail {
  return {
    id: 12,
    name: 'Backlog',
    description: 'By building',
    componentCount: 1,
    resourceId: null,
    revision: 3,
    updateTime: '2026-11-20 10:00:00',
    updatedByName: 'Alice',
    createTime: '2026-11-01 10:00:00',
    menu: null,
    can: { edit: true, delete: true, create: true },
    config: { title: 'Backlog', widgets: [{ id: 'kpi1', type: 'kpi', title: 'Requests', grid: { x: 0, y: 0, w: 6, h: 4 }, data: { dataset: 'form_7', measures: [{ agg: 'count' }] } }] },
    ...overrides,
  };
}

describe('plate store (spec §3: components, editIdx, componentSet)', () => {
  it('starts a new plate as a create draft, clean until something changes', () => {
    const store = new PlateStore();
    expect(store.open).toBe(false);
    store.startNew('Untitled plate');
    expect(store.componentSet).toEqual({ dataBoardCode: '', name: 'Untitled plate', nodeCode: '', type: 'create' });
    expect(store.editIdx).toBe(-1);
    expect(store.dirty).toBe(false);
    const added = store.add(entry('bar'), 'Bar chart', requests);
    expect(store.dirty).toBe(true);
    expect(added).toMatchObject({ id: 'bar1', type: 'chart', title: 'Bar chart', props: { kind: 'bar' }, grid: { x: 0, y: 0, w: 12, h: 8 } });
    expect(added.data).toEqual({ dataset: 'form_7', dimensions: ['building'], measures: [{ agg: 'count', as: 'count' }], sort: [{ field: 'count', order: 'desc' }], limit: 20 });
    expect(store.selectedId).toBe('bar1');
    // The next ones go in the first free place, row by row.
    expect(store.add(entry('line'), 'Line chart', requests).grid).toMatchObject({ x: 12, y: 0 });
    expect(store.add(entry('table'), 'Table', requests).grid).toMatchObject({ x: 0, y: 8 });
  });

  it('opens a stored plate as an edit draft; a save makes it clean and keeps editing it', () => {
    const store = new PlateStore();
    store.startEdit(stored());
    expect(store.componentSet).toEqual({ dataBoardCode: '12', name: 'Backlog', nodeCode: '', type: 'edit' });
    expect(store.holds('edit', 12)).toBe(true);
    expect(store.holds('edit', 13)).toBe(false);
    store.setName('Backlog 2026');
    expect(store.dirty).toBe(true);
    expect(store.config.title).toBe('Backlog 2026');
    store.markSaved(stored({ name: 'Backlog 2026', revision: 4, config: { ...stored().config, title: 'Backlog 2026' } }));
    expect(store.dirty).toBe(false);
    expect(store.revision).toBe(4);
    expect(store.componentSet.name).toBe('Backlog 2026');
  });

  it('a new plate once saved becomes an edit of the stored one', () => {
    const store = new PlateStore();
    store.startNew('Weekly');
    store.add(entry('kpi'), 'KPI card', requests);
    store.markSaved(stored({ id: 30, name: 'Weekly', description: '', revision: 1, config: store.config }));
    expect(store.componentSet).toMatchObject({ dataBoardCode: '30', type: 'edit' });
    expect(store.holds('edit', 30)).toBe(true);
    expect(store.dirty).toBe(false);
  });

  it('places cells as the canvas laid them out, mirrored back from a right-to-left canvas, in one undo step', () => {
    const store = new PlateStore();
    store.startNew('P');
    store.add(entry('bar'), 'Bar', requests);
    store.add(entry('pie'), 'Pie', requests);
    store.place(
      [
        { i: 'bar1', x: 12, y: 0, w: 12, h: 8 },
        { i: 'pie1', x: 0, y: 0, w: 6, h: 8 },
      ],
      'wide',
      true,
    );
    // On a 24-column plate read right to left, x 12 (w 12) is the start column 0; x 0 (w 6) is 18.
    expect(store.components.map((c) => c.grid)).toEqual([
      { x: 0, y: 0, w: 12, h: 8 },
      { x: 18, y: 0, w: 6, h: 8 },
    ]);
    store.undo();
    expect(store.components[1]!.grid).toEqual({ x: 12, y: 0, w: 6, h: 8 });
    store.redo();
    expect(store.components[1]!.grid).toEqual({ x: 18, y: 0, w: 6, h: 8 });
    // The same places again change nothing and record nothing.
    const steps = store.history.canUndo;
    store.place([{ i: 'bar1', x: 0, y: 0, w: 12, h: 8 }], 'wide', false);
    expect(store.history.canUndo).toBe(steps);
  });

  it('keeps the medium layout apart from the wide one until reset', () => {
    const store = new PlateStore();
    store.startNew('P');
    store.add(entry('pie'), 'Pie', requests);
    store.nudge('pie1', { w: 4 }, 'medium');
    expect(store.components[0]!.grid.w).toBe(6);
    expect(store.components[0]!.gridMedium).toEqual({ x: 0, y: 0, w: 10, h: 8 });
    store.resetMediumLayout();
    expect(store.components[0]!.gridMedium).toBeUndefined();
  });

  it('moves and resizes from the keyboard within the grid; repeated moves are one undo step', () => {
    const store = new PlateStore();
    store.startNew('P');
    store.add(entry('kpi'), 'KPI', requests);
    store.nudge('kpi1', { x: -1 }, 'wide');
    expect(store.components[0]!.grid.x).toBe(0);
    for (let i = 0; i < 30; i++) store.nudge('kpi1', { x: 1 }, 'wide');
    expect(store.components[0]!.grid).toEqual({ x: 18, y: 0, w: 6, h: 4 });
    store.nudge('kpi1', { w: 10 }, 'wide');
    expect(store.components[0]!.grid).toEqual({ x: 18, y: 0, w: 6, h: 4 });
    store.nudge('kpi1', { x: -8 }, 'wide');
    store.nudge('kpi1', { w: 10 }, 'wide');
    expect(store.components[0]!.grid).toEqual({ x: 10, y: 0, w: 14, h: 4 });
    store.nudge('kpi1', { h: 2 }, 'wide');
    expect(store.components[0]!.grid).toEqual({ x: 10, y: 0, w: 14, h: 6 });
    store.undo();
    expect(store.components[0]!.grid).toEqual({ x: 0, y: 0, w: 6, h: 4 });
  });

  it('opens a component\'s settings by editIdx and nodeCode, and edits it in place', () => {
    const store = new PlateStore();
    store.startEdit(stored());
    expect(store.openSettings('kpi1')).toBe(true);
    expect(store.editIdx).toBe(0);
    expect(store.componentSet.nodeCode).toBe('kpi1');
    store.updateEdited({ ...store.editedComponent!, title: 'R' }, 'title');
    store.updateEdited({ ...store.editedComponent!, title: 'Re' }, 'title');
    store.updateEdited({ ...store.editedComponent!, title: 'Requests open' }, 'title');
    expect(store.components[0]!.title).toBe('Requests open');
    // Typing in one setting is one step.
    store.undo();
    expect(store.components[0]!.title).toBe('Requests');
    expect(store.editIdx).toBe(0);
    store.closeSettings();
    expect(store.editIdx).toBe(-1);
    expect(store.componentSet.nodeCode).toBe('');
    expect(store.openSettings('missing')).toBe(false);
  });

  it('duplicates under the others with a fresh id, and removes', () => {
    const store = new PlateStore();
    store.startEdit(stored());
    store.duplicate('kpi1');
    expect(store.components.map((c) => c.id)).toEqual(['kpi1', 'kpi2']);
    expect(store.components[1]!.grid.y).toBe(4);
    store.remove('kpi1');
    expect(store.components.map((c) => c.id)).toEqual(['kpi2']);
    expect(store.selectedId).toBe('kpi2');
  });

  it('keeps its draft, unsaved edits included, across a reload', () => {
    const store = new PlateStore();
    store.startEdit(stored());
    store.add(entry('table'), 'Table', requests);
    store.openSettings('table1');
    const kept = JSON.parse(JSON.stringify(store.draft)) as PlateDraft;
    const again = new PlateStore();
    again.resume(kept);
    expect(again.dirty).toBe(true);
    expect(again.plateId).toBe(12);
    expect(again.revision).toBe(3);
    expect(again.editedComponent?.id).toBe('table1');
    expect(again.componentSet).toEqual(store.componentSet);
    again.close();
    expect(again.draft).toBeNull();
    expect(again.dirty).toBe(false);
  });
});
