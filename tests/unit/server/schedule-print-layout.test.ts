import { describe, expect, it } from 'vitest';
import { ROW_HEIGHT } from '../../../src/core/schedule/bar-geometry.ts';
import { parseWallTime } from '../../../src/core/schedule/model.ts';
import {
  clipPolyline,
  crossesRange,
  fitTimeScale,
  FOOTER_HEIGHT,
  PAGE_MARGIN,
  pageSize,
  POINTS_PER_UNIT,
  printRange,
  rowsPerPage,
  splitPages,
  TABLE_HEAD_HEIGHT,
  TITLE_HEIGHT,
} from '../../../src/server/modules/schedule/print/print-layout.ts';
import { pictureFit } from '../../../src/server/modules/schedule/print/print-png.ts';
import { SCHEDULE_PNG_MAX_PX } from '../../../src/core/contracts/schedules.ts';

const day = (text: string) => parseWallTime(text);

describe('printed schedule: the time scale', () => {
  it('fits the range exactly across the timeline, whatever its length', () => {
    const fit = fitTimeScale(day('2027-03-01'), day('2027-04-12'), 900, false);
    expect(fit.view.start).toBe(day('2027-03-01'));
    expect(fit.view.pxPerMinute * (day('2027-04-12') - day('2027-03-01'))).toBeCloseTo(900);
  });

  it('takes the finest scale whose lower cells can be labelled: hours for a day, days for six weeks, weeks for a quarter, months for a year, years for decades', () => {
    expect(fitTimeScale(day('2027-03-01'), day('2027-04-12'), 900, false).level.key).toBe('days');
    expect(fitTimeScale(day('2027-03-01'), day('2027-03-02'), 900, false).level.key).toBe('hours');
    expect(fitTimeScale(day('2027-01-01'), day('2028-01-01'), 900, false).level.key).toBe('months');
    expect(fitTimeScale(day('2027-01-01'), day('2027-04-01'), 900, false).level.key).toBe('weeks');
    expect(fitTimeScale(day('2020-01-01'), day('2045-01-01'), 900, false).level.key).toBe('years');
  });

  it('shades non-working days only while a day is wide enough to see', () => {
    expect(fitTimeScale(day('2027-03-01'), day('2027-04-12'), 900, false).shade).toBe('days');
    expect(fitTimeScale(day('2020-01-01'), day('2030-01-01'), 900, false).shade).toBe('none');
  });

  it('runs right to left for Arabic', () => {
    expect(fitTimeScale(day('2027-03-01'), day('2027-04-12'), 900, true).view.rtl).toBe(true);
  });
});

describe('printed schedule: the range', () => {
  it('covers both days asked for, else the schedule with a day either side', () => {
    expect(printRange({ from: '2027-03-01', to: '2027-03-31' }, null, 0)).toEqual({ from: day('2027-03-01'), to: day('2027-04-01') });
    expect(printRange({}, { start: day('2027-03-01') + 480, finish: day('2027-06-30') + 1020 }, 0)).toEqual({ from: day('2027-02-28'), to: day('2027-07-02') });
  });

  it('keeps the tasks whose bars cross it, milestones on its edges included', () => {
    const [from, to] = [day('2027-03-10'), day('2027-03-20')];
    expect(crossesRange({ start: day('2027-03-01'), finish: day('2027-03-11') }, from, to)).toBe(true);
    expect(crossesRange({ start: day('2027-03-01'), finish: day('2027-04-11') }, from, to)).toBe(true);
    expect(crossesRange({ start: day('2027-03-01'), finish: day('2027-03-09') }, from, to)).toBe(false);
    expect(crossesRange({ start: day('2027-03-21'), finish: day('2027-03-25') }, from, to)).toBe(false);
    expect(crossesRange({ start: to, finish: to + 480 }, from, to)).toBe(false);
    expect(crossesRange({ start: to, finish: to }, from, to)).toBe(true);
  });
});

describe('printed schedule: pages', () => {
  it('turns a paper for landscape and measures it in chart units', () => {
    const portrait = pageSize('A4', 'portrait');
    const landscape = pageSize('A4', 'landscape');
    expect(portrait.width * POINTS_PER_UNIT).toBeCloseTo(595.28);
    expect(landscape.width).toBeCloseTo(portrait.height);
    expect(pageSize('Tabloid', 'landscape').width * POINTS_PER_UNIT).toBeCloseTo(1224);
  });

  it('holds as many rows as fit between the heading and the footer, the first page fewer for the title', () => {
    const page = pageSize('A4', 'landscape');
    const body = page.height - 2 * PAGE_MARGIN - TABLE_HEAD_HEIGHT - FOOTER_HEIGHT;
    expect(rowsPerPage(page, false)).toBe(Math.floor(body / ROW_HEIGHT));
    expect(rowsPerPage(page, true)).toBe(Math.floor((body - TITLE_HEIGHT) / ROW_HEIGHT));
  });

  it('splits rows over as many pages as they need, every row once, and prints an empty schedule on one page', () => {
    const page = pageSize('A4', 'landscape');
    const [first, rest] = [rowsPerPage(page, true), rowsPerPage(page, false)];
    const pages = splitPages(first + 2 * rest + 1, page);
    expect(pages).toEqual([
      [0, first],
      [first, first + rest],
      [first + rest, first + 2 * rest],
      [first + 2 * rest, first + 2 * rest + 1],
    ]);
    expect(splitPages(0, page)).toEqual([[0, 0]]);
    expect(splitPages(150, pageSize('A1', 'landscape')).length).toBeLessThan(splitPages(150, page).length);
  });

  it('draws a long picture smaller, then cuts its rows, within the pixel limit', () => {
    const width = pageSize('A4', 'landscape').width;
    expect(pictureFit(40, width)).toEqual({ rows: 40, scale: 1.5 });
    const tall = pictureFit(500, width);
    expect(tall.rows).toBe(500);
    expect(tall.scale).toBeLessThan(1.5);
    const cut = pictureFit(10_000, width);
    expect(cut.rows).toBeLessThan(10_000);
    expect((2 * PAGE_MARGIN + TITLE_HEIGHT + TABLE_HEAD_HEIGHT + FOOTER_HEIGHT + cut.rows * ROW_HEIGHT) * cut.scale).toBeLessThanOrEqual(SCHEDULE_PNG_MAX_PX);
  });

  it('cuts a link to a row on another page at the page’s edge', () => {
    const box = { x: 0, y: 100, width: 200, height: 100 };
    expect(
      clipPolyline(
        [
          [10, 150],
          [50, 150],
          [50, 400],
          [300, 400],
        ],
        box,
      ),
    ).toEqual([
      [10, 150, 50, 150],
      [50, 150, 50, 200],
    ]);
  });
});
