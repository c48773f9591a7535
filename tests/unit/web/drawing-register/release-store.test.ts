import { describe, expect, it } from 'vitest';
import type { RevisionRow, RevisionUpdateBody, SheetRow } from '../../../../src/core/contracts/drawings.ts';
import { disciplineReading, type DisciplineReading } from '../../../../src/core/drawings/disciplines.ts';
import { ReleaseStore } from '../../../../src/web/pages/drawings/release/release-store.ts';
import type { DrawingApi } from '../../../../src/web/drawing-kit/drawing-api.ts';

const revision = (id: number, number: string, change: Partial<RevisionRow> = {}): RevisionRow => ({
  id,
  sheetId: null,
  number,
  title: `Sheet ${number}`,
  discipline: 'A',
  label: 'A',
  status: 'pending',
  kind: 'pdf',
  fileName: 'set.pdf',
  page: id,
  width: 1190,
  height: 842,
  readNumber: number,
  readTitle: `Sheet ${number}`,
  uploadedBy: 'Alice',
  createTime: '2026-11-27 10:00:00',
  publishedBy: null,
  publishTime: null,
  setId: null,
  ...change,
});

/** A store over a fake API holding two new pages and a new revision of A-101 (current B), in a workspace reading numbers as given (the defaults unless told). */
function setUp(numbering: () => Promise<DisciplineReading> = async () => disciplineReading(null, null)) {
  const calls: string[] = [];
  let rows = [revision(1, 'A-201'), revision(2, 'A-202'), revision(3, 'A-101', { sheetId: 50, label: 'C' })];
  const sheet = { id: 50, number: 'A-101', current: revision(9, 'A-101', { status: 'current', label: 'B' }) } as SheetRow;
  const api = {
    pending: async () => (calls.push('pending'), { rows, total: rows.length }),
    sets: async () => [],
    numbering,
    revision: async (id: number) => (calls.push(`revision ${id}`), { revision: rows.find((r) => r.id === id)!, sheet, calibration: null }),
    updateRevision: async (body: RevisionUpdateBody) => {
      calls.push(`update ${body.id} ${body.number}`);
      const saved = { ...rows.find((r) => r.id === body.id)!, ...body };
      rows = rows.map((r) => (r.id === body.id ? saved : r));
      return saved;
    },
    publish: async (ids: number[]) => {
      calls.push(`publish ${ids.join()}`);
      rows = rows.filter((r) => !ids.includes(r.id));
    },
    reject: async (ids: number[]) => {
      calls.push(`reject ${ids.join()}`);
      rows = rows.filter((r) => !ids.includes(r.id));
    },
  } as unknown as DrawingApi;
  return { store: new ReleaseStore(api, 'NW-HQ'), calls };
}

describe('the revisions waiting for review', () => {
  it('says what each becomes: a new sheet, or the next revision of a sheet with its current label', async () => {
    const { store } = setUp();
    await store.start();
    expect(store.rows.map((row) => store.target(row))).toEqual([
      { kind: 'newSheet' },
      { kind: 'newSheet' },
      { kind: 'newRevision', number: 'A-101', currentLabel: 'B' },
    ]);
  });

  it('saves unsaved corrections before publishing, and publishes nothing while one has a problem', async () => {
    const { store, calls } = setUp();
    await store.start();
    const [first, second] = store.rows;
    store.change(first!, { number: '' });
    store.toggle(first!.id, true);
    store.toggle(second!.id, true);
    expect(await store.publish(store.selectedRows)).toEqual({ ok: false, reason: 'invalid' });
    expect(calls.filter((call) => call.startsWith('publish'))).toEqual([]);

    store.change(first!, { number: 's-201' });
    expect(store.editOf(first!).discipline).toBe('S');
    expect(await store.publish(store.selectedRows)).toEqual({ ok: true, count: 2 });
    expect(calls).toContain('update 1 S-201');
    expect(calls.indexOf('update 1 S-201')).toBeLessThan(calls.indexOf('publish 1,2'));
    expect(store.rows.map((row) => row.id)).toEqual([3]);
    expect(store.selected.size).toBe(0);
  });

  it('reads a new number’s discipline by the workspace’s rule and codes, and leaves it to the reviewer when they cannot be read', async () => {
    const { store } = setUp(async () => disciplineReading('{discipline}.{01}', ['A', 'HV', 'X']));
    await store.start();
    const row = store.rows[0]!;
    store.change(row, { number: 'HV.07' });
    expect(store.editOf(row).discipline).toBe('HV');
    // S is no code of this workspace: the number names none of its disciplines.
    store.change(row, { number: 'S.01' });
    expect(store.editOf(row).discipline).toBe('X');

    const unread = setUp(async () => Promise.reject(new Error('offline')));
    await unread.store.start();
    const first = unread.store.rows[0]!;
    unread.store.change(first, { number: 'S-201' });
    expect(unread.store.editOf(first)).toMatchObject({ number: 'S-201', discipline: 'A' });
  });

  it('drops a change that comes back to what is stored, and picks all of a page or none', async () => {
    const { store } = setUp();
    await store.start();
    const row = store.rows[0]!;
    store.change(row, { title: 'Roof plan' });
    expect(store.dirty(row)).toBe(true);
    store.change(row, { title: row.title });
    expect(store.dirty(row)).toBe(false);
    store.toggleAll();
    expect(store.selectedRows).toHaveLength(3);
    store.toggleAll();
    expect(store.selectedRows).toHaveLength(0);
  });

  it('rejects without saving corrections', async () => {
    const { store, calls } = setUp();
    await store.start();
    const row = store.rows[2]!;
    store.change(row, { label: 'D' });
    expect(await store.reject([row])).toEqual({ ok: true, count: 1 });
    expect(calls.some((call) => call.startsWith('update'))).toBe(false);
    expect(calls).toContain('reject 3');
  });
});
