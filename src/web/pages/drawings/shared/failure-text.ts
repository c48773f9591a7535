import { ApiError } from '../../../api/api-error.ts';
import { messageOf } from '../../../api/error-message.ts';

/**
 * A refused call as a sentence in the reader's language where the screen knows what the HTTP
 * status means there (a name taken, a revision published meanwhile), else the server's message,
 * else `fallback`.
 */
export function failureText(failure: unknown, known: Readonly<Partial<Record<number, string>>>, fallback: string): string {
  const status = failure instanceof ApiError ? failure.status : 0;
  return known[status] ?? messageOf(failure, fallback);
}
