/** The fixed numbers and texts of the request layer (spec §8 and §9). */

/** Spec §9: a request that has not finished after 3,000,000 ms is abandoned. */
export const REQUEST_TIMEOUT_MS = 3_000_000;
/** Spec §9: error messages stay on screen 3 seconds. */
export const ERROR_TOAST_SECONDS = 3;
/** Spec §8: codes 12001 and 110003. */
export const NOT_LOGGED_IN_MESSAGE = 'Sorry, you are not logged in';
/** Spec §5/§8: the token cannot be sent as a header. */
export const INVALID_TOKEN_MESSAGE = 'Invalid token.';
/** Spec §8: an error body that is not JSON; also any answer that is not an envelope. */
export const SYSTEM_ERROR_MESSAGE = 'System error';
/** No answer at all: offline, DNS, connection reset. */
export const NETWORK_ERROR_MESSAGE = 'Network error';
export const TIMEOUT_MESSAGE = 'Request timed out';
