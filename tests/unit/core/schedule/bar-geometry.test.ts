import { describe, expect, it } from 'vitest';
import { parseWallTime } from '../../../../src/core/schedule/model.ts';
import { barGeometry, LINK_GAP, linkRoute, MILESTONE_SIZE, ROW_HEIGHT, type BarInput } from '../../../../src/core/schedule/bar-geometry.ts';
import type { TimeView } from '../../../../src/core/schedule/time-scale.ts';

const DAY = 1440;
const start = parseWallTime('2027-03-01');
/** 10 px a day over 500 px. */
const ltr: TimeView = { start, pxPerMinute: 10 / DAY, width: 500, rtl: false };
const rtl: TimeView = { ...ltr, rtl: true };
const task = (fromDay: number, toDay: number, extra: Partial<BarInput> = {}): BarInput => ({ kind: 'task', start: start + fromDay * DAY, finish: start + toDay * DAY, percentComplete: 0, ...extra });

describe('bars', () => {
  it('a task runs from its start to its finish in its row, scrolled', () => {
    const bar = barGeometry(ltr, 3, 20, task(2, 7), false);
    expect(bar.bar).toEqual({ x: 20, y: 3 * ROW_HEIGHT - 20 + 7, width: 50, height: 14 });
    expect(bar.startX).toBe(20);
    expect(bar.finishX).toBe(70);
  });

  it('in Arabic the same task is mirrored: its start on the right', () => {
    const bar = barGeometry(rtl, 0, 0, task(2, 7), false);
    expect(bar.bar.x).toBe(500 - 70);
    expect(bar.bar.width).toBe(50);
    expect(bar.startX).toBe(480);
    expect(bar.finishX).toBe(430);
  });

  it('progress fills from the start side: the left, or the right in Arabic', () => {
    expect(barGeometry(ltr, 0, 0, task(0, 10, { percentComplete: 40 }), false).progress).toMatchObject({ x: 0, width: 40 });
    expect(barGeometry(rtl, 0, 0, task(0, 10, { percentComplete: 40 }), false).progress).toMatchObject({ x: 460, width: 40 });
    expect(barGeometry(ltr, 0, 0, task(0, 10, { percentComplete: 0 }), false).progress).toBeUndefined();
  });

  it('a milestone is a diamond centred on its date', () => {
    const bar = barGeometry(ltr, 1, 0, { ...task(4, 4), kind: 'milestone' }, false);
    expect(bar.bar).toEqual({ x: 40 - MILESTONE_SIZE / 2, y: bar.midY - MILESTONE_SIZE / 2, width: MILESTONE_SIZE, height: MILESTONE_SIZE });
    expect(bar.startX).toBe(bar.finishX);
  });

  it('with a baseline shown, the bar moves up and the baseline lies under it', () => {
    const bar = barGeometry(ltr, 0, 0, task(2, 7, { baseline: { start: start + DAY, finish: start + 5 * DAY } }), true);
    expect(bar.baseline).toEqual({ x: 10, y: 20, width: 40, height: 4 });
    expect(bar.bar.y + bar.bar.height).toBeLessThanOrEqual(bar.baseline!.y);
    expect(bar.baseline!.y + bar.baseline!.height).toBeLessThanOrEqual(ROW_HEIGHT);
    expect(barGeometry(rtl, 0, 0, task(2, 7, { baseline: { start: start + DAY, finish: start + 5 * DAY } }), true).baseline).toMatchObject({ x: 450, width: 40 });
  });
});

describe('link routes', () => {
  const pred = (view: TimeView) => barGeometry(view, 0, 0, task(0, 5), false);
  const later = (view: TimeView) => barGeometry(view, 2, 0, task(8, 12), false);
  const overlapping = (view: TimeView) => barGeometry(view, 2, 0, task(3, 9), false);

  it('FS with room: out of the finish, down, into the start, arrow pointing forward', () => {
    const route = linkRoute(pred(ltr), later(ltr), 'FS', false);
    const y0 = pred(ltr).midY;
    const y1 = later(ltr).midY;
    expect(route.points).toEqual([[50, y0], [80 - LINK_GAP, y0], [80 - LINK_GAP, y1], [80, y1]]);
    expect(route.arrow).toBe(1);
  });

  it('FS in Arabic is the mirror image', () => {
    const route = linkRoute(pred(rtl), later(rtl), 'FS', true);
    expect(route.points.map(([x]) => x)).toEqual([450, 420 + LINK_GAP, 420 + LINK_GAP, 420]);
    expect(route.arrow).toBe(-1);
  });

  it('FS into a task starting before the finish turns along the row boundary above the successor', () => {
    const route = linkRoute(pred(ltr), overlapping(ltr), 'FS', false);
    const turnY = overlapping(ltr).midY - ROW_HEIGHT / 2;
    expect(route.points).toEqual([
      [50, pred(ltr).midY],
      [50 + LINK_GAP, pred(ltr).midY],
      [50 + LINK_GAP, turnY],
      [30 - LINK_GAP, turnY],
      [30 - LINK_GAP, overlapping(ltr).midY],
      [30, overlapping(ltr).midY],
    ]);
  });

  it('SS leaves and enters the starts; FF the finishes; SF leaves the start and enters the finish', () => {
    const ss = linkRoute(pred(ltr), later(ltr), 'SS', false);
    expect(ss.points[0]![0]).toBe(0);
    expect(ss.points[1]![0]).toBe(-LINK_GAP);
    expect(ss.points.at(-1)![0]).toBe(80);
    expect(ss.arrow).toBe(1);
    const ff = linkRoute(pred(ltr), later(ltr), 'FF', false);
    expect(ff.points[0]![0]).toBe(50);
    expect(ff.points.at(-1)![0]).toBe(120);
    expect(ff.arrow).toBe(-1);
    const sf = linkRoute(pred(ltr), later(ltr), 'SF', false);
    expect(sf.points[0]![0]).toBe(0);
    expect(sf.points.at(-1)![0]).toBe(120);
    expect(sf.arrow).toBe(-1);
  });

  it('a link out of a milestone leaves from its diamond point', () => {
    const milestone = barGeometry(ltr, 0, 0, { ...task(5, 5), kind: 'milestone' }, false);
    const route = linkRoute(milestone, later(ltr), 'FS', false);
    expect(route.points[0]![0]).toBe(50 + MILESTONE_SIZE / 2);
  });
});
