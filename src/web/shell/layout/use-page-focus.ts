import { useEffect, useRef, type RefObject } from 'react';

/** How long a screen loading its parts may take to show its heading before focus stays on the region. */
const HEADING_WAIT_MS = 3000;

/** Focus that nobody placed: on nothing, on the region itself, or still on the menu, tabs or header the user opened the screen from. */
function focusIsFree(main: HTMLElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === main || !main.contains(active);
}

/**
 * After the user opens another screen, focus moves to it: to its main heading (made focusable
 * for the moment) or, until one shows, to the region itself, so the keyboard and screen
 * readers go on in the page rather than in the menu. Not on the first screen of a visit, and
 * never away from a field the screen focused itself.
 */
export function usePageFocus(mainRef: RefObject<HTMLElement | null>, pageKey: string): void {
  const first = useRef(true);
  useEffect(() => {
    const main = mainRef.current;
    if (first.current || !main) {
      first.current = false;
      return;
    }
    const focusHeading = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1, h2, h3, [role="heading"]');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (!focusIsFree(main)) return;
    if (focusHeading()) return;
    main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      if (document.activeElement !== main || focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [mainRef, pageKey]);
}
