/**
 * Whether a value can be sent as an HTTP header value by fetch/XMLHttpRequest: the Fetch
 * standard takes a ByteString (every character U+0000–U+00FF) without NUL, CR or LF; browsers
 * throw for anything else. Checked up front because some environments do not throw.
 */
export function isHeaderSafe(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  return /^[^\u0000\n\r\u0100-\uffff]*$/.test(value);
}
