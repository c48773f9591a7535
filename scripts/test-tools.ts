/**
 * What `npm test` needs from the system besides Node, and what to do when some of it is
 * missing: the pure decisions of scripts/test-preflight.ts, which probes the machine and acts
 * on them (tests/unit/test-tools.test.ts checks them without touching the system).
 */

/** Where the browser tests look for Chromium when CHROMIUM_PATH is unset (tests/helpers/browser.ts). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** One system tool the tests use: the Debian package that provides it and the lane that needs it. */
export interface TestTool {
  name: string;
  debianPackage: string;
  why: string;
}

export const CHROMIUM: TestTool = { name: 'Chromium', debianPackage: 'chromium', why: 'the browser tests drive it' };
export const FFMPEG: TestTool = { name: 'ffmpeg', debianPackage: 'ffmpeg', why: 'the video widget test makes its HLS stream with it' };
export const CJK_FONT: TestTool = { name: 'a CJK font', debianPackage: 'fonts-wqy-microhei', why: "the browser tests' Chinese screenshots need it" };
export const TEST_TOOLS: readonly TestTool[] = [CHROMIUM, FFMPEG, CJK_FONT];

/** What the preflight found on the machine. */
export interface Probes {
  /** CHROMIUM_PATH as set in the environment ('' or undefined when unset). */
  chromiumPathEnv: string | undefined;
  /** Whether the Chromium the tests will launch (CHROMIUM_PATH, else /usr/bin/chromium) is an executable file. */
  hasChromium: boolean;
  /** Whether `ffmpeg` is an executable on PATH. */
  hasFfmpeg: boolean;
  /** Whether `fc-list` lists a WenQuanYi font. */
  hasCjkFont: boolean;
  /** Whether the process runs as root. */
  isRoot: boolean;
  /** Whether `apt-get` is on PATH. */
  hasAptGet: boolean;
}

export type Plan =
  | { action: 'ready'; message: string }
  | { action: 'install'; packages: string[]; commands: string[][]; message: string }
  | { action: 'stop'; message: string };

/** The shell command that installs the packages on Debian, with `sudo` when not run as root. */
export function installCommand(packages: readonly string[], asRoot: boolean): string {
  const install = `DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages.join(' ')}`;
  return asRoot ? `apt-get update && ${install}` : `sudo apt-get update && sudo env ${install}`;
}

/** The tools the probes found missing, in TEST_TOOLS order. */
export function missingTools(probes: Probes): TestTool[] {
  const present = new Map<TestTool, boolean>([
    [CHROMIUM, probes.hasChromium],
    [FFMPEG, probes.hasFfmpeg],
    [CJK_FONT, probes.hasCjkFont],
  ]);
  return TEST_TOOLS.filter((tool) => !present.get(tool));
}

function listed(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** Whether everything is there, what to install (as root with apt-get), or why to stop and what to run. */
export function planPreflight(probes: Probes): Plan {
  const missing = missingTools(probes);
  if (missing.length === 0) return { action: 'ready', message: 'Test tools present: Chromium, ffmpeg, CJK font.' };

  const chromiumPathEnv = probes.chromiumPathEnv || undefined;
  // A CHROMIUM_PATH that names nothing is the user's to fix: installing a package puts Chromium at /usr/bin/chromium.
  if (!probes.hasChromium && chromiumPathEnv && chromiumPathEnv !== DEFAULT_CHROMIUM_PATH) {
    return {
      action: 'stop',
      message:
        `CHROMIUM_PATH=${chromiumPathEnv} names no Chromium binary: point it at one, or unset it to use ${DEFAULT_CHROMIUM_PATH} ` +
        `(${installCommand(missing.map((tool) => tool.debianPackage), probes.isRoot)}).`,
    };
  }

  const packages = missing.map((tool) => tool.debianPackage);
  const reasons = missing.map((tool) => `${tool.name}: ${tool.why}`).join('; ');
  if (probes.isRoot && probes.hasAptGet) {
    return {
      action: 'install',
      packages,
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', ...packages],
      ],
      message: `Installing ${listed(packages)} for the tests (${reasons})…`,
    };
  }

  const command = installCommand(packages, probes.isRoot);
  const how = probes.hasAptGet ? `Run: ${command}` : `Install ${listed(missing.map((tool) => tool.name))} (on Debian: ${command})`;
  return { action: 'stop', message: `npm test needs ${listed(missing.map((tool) => tool.name))} (${reasons}). ${how}` };
}
