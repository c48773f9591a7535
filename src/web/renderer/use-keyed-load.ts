import { useEffect, useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import { messageOf } from '../api/error-message.ts';

export type KeyedLoadState<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'notFound' }
  | { status: 'forbidden' }
  | { status: 'failed'; message: string; retry: () => void };

/**
 * Loads what a screen draws (a stored page, a plate) before it is drawn, again when `key`
 * changes; an answer for an older key is dropped. 404 and 403 get their own states.
 */
export function useKeyedLoad<T>(key: string, load: () => Promise<T>): KeyedLoadState<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<KeyedLoadState<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => live && setState({ status: 'ready', value }),
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
