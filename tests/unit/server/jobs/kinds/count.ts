/** A job that counts to `to`, reporting progress at each step, and answers with the sum and the attempt. */
import type { JobContext } from '../../../../../src/server/jobs/job-kind.ts';

export async function run(input: { to: number; stepMs: number }, context: JobContext): Promise<{ sum: number; attempt: number }> {
  let sum = 0;
  for (let i = 1; i <= input.to; i++) {
    sum += i;
    await new Promise((resolve) => setTimeout(resolve, input.stepMs));
    context.progress(i / input.to, `step ${i}`);
  }
  return { sum, attempt: context.attempt };
}
