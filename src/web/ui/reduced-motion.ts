import { useSyncExternalStore } from 'react';

/**
 * Whether the person asked their system for less motion (`prefers-reduced-motion`): antd's
 * opening, closing and sliding and the charts' growth are then left out. Followed live, as the
 * setting can change while the app is open.
 */
const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof matchMedia === 'function' ? matchMedia(QUERY) : undefined);

export function prefersReducedMotion(): boolean {
  return media()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
