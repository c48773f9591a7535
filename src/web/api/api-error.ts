/**
 * Why a call failed:
 * - `envelope`: the server answered 2xx with `success: false`;
 * - `http`: a non-2xx answer (other than the sign-out ones);
 * - `signed-out`: HTTP 401 or codes 12001/110003; the session has been cleared;
 * - `invalid-token`: the token could not be put in a header; the session has been cleared;
 * - `bad-response`: a 2xx answer that is not the envelope;
 * - `network`, `timeout`, `aborted`: no answer arrived.
 */
export type ApiErrorKind =
  | 'envelope'
  | 'http'
  | 'signed-out'
  | 'invalid-token'
  | 'bad-response'
  | 'network'
  | 'timeout'
  | 'aborted';

/** A failed call. `code` is the envelope's code, else the HTTP status, else 0; `status` is 0 without an answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly code: number,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
