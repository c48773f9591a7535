import { useState } from 'react';
import { messageOf } from '../api/error-message.ts';

/**
 * The save of a dialog: `save(...args)` runs `write(...args)`, then `onDone` with its answer;
 * while it runs `busy` is true. A refusal leaves the dialog open with `error`: the server's
 * message (else `refused`), or, when `refused` is a function, what it answers, so a dialog may
 * put the message beside a field (placeServerError) or in a toast and answer ''. `setError`
 * shows (or clears) a problem found before anything is sent.
 */
export function useSave<Args extends unknown[], Result>(
  write: (...args: Args) => Promise<Result>,
  onDone: (result: Result) => void,
  refused: string | ((failure: unknown) => string),
) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async (...args: Args) => {
    setBusy(true);
    setError('');
    try {
      onDone(await write(...args));
    } catch (failure) {
      setError(typeof refused === 'string' ? messageOf(failure, refused) : refused(failure));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, save };
}
