import { describe, expect, it } from 'vitest';
import markupSchema from '../../../../schemas/meta/drawing-markup.schema.json';
import type { RevisionDetail, RevisionRow } from '../../../../src/core/contracts/drawings.ts';
import type { Markup, MarkupInput } from '../../../../src/core/drawings/markup.ts';
import { createAjv } from '../../../../src/core/validation/ajv.ts';
import { ApiError } from '../../../../src/web/api/api-error.ts';
import type { MarkupApi } from '../../../../src/web/pages/drawings/markups/markup-api.ts';
import { MarkupStore, type CanvasNotice } from '../../../../src/web/pages/drawings/markups/markup-store.ts';

const validate = createAjv({ useDefaults: false }).compile(markupSchema);

/** The markup endpoints as the server answers them: ids, a revision per save, 409 for a stale one, and every call in order. */
function markupServer() {
  const rows = new Map<number, Markup>();
  const calls: string[] = [];
  let nextId = 1;
  const api = {
    revision: async () =>
      ({ revision: { id: 7, sheetId: 3, width: 842, height: 595, kind: 'pdf', label: 'B' } as RevisionRow, sheet: null, calibration: null }) as RevisionDetail,
    markups: async () => [...rows.values()].map((m) => structuredClone(m)),
    save: async (revisionId: number, input: MarkupInput) => {
      expect(validate(input), JSON.stringify(validate.errors)).toBe(true);
      if (input.id !== undefined) {
        const row = rows.get(input.id);
        if (!row) throw new ApiError('gone', 'http', 404, 404);
        if (row.revision !== input.revision) throw new ApiError('The markup was changed meanwhile.', 'http', 409, 409);
        calls.push(`update ${input.id}`);
        const updated = { ...row, ...structuredClone(input), id: row.id, revision: row.revision + 1 } as Markup;
        rows.set(row.id, updated);
        return structuredClone(updated);
      }
      const id = nextId++;
      calls.push(`create ${id}`);
      const created = { ...structuredClone(input), id, revision: 1, sheetId: 3, revisionId, authorId: 2, authorName: 'Alice Chen', createTime: '', updateTime: '', fromRevision: null } as Markup;
      rows.set(id, created);
      return structuredClone(created);
    },
    remove: async (ids: number[]) => {
      for (const id of ids) rows.delete(id);
      calls.push(`delete ${ids.join(',')}`);
      return null;
    },
    calibrate: async () => null,
  } as unknown as MarkupApi;
  return { api, rows, calls };
}

async function canvas(canEdit = true) {
  const server = markupServer();
  const notices: CanvasNotice[] = [];
  const store = new MarkupStore({ api: server.api, validate: (m) => validate(m), notify: (n) => notices.push(n) }, 7, canEdit);
  await store.load();
  return { store, server, notices };
}

describe('the markup canvas store', () => {
  it('saves a drawn markup, then its move as an update of the same markup', async () => {
    const { store, server } = await canvas();
    store.select([store.add({ kind: 'rectangle', points: [[10, 10], [50, 40]] })!]);
    store.moveSelection(5, 5);
    await store.settled();
    expect(server.calls).toEqual(['create 1', 'update 1']);
    expect(server.rows.get(1)!.points).toEqual([[15, 15], [55, 45]]);
    expect(store.visible[0]!.stored).toMatchObject({ id: 1, revision: 2 });
  });

  it('undoes a drawing by deleting it, and redoes it by making it again under a new id', async () => {
    const { store, server } = await canvas();
    store.add({ kind: 'line', points: [[0, 0], [10, 10]] });
    await store.settled();
    store.undo();
    expect(store.visible).toHaveLength(0);
    await store.settled();
    store.redo();
    await store.settled();
    expect(server.calls).toEqual(['create 1', 'delete 1', 'create 2']);
    expect([...server.rows.keys()]).toEqual([2]);
    expect(store.canRedo).toBe(false);
  });

  it('sends what the canvas shows when the saves run, so quick undo and redo keep the one markup', async () => {
    const { store, server } = await canvas();
    store.add({ kind: 'line', points: [[0, 0], [10, 10]] });
    store.undo();
    store.redo();
    await store.settled();
    expect([...server.rows.keys()]).toEqual([1]);
    expect(server.calls[0]).toBe('create 1');
  });

  it('undoes a delete of several markups in one step', async () => {
    const { store, server } = await canvas();
    const a = store.add({ kind: 'line', points: [[0, 0], [10, 10]] })!;
    const b = store.add({ kind: 'ellipse', points: [[20, 20], [30, 30]] })!;
    store.select([a, b]);
    store.deleteSelection();
    await store.settled();
    expect(server.rows.size).toBe(0);
    store.undo();
    await store.settled();
    expect([...server.rows.values()].map((m) => m.kind).sort()).toEqual(['ellipse', 'line']);
  });

  it('reloads and says so when someone else changed the markup meanwhile (409)', async () => {
    const { store, server, notices } = await canvas();
    store.select([store.add({ kind: 'rectangle', points: [[10, 10], [50, 40]] })!]);
    await store.settled();
    // Someone else moves it: the server's revision goes on.
    server.rows.set(1, { ...server.rows.get(1)!, points: [[100, 100], [140, 130]], revision: 2 });
    store.moveSelection(1, 1);
    await store.settled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(notices).toEqual(['conflict']);
    expect(store.visible[0]!.body!.points).toEqual([[100, 100], [140, 130]]);
    expect(store.canUndo).toBe(false);
  });

  it('does not send a markup the schema refuses', async () => {
    const { store, server, notices } = await canvas();
    store.add({ kind: 'text', points: [[10, 10]], text: 'x'.repeat(2001) });
    await store.settled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.calls).toEqual([]);
    expect(notices).toEqual(['invalid']);
  });

  it('draws nothing for someone without the annotate right', async () => {
    const { store, server } = await canvas(false);
    expect(store.add({ kind: 'line', points: [[0, 0], [1, 1]] })).toBeNull();
    store.setTool('rectangle');
    expect(store.tool).toBe('pan');
    expect(server.calls).toEqual([]);
  });
});
