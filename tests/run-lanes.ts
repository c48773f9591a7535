/**
 * Runs the tests in two lanes at once: the browser tests (one file at a time: each drives
 * Chromium and a server of its own) and the unit and API tests beside them, each a vitest
 * process of its own. The unit and API lane runs at a lower priority, so the browser tests,
 * which wait on real timers and animations, keep the machine's attention. The unit and API
 * lane writes as it goes; the browser lane's output follows once it ends. Fails when either
 * lane fails.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LOG_DIR = path.resolve('test-results');
fs.mkdirSync(LOG_DIR, { recursive: true });
const browserLog = path.join(LOG_DIR, 'e2e-lane.log');
const extra = process.argv.slice(2);

/** A niceness for the background lane: its workers, forked later, inherit it. */
const BACKGROUND_PRIORITY = 10;

function lane(project: string, output: 'inherit' | number, background = false): Promise<number> {
  const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', project, ...extra], {
    stdio: ['ignore', output, output],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
  });
  if (background && child.pid !== undefined) os.setPriority(child.pid, BACKGROUND_PRIORITY);
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const logFile = fs.openSync(browserLog, 'w');
const [browser, rest] = await Promise.all([lane('e2e', logFile), lane('unit-api', 'inherit', true)]);
fs.closeSync(logFile);
process.stdout.write('\n== browser tests ==\n');
process.stdout.write(fs.readFileSync(browserLog));
process.stdout.write(`\nLanes: unit and API ${rest === 0 ? 'passed' : 'FAILED'}, browser ${browser === 0 ? 'passed' : 'FAILED'}\n`);
process.exit(rest || browser);
