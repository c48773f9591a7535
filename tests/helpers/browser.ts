import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { chromium, errors, type Browser, type Locator, type Page, type Request } from 'playwright-core';
import { apiClient, DEMO_PASSWORD, NORTHWIND } from './test-app.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Headless Chromium from the system; fails with the install command when it is missing. Its
 * pages ask for reduced motion, as a person may: antd's dialogs, drawers and menus and the
 * charts then appear at once, and the tests wait for no animation (a context made with
 * `reducedMotion: 'no-preference'` sees them move, as tests/e2e/shell.test.ts does).
 */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to a Chromium binary).',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync', '--force-prefers-reduced-motion'],
  });
}

/**
 * The built SPA the end-to-end tests serve: `dist/web` (made by `npm run build`), or the
 * folder E2E_WEB_DIR names, so a build of work in progress can be tested beside it.
 */
export function builtWebDir(): string {
  const dir = path.resolve(process.env.E2E_WEB_DIR || 'dist/web');
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir} holds no built web app: run \`npm run build\` first (npm test does).`);
  }
  return dir;
}

/**
 * Collects what goes wrong on a page: console errors, uncaught errors and Content-Security-
 * Policy violations (reported to the console by a script added before the page's own).
 */
export async function watchPageProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

export type Account = 'admin' | 'alice' | 'bob';

/** What each demo account picks on its way in: admin has two tenants, alice two workspaces, bob one of each (chosen for him). */
const WAY_IN: Record<Account, { tenant?: string; workspace?: string }> = {
  admin: { tenant: NORTHWIND, workspace: 'NW-HQ' },
  alice: { workspace: 'NW-HQ' },
  bob: {},
};

/** Signs in through the login screen, picking Northwind and its NW-HQ workspace where there is a choice; ends on /home. */
export async function signInThroughLoginScreen(page: Page, baseUrl: string, account: Account): Promise<void> {
  const { tenant, workspace } = WAY_IN[account];
  await page.goto(`${baseUrl}/login`);
  await page.fill('#password-login_account', account);
  await page.fill('#password-login_password', DEMO_PASSWORD);
  await page.locator('form#password-login button[type=submit]').click();
  if (tenant) await page.getByRole('button', { name: tenant }).click();
  if (workspace) await page.getByTestId(`workspace-${workspace}`).click();
  await page.waitForURL(`${baseUrl}/home`);
}

/**
 * Signs `account` in as a link from another system does (spec §4 start-up): `path` opened with
 * a token from the API's sign-in in `?token=`, the workspace picked where there is a choice.
 * The app starts once, on `path`, instead of on the login screen, then /home, then `path`; the
 * journeys that go through the login screen use {@link signInThroughLoginScreen}, and
 * startup-token.test.ts tests the start-up itself.
 */
export async function signInWithStartupToken(page: Page, baseUrl: string, account: Account, path: string): Promise<void> {
  const { tenant, workspace } = WAY_IN[account];
  const token = await apiClient(baseUrl).signIn(account, tenant);
  const address = new URL(path, baseUrl);
  address.searchParams.set('token', token);
  await page.goto(address.toString());
  if (workspace) {
    await page.getByTestId(`workspace-${workspace}`).click();
    await page.waitForURL((url) => url.pathname !== '/workSpace/select');
  }
}

/**
 * Waits until the page holds still for a picture: fonts loaded, no CSS animation or transition
 * of finite length running (antd's dialogs, drawers, menus and messages move by CSS), and every
 * canvas (charts draw their entry animation on one) unchanged over a few frames. A canvas that
 * never stops moving would keep the page waiting for ever, so after `patience` ms it goes on.
 */
export async function pageAtRest(page: Page, patience = 3_000): Promise<void> {
  await page
    .waitForFunction(
      (call) => {
        const state = window as unknown as { restingCall?: number; restingFrames?: number; canvasPrint?: string };
        if (state.restingCall !== call) Object.assign(state, { restingCall: call, restingFrames: 0, canvasPrint: undefined });
        const moving = document.getAnimations().some((animation) => {
          const end = animation.effect?.getComputedTiming().endTime;
          // antd's click ripple fades out over two seconds; it is no part of what the picture shows.
          const ripple = ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains('ant-wave');
          return animation.playState === 'running' && typeof end === 'number' && Number.isFinite(end) && !ripple;
        });
        // Each canvas drawn small: enough to see a chart still growing, cheap every frame.
        const thumb = document.createElement('canvas');
        thumb.width = 12;
        thumb.height = 12;
        const pen = thumb.getContext('2d', { willReadFrequently: true })!;
        const prints = [...document.querySelectorAll('canvas')].map((canvas) => {
          if (!canvas.width || !canvas.height) return '';
          pen.clearRect(0, 0, 12, 12);
          pen.drawImage(canvas, 0, 0, 12, 12);
          return pen.getImageData(0, 0, 12, 12).data.join(',');
        });
        const print = prints.join('|');
        const still = !moving && document.fonts.status === 'loaded' && print === state.canvasPrint;
        state.canvasPrint = print;
        state.restingFrames = still ? (state.restingFrames ?? 0) + 1 : 0;
        return state.restingFrames >= 3;
      },
      Math.random(),
      { polling: 'raf', timeout: patience },
    )
    .catch((error: unknown) => {
      if (!(error instanceof errors.TimeoutError)) throw error;
    });
}

/**
 * Keeps count of the page's open requests (the notification stream, open for good, aside).
 * `settled()` waits until none is open and the page stands still, and none opened meanwhile: a
 * screen that asks again once its first answer is in is waited for too.
 */
export function requestsOf(page: Page): { settled(): Promise<void> } {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  const noneOpen = async (patience = 15_000) => {
    const deadline = Date.now() + patience;
    while (open.size > 0) {
      if (Date.now() > deadline) throw new Error(`requests still open: ${[...open].map((request) => request.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    async settled() {
      do {
        await page.evaluate(() => undefined); // a round trip: the events of answers already in have arrived
        await noneOpen();
        await pageAtRest(page);
      } while (open.size > 0);
    },
  };
}

/**
 * Opens a sidebar entry the way a user does: its section, then the entry. The page is let come
 * to rest first, since the shell opens the section of the screen it has just shown, and a
 * section opened before that would be closed under the click. A section already open is not
 * clicked again (that would close it).
 */
export async function openMenuEntry(page: Page, section: string, entry: string): Promise<void> {
  const sider = page.locator('.app-sider');
  await pageAtRest(page);
  const title = sider.getByRole('menuitem', { name: section });
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  await expect.poll(() => title.getAttribute('aria-expanded')).toBe('true');
  // The section opens with an animation: its entry is clicked once it has settled.
  await pageAtRest(page);
  await sider.getByRole('menuitem', { name: entry }).click();
}

/**
 * Picks `option` in an open antd select's list, until `taken` says the pick took. A click on an
 * option is now and then lost on a busy machine (the list is still being placed under its field
 * between the press and the release); the list then stays open and the option is clicked again,
 * as a person would. `taken` is asked before each click, so a pick that took is not undone.
 */
export async function pickOption(option: Locator, taken: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!(await taken())) await option.click({ timeout: 5_000 });
        return taken();
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
}

/**
 * Moves the signed-in app to `address` as a link inside it does (the router follows the history
 * entry), without loading the page again: a tour of many screens then costs what a person's
 * clicks cost, not a fresh start of the app on each. The caller waits for the screen to settle.
 */
export async function openInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, address);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === address);
}

/**
 * Resolves once the page has run the timers already due: one set now fires after them. dnd-kit's
 * keyboard sensor, for one, starts listening for keys in such a timer after the key that lifts an
 * item, and a key pressed before that timer has run goes unheard.
 */
export async function pendingTimersRun(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve)));
}
