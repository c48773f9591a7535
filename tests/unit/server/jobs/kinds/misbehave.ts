/**
 * A job that goes wrong as it is told: runs forever, takes memory without end, throws a
 * failure a person is told about, or throws plainly on its first `flakyRuns` attempts.
 */
import { JobFailure, type JobContext } from '../../../../../src/server/jobs/job-kind.ts';

export type MisbehaveInput = { how: 'hang' } | { how: 'hog' } | { how: 'refuse'; fileName: string } | { how: 'flaky'; flakyRuns: number } | { how: 'crash' };

export async function run(input: MisbehaveInput, context: JobContext): Promise<{ attempt: number }> {
  switch (input.how) {
    case 'hang':
      await new Promise(() => {});
      break;
    case 'hog': {
      const kept: number[][] = [];
      // 8 MB of doubles at a time: the heap limit comes within a second, before the time limit.
      for (;;) kept.push(new Array<number>(1_000_000).fill(Math.random()));
    }
    case 'refuse':
      throw new JobFailure('corrupt', { fileName: input.fileName });
    case 'flaky':
      if (context.attempt <= input.flakyRuns) throw new Error(`flaky run ${context.attempt}`);
      break;
    case 'crash':
      // Ends the thread itself, as a native crash would.
      process.exit(3);
  }
  return { attempt: context.attempt };
}
