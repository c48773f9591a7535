/**
 * The first step of `npm test`: checks the system tools the tests need (Chromium, ffmpeg, a CJK
 * font; scripts/test-tools.ts) before twelve minutes of other lanes run. Installs the missing
 * ones with apt-get when run as root on Debian; otherwise stops with the command to run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CHROMIUM_PATH, installCommand, missingTools, planPreflight, type Probes } from './test-tools.ts';

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && isExecutable(path.join(dir, command)));
}

function hasCjkFont(): boolean {
  try {
    return /wqy|wenquanyi/i.test(execFileSync('fc-list', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return false;
  }
}

function probe(): Probes {
  const chromiumPathEnv = process.env.CHROMIUM_PATH;
  return {
    chromiumPathEnv,
    hasChromium: isExecutable(chromiumPathEnv || DEFAULT_CHROMIUM_PATH),
    hasFfmpeg: onPath('ffmpeg'),
    hasCjkFont: hasCjkFont(),
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath('apt-get'),
  };
}

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

const plan = planPreflight(probe());
if (plan.action === 'stop') stop(plan.message);
if (plan.action === 'install') {
  console.warn(plan.message);
  for (const [command, ...args] of plan.commands) {
    const result = spawnSync(command!, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) {
      stop(`\`${[command, ...args].join(' ')}\` failed (${result.error?.message ?? `exit ${result.status}`}). Run: ${installCommand(plan.packages, true)}`);
    }
  }
  const still = missingTools(probe());
  if (still.length > 0) {
    stop(`Still missing after the install: ${still.map((tool) => tool.name).join(', ')}. Check ${still.map((tool) => tool.debianPackage).join(', ')} and PATH.`);
  }
  process.stdout.write(`${planPreflight(probe()).message}\n`);
} else {
  process.stdout.write(`${plan.message}\n`);
}
