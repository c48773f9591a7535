import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST_SHOWN = 12;

/**
 * Ends the run with one plain line, `Tests: N passed, N failed, N skipped`, for CI logs, after
 * the slowest test files, so a CI run that grows past its time budget says where the time went,
 * and the tests that passed only on a second try, so a flaky wait is named rather than hidden.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const retried: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' && (test.diagnostic()?.retryCount ?? 0) > 0) retried.push(`${module.relativeModuleId} > ${test.fullName}`);
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    const slowest = [...testModules]
      .map((module) => ({ file: module.relativeModuleId, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_SHOWN);
    console.log('\nSlowest test files:');
    for (const { file, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
    // A browser test is run once more when it fails (vitest.config.ts); one that needed it is a wait to mend.
    if (retried.length) {
      console.log('\nPassed on a second try (a wait to mend):');
      for (const name of retried) console.log(`  ${name}`);
    }
    console.log(`\nTests: ${passed} passed${retried.length ? ` (${retried.length} on a second try)` : ''}, ${failed} failed, ${skipped} skipped`);
  }
}
