/**
 * Schedules benchmark, browser part: the gantt chart (src/web/gantt) in headless Chromium at
 * 1440×900 on generated schedules of 1,000 and 10,000 tasks (tests/helpers/gantt-demo.ts:
 * work packages of ten under summaries, about 1.3 links a task), served by the chart's
 * harness (tests/helpers/gantt-harness.ts).
 *
 * - open to bars drawn: from the schedule in hand (the store made) to the first frame whose
 *   canvas holds bars (target < 1 s);
 * - scroll: one wheel-sized step down and across per animation frame: p95 frame interval
 *   (target ≤ 16.7 ms) and p95 time the timeline took to draw;
 * - zoom: one zoom level in or out per animation frame through all six levels, the header's
 *   cells rebuilt each time: p95 frame interval and draw time.
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { startGanttHarness } from '../tests/helpers/gantt-harness.ts';
import { median, printTable, quantileOf, withDeadline } from './report.ts';

const SIZES = [1_000, 10_000];
const RUNS = 3;
const STEPS = 120;

interface Frames {
  intervals: number[];
  draws: number[];
}

/**
 * Steps the chart once per animation frame, `count` times, timing each frame and the chart's
 * draw. Kept as page source text: the benchmark runner's transform would add helpers to a
 * function that the page does not have.
 */
const FRAME_TIMES = `(({ kind, count }) => new Promise((done) => {
  const scroller = document.querySelector('.gantt-scroller');
  const store = window.gantt.store;
  const intervals = [];
  const draws = [];
  let last = performance.now();
  let step = 0;
  let direction = 1;
  function frame(now) {
    if (step > 0) {
      intervals.push(now - last);
      draws.push(window.gantt.handle.lastFrameMs());
    }
    last = now;
    if (step++ === count) return done({ intervals, draws });
    if (kind === 'scroll') {
      scroller.scrollTop += 120;
      scroller.scrollLeft += store.rtl ? -60 : 60;
    } else {
      if (store.zoom + direction < 0 || store.zoom + direction > 5) direction = -direction;
      store.setZoom(store.zoom + direction);
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
}))`;

const frameTimes = (page: Page, kind: 'scroll' | 'zoom', count: number): Promise<Frames> =>
  page.evaluate(`${FRAME_TIMES}(${JSON.stringify({ kind, count })})`);

/** The time the first frame with bars was drawn, after the time the chart was opened. */
const OPENED = `new Promise((done) => {
  function look() {
    const canvas = document.querySelector('.gantt-canvas');
    if (window.gantt && window.gantt.handle && canvas && Number(canvas.dataset.bars) > 0) return done(performance.now() - window.gantt.openedAt);
    requestAnimationFrame(look);
  }
  look();
})`;

export async function runSchedulesBrowserBench(): Promise<void> {
  await withDeadline('schedules (browser)', 10 * 60_000, async () => {
    const harness = await startGanttHarness();
    const browser = await launchBrowser();
    try {
      const rows: string[][] = [];
      for (const size of SIZES) {
        const opens: number[] = [];
        const scroll: Frames = { intervals: [], draws: [] };
        const zoom: Frames = { intervals: [], draws: [] };
        for (let run = 0; run < RUNS; run++) {
          const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
          await page.goto(`${harness.url}?lang=en&tasks=${size}`);
          opens.push(await page.evaluate<number>(OPENED));
          const s = await frameTimes(page, 'scroll', STEPS);
          scroll.intervals.push(...s.intervals);
          scroll.draws.push(...s.draws);
          const z = await frameTimes(page, 'zoom', STEPS / 2);
          zoom.intervals.push(...z.intervals);
          zoom.draws.push(...z.draws);
          await page.close();
        }
        rows.push([
          `${size.toLocaleString('en')} tasks`,
          median(opens).toFixed(0),
          quantileOf(scroll.intervals, 0.95).toFixed(1),
          quantileOf(scroll.draws, 0.95).toFixed(2),
          quantileOf(zoom.intervals, 0.95).toFixed(1),
          quantileOf(zoom.draws, 0.95).toFixed(2),
        ]);
      }
      printTable(
        ['gantt chart, Chromium 1440×900', 'open to bars ms (median; target < 1000)', 'scroll p95 frame ms (≤ 16.7)', 'scroll draw p95 ms', 'zoom p95 frame ms (≤ 16.7)', 'zoom draw p95 ms'],
        rows,
      );
    } finally {
      await browser.close();
      await harness.stop();
    }
  });
}
