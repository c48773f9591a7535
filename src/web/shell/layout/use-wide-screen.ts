import { theme } from 'antd';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window is at least antd's `lg` breakpoint wide (992 px by default). Read from
 * matchMedia during render, so a phone gets its folded layout on the first paint.
 */
export function useWideScreen(): boolean {
  const { token } = theme.useToken();
  const query = `(min-width: ${token.screenLG}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
