/** How long after a first change more are gathered before the screen reads again. */
const QUIET_MS = 250;

/**
 * A screen's reload after others' changes, run once at a time: changes that come while it runs,
 * or within `quietMs` of the first, are served by one more run. A busy workspace (an import, a
 * team at work) sends many change events a second; a screen then reads again a few times a
 * second at most, instead of once per event with every read still under way.
 */
export function coalescedReload<T>(run: (changes: T[]) => Promise<unknown>, quietMs = QUIET_MS): { request(change: T): void; stop(): void } {
  let waiting: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let stopped = false;
  const schedule = () => {
    if (timer || running || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = true;
      const changes = waiting;
      waiting = [];
      void run(changes)
        .catch(() => undefined)
        .finally(() => {
          running = false;
          if (waiting.length > 0) schedule();
        });
    }, quietMs);
  };
  return {
    request(change) {
      if (stopped) return;
      waiting.push(change);
      schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      waiting = [];
    },
  };
}
