import { useState } from 'react';
import { messageOf } from '../shell/login/api-error.ts';

/**
 * The save button of an admin dialog: runs `write`, then `onDone`; while it runs `busy` is
 * true, and a refusal is kept in `error` (the server's message, else `fallback`).
 */
export function useSave(write: () => Promise<unknown>, onDone: () => void, fallback: string) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      await write();
      onDone();
    } catch (failure) {
      setError(messageOf(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, save };
}
