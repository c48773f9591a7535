/*
 * The in-page half of the renderer benchmark (bench/renderer.ts), added to the page as an
 * init script, so it runs before the app's own scripts. Plain browser JavaScript: it is
 * handed to Chromium as it is written here, without a build step. It defines
 * window.__rendererProbe; times are performance.now() values, ms from the navigation start.
 */
(() => {
  /** Long tasks (over 50 ms on the main thread) since the navigation, as Chromium reports them. */
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing: the figures say 0 rather than failing the run.
  }

  /** What shows that part of a cell is still on its way. */
  const BUSY = '.chunk-state, [aria-busy="true"], .ant-spin-spinning, .ant-skeleton, .widget-loading, .table-widget-placeholder';

  /** Why a cell is not drawn yet, or null once it is. */
  const cellPending = (cell) => {
    const state = cell.getAttribute('data-widget-state');
    if (state !== 'ready' && state !== 'empty') return `state ${state}`;
    if (cell.matches('[aria-busy="true"]') || cell.querySelector(BUSY)) return 'busy';
    if (cell.querySelector('.widget-problem')) return 'problem';
    if (state === 'empty') return null;
    if (cell.classList.contains('widget-cell-chart') && !cell.querySelector('.chart-widget canvas, .chart-widget-empty')) return 'no chart drawn';
    if (cell.classList.contains('widget-cell-table') && !cell.querySelector('[role="gridcell"], .table-widget-message')) return 'no rows drawn';
    for (const image of cell.querySelectorAll('img')) if (!image.complete) return 'image loading';
    return null;
  };

  /** Null when the page renderer shows `expected` drawn cells (or its empty page for 0), else why not. */
  const pagePending = (expected) => {
    const page = document.querySelector('.page-renderer');
    if (!page) return 'no page renderer';
    if (expected === 0) return page.querySelector('.page-renderer-empty') ? null : 'no empty-page text';
    const cells = [...page.querySelectorAll('.widget-cell')];
    if (cells.length !== expected) return `${cells.length} of ${expected} cells`;
    const pending = cells.map((cell) => [cell.getAttribute('data-widget-id'), cellPending(cell)]).filter(([, why]) => why);
    return pending.length === 0 ? null : pending.map(([id, why]) => `${id}: ${why}`).join(', ');
  };

  let readyAt = null;
  /** Checks once per animation frame from the start of the document until the page is drawn. */
  const watchReady = (expected) => {
    const check = () => {
      if (pagePending(expected) === null) readyAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };

  const longTasksBetween = (from, to) => longTasks.filter((task) => task.start >= from && task.start < to);

  /**
   * True when every row slot of a table in view shows its data (not blank, not a
   * placeholder). Read without asking for layout, so that the probe adds no work to the
   * frames it measures: rows of the virtual body are all as tall as their inline height,
   * row n (aria-rowindex n + 2) is placed n heights below the header, and the header's
   * height (`bodyTop`) is read once per run.
   */
  const viewShowsData = (scroller, bodyTop) => {
    const top = scroller.scrollTop;
    const bottom = top + scroller.clientHeight - bodyTop;
    let rowHeight = 0;
    let shown = 0;
    for (const row of scroller.querySelectorAll('.table-widget-row')) {
      rowHeight = parseFloat(row.style.height);
      const y = (Number(row.getAttribute('aria-rowindex')) - 2) * rowHeight;
      if (y + rowHeight > top && y < bottom && !row.querySelector('.table-widget-placeholder')) shown++;
    }
    if (!rowHeight) return false;
    const rows = Number(scroller.getAttribute('aria-rowcount')) - 1;
    const slots = Math.min(rows, Math.ceil(bottom / rowHeight)) - Math.floor(top / rowHeight);
    return shown >= slots;
  };

  /**
   * One scroll run: `position(progress)` is set as scrollTop once per animation frame for
   * `durationMs` (0: a single jump), then frames are recorded on until the rows in view show
   * their data (when `waitForData`) or `timeoutMs` have passed. Frame intervals are the
   * differences between consecutive requestAnimationFrame timestamps; a frame without data
   * is one that painted a row slot in view blank or as a placeholder.
   */
  const scrollRun = (selector, path, durationMs, waitForData, timeoutMs) =>
    new Promise((resolve, reject) => {
      const scroller = document.querySelector(selector);
      if (!scroller) {
        reject(new Error(`no scroller ${selector}`));
        return;
      }
      const max = scroller.scrollHeight - scroller.clientHeight;
      const body = scroller.querySelector('[role="rowgroup"]');
      const bodyTop = body ? body.offsetTop : 0;
      const target = (progress) => Math.round(max * (path.from + (path.to - path.from) * progress));
      const frames = [];
      let framesWithoutData = 0;
      let start = null;
      let last = null;
      let scrolledAt = null;
      const tick = (now) => {
        if (start === null) start = now;
        if (last !== null) frames.push(now - last);
        last = now;
        const scrolling = scrolledAt === null;
        if (scrolling) {
          const progress = durationMs === 0 ? 1 : Math.min(1, (now - start) / durationMs);
          scroller.scrollTop = target(progress);
          if (progress === 1) scrolledAt = performance.now();
        }
        // What this frame paints: the new scroll position over the rows drawn so far.
        const showsData = !waitForData || viewShowsData(scroller, bodyTop);
        if (!showsData) framesWithoutData++;
        if (scrolling || (!showsData && now - scrolledAt <= timeoutMs)) {
          requestAnimationFrame(tick);
          return;
        }
        const end = performance.now();
        resolve({
          frames,
          framesWithoutData,
          scrollMs: scrolledAt - start,
          dataAfterMs: waitForData && showsData ? end - scrolledAt : null,
          longTasks: longTasksBetween(start, end),
        });
      };
      requestAnimationFrame(tick);
    });

  /** A plain scrollable div of the given size over content of `contentHeight` px: the scroll baseline. */
  const addPlainScroller = (id, width, height, contentHeight) => {
    const scroller = document.createElement('div');
    scroller.id = id;
    scroller.style.cssText = `width:${width}px;height:${height}px;overflow:auto;`;
    const content = document.createElement('div');
    content.style.cssText = `height:${contentHeight}px;background:linear-gradient(#fff,#eef);`;
    scroller.append(content);
    (document.querySelector('.page-renderer') ?? document.body).append(scroller);
  };

  window.__rendererProbe = {
    watchReady,
    readyAt: () => readyAt,
    pagePending,
    longTasksBetween,
    scrollRun,
    addPlainScroller,
  };
})();
