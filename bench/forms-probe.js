/*
 * The in-page half of the forms browser benchmark (bench/forms-browser.ts), added as an init
 * script so it runs before the app's own scripts. Plain browser JavaScript, handed to
 * Chromium as written. Times are performance.now() values: ms from the navigation start.
 */
(() => {
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing: "quiet" then equals "drawn".
  }

  let drawnAt = null;
  /** Checks once per animation frame until an element with the id exists and is laid out. */
  const watchDrawn = (id) => {
    const check = () => {
      const element = document.getElementById(id);
      if (element && element.getClientRects().length > 0) drawnAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };

  /**
   * The end of the last long task that starts before a quiet window of `quietMs` after
   * `from`: when the page has stopped working and answers input at once (a TTI-like mark).
   */
  const quietAfter = (from, quietMs) => {
    let mark = from;
    for (const task of [...longTasks].sort((a, b) => a.start - b.start)) {
      if (task.end <= mark) continue;
      if (task.start - mark >= quietMs) break;
      mark = Math.max(mark, task.end);
    }
    return mark;
  };

  /**
   * Keystroke latency: from the key's event time (when the browser received it, so time
   * spent waiting behind other work counts) to the end of the next frame after it, measured
   * by a message posted from that frame's animation callback (it runs once the frame is
   * painted). Printable keys only.
   */
  const keyLatencies = [];
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key.length !== 1) return;
      const start = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => keyLatencies.push(performance.now() - start);
        channel.port2.postMessage(0);
      });
    },
    true,
  );

  /** Frame intervals while `work` runs: a frozen screen shows as one long interval. */
  let frames = null;
  const startFrames = () => {
    frames = [];
    let last = performance.now();
    const tick = (now) => {
      if (!frames) return;
      frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  const stopFrames = () => {
    const taken = frames ?? [];
    frames = null;
    return taken;
  };

  window.__formsProbe = {
    watchDrawn,
    drawnAt: () => drawnAt,
    quietAfter,
    takeKeyLatencies: () => keyLatencies.splice(0),
    startFrames,
    stopFrames,
  };
})();
