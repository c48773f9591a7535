import { describe, expect, it } from 'vitest';
import { installCommand, missingTools, planPreflight, type Probes } from '../../scripts/test-tools.ts';

const ALL_THERE: Probes = { chromiumPathEnv: undefined, hasChromium: true, hasFfmpeg: true, hasCjkFont: true, isRoot: true, hasAptGet: true };

describe('the test preflight', () => {
  it('says one short line and does nothing when every tool is there', () => {
    const plan = planPreflight(ALL_THERE);
    expect(plan.action).toBe('ready');
    expect(plan.message).not.toContain('\n');
    expect(plan.message.length).toBeLessThan(80);
    expect(missingTools(ALL_THERE)).toEqual([]);
  });

  it('installs only the missing packages as root with apt-get, saying what and why', () => {
    const plan = planPreflight({ ...ALL_THERE, hasFfmpeg: false, hasCjkFont: false });
    expect(plan).toMatchObject({
      action: 'install',
      packages: ['ffmpeg', 'fonts-wqy-microhei'],
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'ffmpeg', 'fonts-wqy-microhei'],
      ],
    });
    expect(plan.message).toMatch(/^Installing ffmpeg and fonts-wqy-microhei for the tests \(ffmpeg: .*video.*; a CJK font: .*\)…$/);
    expect(plan.message).not.toContain('\n');
  });

  it('installs all three on a fresh machine', () => {
    const plan = planPreflight({ ...ALL_THERE, hasChromium: false, hasFfmpeg: false, hasCjkFont: false });
    expect(plan.action === 'install' && plan.packages).toEqual(['chromium', 'ffmpeg', 'fonts-wqy-microhei']);
  });

  it('stops with the sudo command when not root', () => {
    const plan = planPreflight({ ...ALL_THERE, hasChromium: false, isRoot: false });
    expect(plan.action).toBe('stop');
    expect(plan.message).toContain('Run: sudo apt-get update && sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium');
  });

  it('stops naming the tools and the Debian command where there is no apt-get', () => {
    const plan = planPreflight({ ...ALL_THERE, hasFfmpeg: false, hasAptGet: false });
    expect(plan.action).toBe('stop');
    expect(plan.message).toContain('Install ffmpeg (on Debian: apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ffmpeg)');
  });

  it('stops rather than installs when CHROMIUM_PATH names no binary, since apt-get would not put one there', () => {
    const plan = planPreflight({ ...ALL_THERE, chromiumPathEnv: '/opt/chrome/chrome', hasChromium: false });
    expect(plan.action).toBe('stop');
    expect(plan.message).toMatch(/^CHROMIUM_PATH=\/opt\/chrome\/chrome names no Chromium binary: point it at one, or unset it to use \/usr\/bin\/chromium/);
  });

  it('installs Chromium when CHROMIUM_PATH is empty or names the default path', () => {
    for (const chromiumPathEnv of ['', '/usr/bin/chromium']) {
      expect(planPreflight({ ...ALL_THERE, chromiumPathEnv, hasChromium: false }).action).toBe('install');
    }
  });

  it('writes the install command for root and for sudo', () => {
    expect(installCommand(['chromium', 'ffmpeg'], true)).toBe('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium ffmpeg');
    expect(installCommand(['ffmpeg'], false)).toBe('sudo apt-get update && sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y ffmpeg');
  });
});
