import { describe, expect, it } from 'vitest';
import { barGeometry, ROW_HEIGHT } from '../../../../src/core/schedule/bar-geometry.ts';
import { parseWallTime } from '../../../../src/core/schedule/model.ts';
import type { TimeView } from '../../../../src/core/schedule/time-scale.ts';
import { handleX, linkTypeAt, previewAt, snapMinutes, zoneAt, type BarDrag } from '../../../../src/web/gantt/bar-drag.ts';

const DAY = 1440;
const start = parseWallTime('2027-03-01');
/** 20 px a day over 800 px. */
const ltr: TimeView = { start, pxPerMinute: 20 / DAY, width: 800, rtl: false };
const rtl: TimeView = { ...ltr, rtl: true };
// Days 2 to 7 of the view, in the first row.
const bar = (view: TimeView, percentComplete = 0) => barGeometry(view, 0, 0, { kind: 'task', start: start + 2 * DAY, finish: start + 7 * DAY, percentComplete }, false);
const middle = 7 + 7; // the bar's middle height in row 0

describe('a bar under the pointer', () => {
  it('moves from its middle, changes its finish at the finish end, and sets progress at its start end', () => {
    const b = bar(ltr); // x 40..140
    expect(zoneAt(b, 90, middle, false)).toBe('move');
    expect(zoneAt(b, 138, middle, false)).toBe('finish');
    expect(zoneAt(b, 42, middle, false)).toBe('progress');
    expect(zoneAt(b, 90, ROW_HEIGHT - 1, false)).toBeNull();
    expect(zoneAt(b, 200, middle, false)).toBeNull();
  });

  it('draws a link from the handle beyond either end', () => {
    const b = bar(ltr);
    expect(handleX(b, 'finish', false)).toBe(150);
    expect(zoneAt(b, 151, middle, false)).toBe('linkFromFinish');
    expect(zoneAt(b, 29, middle, false)).toBe('linkFromStart');
  });

  it('is mirrored in Arabic: the finish end and its handle on the left', () => {
    const b = bar(rtl); // x 660..760, finish at 660
    expect(zoneAt(b, 662, middle, true)).toBe('finish');
    expect(zoneAt(b, 758, middle, true)).toBe('progress');
    expect(zoneAt(b, 650, middle, true)).toBe('linkFromFinish');
  });

  it('takes the progress edge where the progress reaches', () => {
    expect(zoneAt(bar(ltr, 50), 90, middle, false)).toBe('progress');
    expect(zoneAt(bar(ltr, 50), 100, middle, false)).toBe('move');
  });

  it('leaves a summary alone: it is rolled up from its rows', () => {
    const summary = barGeometry(ltr, 0, 0, { kind: 'summary', start: start + 2 * DAY, finish: start + 7 * DAY, percentComplete: 0 }, false);
    expect(zoneAt(summary, 90, summary.midY, false)).toBeNull();
  });
});

describe('a drag', () => {
  const drag = (zone: BarDrag['zone'], fromX: number): BarDrag => ({
    taskId: 1,
    zone,
    start: start + 2 * DAY + 480,
    finish: start + 7 * DAY - 420,
    percent: 0,
    fromX,
    x: fromX,
    y: middle,
    preview: { start: 0, finish: 0, percent: 0 },
    target: null,
  });

  it('snaps a moved start to the day, or to the hour where hours show', () => {
    expect(snapMinutes(ltr.pxPerMinute)).toBe(DAY);
    expect(snapMinutes(60 / 60)).toBe(60);
    // Three days and a bit later: the day three days on.
    expect(previewAt(drag('move', 90), ltr, 90 + 3 * 20 + 4).start).toBe(start + 5 * DAY);
    expect(previewAt(drag('move', 90), rtl, 90 - 3 * 20).start).toBe(start + 5 * DAY);
  });

  it('ends a resized bar at a day\'s end, never before its start', () => {
    expect(previewAt(drag('finish', 140), ltr, 181).finish).toBe(start + 9 * DAY);
    expect(previewAt(drag('finish', 140), ltr, 0).finish).toBe(start + 3 * DAY + 480);
  });

  it('sets progress by where the pointer is along the bar, 0 to 100', () => {
    const d = drag('progress', 40);
    const span = d.finish - d.start;
    const x = 40 + ((span / 2) * ltr.pxPerMinute) + (480 * ltr.pxPerMinute);
    expect(previewAt(d, ltr, x).percent).toBe(50);
    expect(previewAt(d, ltr, 1000).percent).toBe(100);
    expect(previewAt(d, ltr, 0).percent).toBe(0);
  });

  it('links to the nearer end of the bar dropped on', () => {
    const target = bar(ltr);
    expect(linkTypeAt('linkFromFinish', target, 45)).toBe('FS');
    expect(linkTypeAt('linkFromFinish', target, 135)).toBe('FF');
    expect(linkTypeAt('linkFromStart', target, 45)).toBe('SS');
    expect(linkTypeAt('linkFromStart', target, 135)).toBe('SF');
  });
});
