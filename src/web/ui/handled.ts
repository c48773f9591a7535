import { ApiError } from '../api/api-error.ts';
import { ERROR_TOAST_SECONDS, SYSTEM_ERROR_MESSAGE } from '../api/api-constants.ts';
import { messageOf } from '../api/error-message.ts';
import { toasts } from '../shell/toasts.ts';

/**
 * An async handler for a prop that drops what it returns (onClick, onChange, onFinish...), so
 * that its failure is not lost: a failed call has been shown by the request layer already;
 * anything else is shown in a toast and logged.
 */
export function handled<Args extends unknown[]>(handler: (...args: Args) => Promise<unknown>): (...args: Args) => void {
  return (...args) => {
    handler(...args).catch((failure: unknown) => {
      if (failure instanceof ApiError) return;
      console.error(failure);
      toasts.error(messageOf(failure, SYSTEM_ERROR_MESSAGE), ERROR_TOAST_SECONDS);
    });
  };
}
