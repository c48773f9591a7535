import type { TestApp } from './test-app.ts';

/**
 * The code of the newest message the app sent to a recipient, read from the messages the test
 * app sees as they are sent: the outbox table keeps codes masked.
 */
export async function lastCodeSentTo(t: TestApp, recipient: string): Promise<string> {
  const message = t.messages.findLast((m) => m.to === recipient);
  if (!message) throw new Error(`no message sent to ${recipient}`);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}
