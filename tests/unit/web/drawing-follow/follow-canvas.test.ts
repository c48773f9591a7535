import { describe, expect, it } from 'vitest';
import type { RevisionRow, SheetDetail } from '../../../../src/core/contracts/drawings.ts';
import type { FollowCreateBody, FollowDetail, FollowPin, FollowPinListBody, FollowPinRow } from '../../../../src/core/contracts/follows.ts';
import { fitPage, viewMatrix } from '../../../../src/core/drawings/viewport.ts';
import { ApiError } from '../../../../src/web/api/api-error.ts';
import type { FollowCanvasApi } from '../../../../src/web/pages/drawings/follow/follow-canvas-api.ts';
import { FollowCanvasStore, pinListBody, problemOf, shownRevision } from '../../../../src/web/pages/drawings/follow/follow-canvas-store.ts';
import { PIN, pinAt, pinsInView, screenOf, type PaintedPin } from '../../../../src/web/pages/drawings/follow/pin-paint.ts';

const SHEET = { width: 842, height: 595 };
const VIEW = { width: 1000, height: 700 };

const pin = (id: number, x: number, y: number): PaintedPin => ({ id, x, y, status: 'open', color: '#d4380d', icon: 'BugOutlined' });

describe('pins on the canvas', () => {
  const matrix = viewMatrix(fitPage(SHEET, VIEW), SHEET);

  it('finds the pin under the pointer by its head, the last drawn first, the selected one above all', () => {
    const a = pin(1, 100, 100);
    const b = pin(2, 101, 100);
    const [sx, sy] = screenOf(matrix, 100, 100);
    const head: [number, number] = [sx, sy - (PIN.tip - PIN.cy)];
    expect(pinAt([a, b], matrix, head, null)?.id).toBe(2);
    expect(pinAt([a, b], matrix, head, 1)?.id).toBe(1);
    expect(pinAt([a, b], matrix, [sx + 60, sy + 60], null)).toBeNull();
  });

  it('finds a dot on its point when the view is crowded, the selected one still a full pin', () => {
    const a = pin(1, 100, 100);
    const [sx, sy] = screenOf(matrix, 100, 100);
    expect(pinAt([a], matrix, [sx + 3, sy + 3], null, true)?.id).toBe(1);
    expect(pinAt([a], matrix, [sx, sy - (PIN.tip - PIN.cy)], null, true)).toBeNull();
    expect(pinAt([a], matrix, [sx, sy - (PIN.tip - PIN.cy) * 1.3], 1, true)?.id).toBe(1);
  });

  it('leaves out pins outside the view', () => {
    const zoomed = viewMatrix({ x: -2000, y: -1000, scale: 5, rotation: 0 }, SHEET);
    const pins = [pin(1, 10, 10), pin(2, 500, 300), pin(3, 830, 590)];
    expect(pinsInView(pins, matrix, VIEW).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(pinsInView(pins, zoomed, VIEW).map((p) => p.id)).toEqual([2]);
  });
});

describe('the pin list request', () => {
  it('sends the list’s filter as the list sends it, on the sheet and revision shown', () => {
    expect(pinListBody('NW', 4, null, {})).toEqual({ workspaceCode: 'NW', sheetId: 4 });
    const filter = {
      typeIds: [2],
      statuses: ['open' as const],
      assigneeIds: [0, 7],
      trades: ['HVAC'],
      priorities: [],
      dueFrom: '2026-01-01',
      createdFrom: '2026-02-01',
      createdTo: '2026-02-07',
      overdue: true,
      createdByMe: true,
      watchedByMe: false,
      text: 'stair',
      // The canvas's own sheet wins over one a saved filter names.
      sheetId: 99,
    };
    expect(pinListBody('NW', 4, 9, filter)).toEqual({
      workspaceCode: 'NW',
      sheetId: 4,
      revisionId: 9,
      typeIds: [2],
      statuses: ['open'],
      assigneeIds: [0, 7],
      trades: ['HVAC'],
      dueFrom: '2026-01-01',
      createdFrom: '2026-02-01',
      createdTo: '2026-02-07',
      overdue: true,
      createdByMe: true,
      text: 'stair',
    });
  });

  it('reads the refusal the server names', () => {
    expect(problemOf(new ApiError('x', 'http', 409, 409, { problem: 'stale', params: { by: 'Bob' } }))).toEqual({ code: 'stale', by: 'Bob' });
    expect(problemOf(new Error('offline'))).toEqual({ code: 'failed', by: null });
  });
});

const revision = (id: number, label: string, status: RevisionRow['status']): RevisionRow =>
  ({ id, sheetId: 4, number: 'A-101', title: 'Plan', label, status, kind: 'pdf', width: SHEET.width, height: SHEET.height }) as RevisionRow;
const sheetDetail: SheetDetail = {
  sheet: { id: 4, number: 'A-101', title: 'Plan', discipline: 'A', setId: null, setName: null, current: revision(11, 'B', 'current'), revisionCount: 2, pendingCount: 0, updateTime: '', updatedBy: null },
  revisions: [revision(12, 'C', 'pending'), revision(11, 'B', 'current'), revision(10, 'A', 'superseded')],
};

/** A server that keeps what it is sent. */
function fakeApi() {
  const calls: { created: FollowCreateBody[]; moved: [number, number, FollowPin][]; pins: FollowPinListBody[] } = { created: [], moved: [], pins: [] };
  const row = { id: 5, number: 'PI-0001', title: 'Crack', status: 'open', priority: 'normal', typeId: 1, typeName: 'Punch', color: '#d4380d', dueState: 'none', pin: { sheetId: 4, revisionId: 10, x: 50, y: 60, modelElementId: null, sheetNumber: 'A-101', sheetTitle: 'Plan', revisionLabel: 'A' }, fromRevision: 'A' } as FollowPinRow;
  const detail = { id: 5, revision: 3, canEdit: true, pin: row.pin, moves: ['start'] } as unknown as FollowDetail;
  const api = {
    sheets: async () => ({ rows: [sheetDetail.sheet], total: 1, disciplines: [] }),
    sheet: async () => sheetDetail,
    pins: async (body: FollowPinListBody) => (calls.pins.push(body), [row]),
    follow: async () => detail,
    create: async (body: FollowCreateBody) => (calls.created.push(body), { ...detail, id: 6 }),
    movePin: async (id: number, rev: number, at: FollowPin) => (calls.moved.push([id, rev, at]), { ...detail, pin: { ...row.pin, ...at } }),
    status: async () => detail,
    types: async () => [],
    people: async () => [],
    options: async () => [{ code: 'HVAC', label: 'HVAC' }],
  } as unknown as FollowCanvasApi;
  return { api, calls };
}

describe('the follow-up canvas', () => {
  const make = () => {
    const { api, calls } = fakeApi();
    const notices: string[] = [];
    const store = new FollowCanvasStore({ api, workspaceCode: 'NW', notify: (kind) => notices.push(kind), remember: () => undefined });
    return { store, calls, notices };
  };

  it('shows the current revision of a sheet, not the one waiting for review', async () => {
    expect(shownRevision(sheetDetail)?.label).toBe('B');
    const { store } = make();
    await store.load(null, null);
    expect(store.revisionId).toBe(11);
    expect(store.pins.map((row) => row.id)).toEqual([5]);
  });

  it('reads the pins again under a new filter, and offers the workspace’s trades', async () => {
    const { store, calls } = make();
    await store.load(4, null);
    expect(store.trades.map((option) => option.code)).toEqual(['HVAC']);
    store.setFilter({ statuses: ['closed'], createdFrom: '2026-02-01' });
    await Promise.resolve();
    expect(calls.pins.at(-1)).toEqual({ workspaceCode: 'NW', sheetId: 4, revisionId: 11, statuses: ['closed'], createdFrom: '2026-02-01' });
  });

  it('drops a pin on the sheet only, and creates the follow-up there on the revision shown', async () => {
    const { store, calls, notices } = make();
    await store.load(4, null);
    expect(store.dropAt(10, 10)).toBe(false);
    store.setPoints(true, false);
    store.setMode('drop');
    expect(store.dropAt(900, 10)).toBe(false);
    expect(store.dropAt(400, 300)).toBe(true);
    expect(await store.createFollow({ typeId: 1, title: '  Loose tile ', assigneeIds: [], dueDate: null, photoFileIds: [] })).toBe(true);
    expect(calls.created[0]).toMatchObject({ workspaceCode: 'NW', typeId: 1, title: 'Loose tile', pin: { sheetId: 4, revisionId: 11, x: 400, y: 300 } });
    expect(store.draft).toBeNull();
    expect(store.selectedId).toBe(6);
    expect(notices).toContain('created');
  });

  it('lets an editor drag the follow-up they opened, a manager any, and saves the move with its revision', async () => {
    const { store, calls } = make();
    await store.load(4, null);
    store.setPoints(true, false);
    expect(store.canMove(5)).toBe(false);
    await store.openFollow(5);
    expect(store.canMove(5)).toBe(true);
    store.dragTo(5, 2000, 120);
    expect(store.painted.find((p) => p.id === 5)).toMatchObject({ x: SHEET.width, y: 120 });
    await store.endMove();
    expect(calls.moved).toEqual([[5, 3, { sheetId: 4, revisionId: 11, x: SHEET.width, y: 120, modelElementId: null }]]);
    expect(store.moving).toBeNull();
  });
});
