import { useEffect, useState } from 'react';
import type { StoredPage } from '../../../core/pages/page-config.ts';
import { ApiError } from '../../api/api-error.ts';
import { messageOf } from '../../shell/login/api-error.ts';

export type StoredPageState =
  | { status: 'loading' }
  | { status: 'ready'; page: StoredPage }
  | { status: 'notFound' }
  | { status: 'forbidden' }
  | { status: 'failed'; message: string; retry: () => void };

/** Loads a stored page before it is drawn, again when `key` changes; an answer for an older key is dropped. */
export function useStoredPage(key: string, load: () => Promise<{ page: StoredPage }>): StoredPageState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<StoredPageState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      ({ page }) => live && setState({ status: 'ready', page }),
      (failure: unknown) => {
        if (!live) return;
        const status = failure instanceof ApiError ? failure.status : 0;
        if (status === 404) setState({ status: 'notFound' });
        else if (status === 403) setState({ status: 'forbidden' });
        else setState({ status: 'failed', message: messageOf(failure, ''), retry: () => setAttempt((n) => n + 1) });
      },
    );
    return () => {
      live = false;
    };
    // `load` is a new function each render; the key names what it loads.
  }, [key, attempt]);
  return state;
}
