import type { Envelope } from '../../core/envelope.ts';
import { loginPathFor } from '../shell/login/login-path.ts';
import { SIGNED_OUT_CODES } from '../../core/result-codes.ts';
import {
  ERROR_TOAST_SECONDS,
  INVALID_TOKEN_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  NOT_LOGGED_IN_MESSAGE,
  SYSTEM_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
} from './api-constants.ts';
import { ApiError } from './api-error.ts';
import type { CommonRequestOptions, RequestDeps } from './request-types.ts';

/** Marks a body that was not JSON. */
export const UNPARSEABLE = Symbol('unparseable');

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNPARSEABLE;
  }
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { success?: unknown }).success === 'boolean';
}

function envelopeMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : null;
}

function isOnLoginPage(path: string): boolean {
  return /^\/login(?:[/?#]|$)/.test(path);
}

/** The rules of spec §8 that turn an answer (or its absence) into data or an ApiError. */
export function createOutcomes(deps: RequestDeps) {
  const toast = (message: string, options: CommonRequestOptions) => {
    if (options.showErrorToast !== false) deps.showError(message, ERROR_TOAST_SECONDS);
  };

  /**
   * Spec §8 "log out": older toasts are closed first so this message is the one left on screen,
   * then the stored session is cleared and the user sent to /login with the return path
   * (encoded twice), unless already there.
   */
  const signOut = (message: string): void => {
    deps.closeToasts();
    deps.signOut();
    deps.showError(message, ERROR_TOAST_SECONDS);
    const path = deps.currentPath();
    if (!isOnLoginPage(path)) deps.navigate(loginPathFor(path));
  };

  return {
    /** A token that cannot travel in a header: 'Invalid token.' and sign-out, no request sent. */
    invalidToken(): ApiError {
      signOut(INVALID_TOKEN_MESSAGE);
      return new ApiError(INVALID_TOKEN_MESSAGE, 'invalid-token', 0, 0);
    },

    /** No answer: timeout, caller abort (silent) or a network failure, shown for 3 s. */
    noAnswer(reason: 'timeout' | 'aborted' | 'network', options: CommonRequestOptions): ApiError {
      if (reason === 'aborted') return new ApiError('Request aborted', 'aborted', 0, 0);
      const message = reason === 'timeout' ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE;
      toast(message, options);
      return new ApiError(message, reason, 0, 0);
    },

    /** The data of a successful envelope; otherwise the failure is shown as the rules say and thrown. */
    settle<T>(status: number, body: unknown, options: CommonRequestOptions): T {
      const ok = status >= 200 && status < 300;
      if (isEnvelope(body) && SIGNED_OUT_CODES.includes(body.code)) {
        signOut(NOT_LOGGED_IN_MESSAGE);
        throw new ApiError(NOT_LOGGED_IN_MESSAGE, 'signed-out', body.code, status, body.data);
      }
      if (status === 401) {
        const message = envelopeMessage(body) ?? NOT_LOGGED_IN_MESSAGE;
        signOut(message);
        throw new ApiError(message, 'signed-out', isEnvelope(body) ? body.code : status, status);
      }
      if (ok && isEnvelope(body) && body.success) return body.data as T;
      if (status === 403) deps.onForbidden?.();

      const message = envelopeMessage(body) ?? SYSTEM_ERROR_MESSAGE;
      toast(message, options);
      if (isEnvelope(body)) throw new ApiError(message, ok ? 'envelope' : 'http', body.code, status, body.data);
      throw new ApiError(message, ok ? 'bad-response' : 'http', ok ? 0 : status, status);
    },
  };
}

export type Outcomes = ReturnType<typeof createOutcomes>;
