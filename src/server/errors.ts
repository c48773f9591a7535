import { ResultCode } from '../core/result-codes.ts';
import { problemLine, underPath, type Problem } from '../core/validation/problems.ts';

/** An error the API answers with its own HTTP status, envelope code and message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
    /** Sent as the envelope's `data`, e.g. every bad field of a record. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Bad input: the message names the field. */
export const badRequest = (field: string, message: string) =>
  new AppError(400, ResultCode.BAD_REQUEST, field ? `${field}: ${message}` : message);

/**
 * Bad input with every problem found under `prefix` (`design`, `config`): the message names the
 * first, `data.problems` holds them all as sentence keys for the browser to place and word.
 */
export const refused = (problems: readonly Problem[], prefix = '') => {
  const placed = underPath(prefix, problems);
  return new AppError(400, ResultCode.BAD_REQUEST, problemLine(placed[0]!), { problems: placed });
};

/** Used for rows of other tenants too, so their existence never leaks. */
export const notFound = (what = 'Record') => new AppError(404, ResultCode.NOT_FOUND, `${what} not found`);

export const forbidden = (message = 'You do not have permission for this action') =>
  new AppError(403, ResultCode.FORBIDDEN, message);

export const unauthorized = (code: number = ResultCode.UNAUTHORIZED, message = 'Sorry, you are not logged in') =>
  new AppError(401, code, message);

export const conflict = (message: string) => new AppError(409, ResultCode.CONFLICT, message);

/** Another request stored the same thing first: a unique index refused this write. */
export const savedMeanwhile = () =>
  conflict('Someone else saved the same thing at the same moment. Reload to see it, then try again if your change is still needed.');

export const tooManyRequests = (message = 'Too many requests, please try again later') =>
  new AppError(429, ResultCode.TOO_MANY_REQUESTS, message);

/** Something the operator must set up first; the message says what. */
export const serviceUnavailable = (message: string) => new AppError(503, ResultCode.SERVICE_UNAVAILABLE, message);

/** A query stopped at the configured limit: what the user can do about it, not a server fault. */
export const queryTimedOut = (limitMs: number) =>
  new AppError(
    503,
    ResultCode.QUERY_TIMEOUT,
    `The query ran longer than ${limitMs / 1000} s and was stopped. Narrow it with filters, fewer dimensions or a top N.`,
  );
