/** Codes carried in the envelope's `code`. HTTP-like numbers, plus the two token codes the spec fixes. */
export const ResultCode = {
  SUCCESS: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  /** A board query ran past the configured limit and was stopped. */
  QUERY_TIMEOUT: 503,
  /** Something the operator must set up first (the message says what). */
  SERVICE_UNAVAILABLE: 503,
  /** The token's 12-hour lifetime has passed. */
  TOKEN_EXPIRED: 12001,
  /** The token was ended: logout, password change, or replaced by a tenant login. */
  TOKEN_ENDED: 110003,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes after which the client treats the user as signed out. */
export const SIGNED_OUT_CODES: readonly number[] = [ResultCode.TOKEN_EXPIRED, ResultCode.TOKEN_ENDED];
