/**
 * The checks `npm test` runs before its tests: `npm run typecheck`, `npm run lint` and
 * `npm run build`, side by side (each keeps one core busy for a minute or so, and they read
 * nothing the others write). Each one's output is printed whole when it ends, with its time;
 * the run fails when any of them fails.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'lint', 'build'] as const;

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ script, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const results = await Promise.all(
  CHECKS.map(async (script) => {
    const result = await run(script);
    console.log(`\n── npm run ${script}: ${result.code === 0 ? 'passed' : `failed (exit ${result.code})`} in ${result.seconds.toFixed(0)} s`);
    if (result.output.trim()) console.log(result.output.trimEnd());
    return result;
  }),
);
const failed = results.filter((result) => result.code !== 0).map((result) => result.script);
if (failed.length) {
  console.error(`\nFailed: ${failed.map((script) => `npm run ${script}`).join(', ')}`);
  process.exit(1);
}
