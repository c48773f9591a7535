/**
 * `npm run test:lanes`: the unit and API files (`npm run test:server`) and
 * the browser files (`npm run test:browser`) side by side. One browser file at a time leaves
 * about a quarter of two cores idle (its Chromium waits on the page between steps), and the
 * server files fill it: the two lanes together take about the browser lane's own time rather
 * than both one after the other. The browser lane's output shows as it runs; the server lane's
 * is printed whole when it ends. The run fails when either lane fails.
 */
import { spawn } from 'node:child_process';

interface Lane {
  script: string;
  /** Printed as it comes, or kept until the lane ends. */
  live: boolean;
}

const LANES: Lane[] = [
  { script: 'test:browser', live: true },
  { script: 'test:server', live: false },
];

function run({ script, live }: Lane): Promise<{ script: string; code: number; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (!live) {
        console.log(`\n── npm run ${script} (run beside the browser tests), ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s:`);
        console.log(output.trimEnd());
      }
      resolve({ script, code: code ?? 1, seconds });
    });
  });
}

const results = await Promise.all(LANES.map(run));
for (const result of results) console.log(`── npm run ${result.script}: ${result.code === 0 ? 'passed' : `failed (exit ${result.code})`} in ${result.seconds.toFixed(0)} s`);
const failed = results.filter((result) => result.code !== 0);
if (failed.length) {
  console.error(`\nFailed: ${failed.map((result) => `npm run ${result.script}`).join(', ')}`);
  process.exit(1);
}
