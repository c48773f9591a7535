import type { TestApp } from './test-app.ts';

/** The newest code sent to a recipient through the outbox (the default sender). */
export async function lastCodeSentTo(t: TestApp, recipient: string): Promise<string> {
  const row = await t.app.services.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(row.body)?.[1];
  if (!code) throw new Error(`no code in: ${row.body}`);
  return code;
}
