/**
 * Chromium pages for the browser benchmarks: a context per use, page errors collected,
 * sign-in through the real login form, and fresh pages that carry the signed-in session.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadConfig } from '../src/server/config.ts';
import { ensureWebBuild } from '../scripts/build.ts';
import { DEMO_PASSWORD } from '../tests/helpers/test-app.ts';

export const STEP_TIMEOUT_MS = 15_000;
/** What a signed-in screen shows once the workspace frame is up. */
export const HOME_READY = '.app-sider .ant-menu';

/** A demo account, the tenant to choose when it has several, and the workspace to enter. */
export interface BenchAccount {
  account: string;
  tenant?: string;
  workspace: string;
}

export interface ContextOptions {
  locale?: string;
  viewport?: { width: number; height: number };
}

/** Script errors of the pages of each context. */
const pageErrors = new WeakMap<BrowserContext, string[]>();

/** A page in a context of its own (nothing cached, nothing stored), closed afterwards; a script error fails it. */
export async function withPage<T>(browser: Browser, use: (page: Page) => Promise<T>, options: ContextOptions = {}): Promise<T> {
  const context: BrowserContext = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const errors: string[] = [];
  pageErrors.set(context, errors);
  try {
    const result = await use(await newPage(context));
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    return result;
  } finally {
    await context.close();
  }
}

/** A new page of the context, with the step timeouts and its script errors recorded. */
export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  page.on('pageerror', (error) => pageErrors.get(context)?.push(error.message));
  return page;
}

/** Disables the HTTP (and memory) cache of the page: every file comes from the server. */
export async function disableCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}

/** Signs in through the real login form, tenant and workspace choice, ending on /home with the menu shown. */
export async function signIn(page: Page, url: string, who: BenchAccount): Promise<void> {
  await page.goto(`${url}/login`);
  await page.fill('#password-login_account', who.account);
  await page.fill('#password-login_password', DEMO_PASSWORD);
  await page.locator('form#password-login button[type=submit]').click();
  if (who.tenant) await page.getByRole('button', { name: who.tenant }).click();
  await page.locator(`[data-testid="workspace-${who.workspace}"]`).click();
  await page.waitForURL(`${url}/home`);
  await page.locator(HOME_READY).first().waitFor();
}

/** The signed-in session of a page: its sessionStorage, which is what a reload keeps. */
export async function sessionOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(sessionStorage))));
}

/**
 * A new page of the context that starts with `session` in its sessionStorage, as after a
 * reload, not yet navigated. The workspace is kept encrypted under a key in the context's
 * IndexedDB, so a session serves pages of the context it was signed in, not another.
 */
export async function pageWithSession(context: BrowserContext, session: string): Promise<Page> {
  const page = await newPage(context);
  await page.addInitScript((entries: string) => {
    if (sessionStorage.length > 0) return;
    for (const [key, value] of Object.entries(JSON.parse(entries) as Record<string, string>)) sessionStorage.setItem(key, value);
  }, session);
  return page;
}

/**
 * A fresh page signed in as `who`, not yet navigated: the sign-in happens in `page`, which
 * is closed. The new page normally gets a renderer process of its own, so scripts compiled
 * during the sign-in are not reused: only cookies and storage are warm.
 */
export async function signedInPage(page: Page, url: string, who: BenchAccount): Promise<Page> {
  await signIn(page, url, who);
  const session = await sessionOf(page);
  const fresh = await pageWithSession(page.context(), session);
  await page.close();
  return fresh;
}

/** The SPA to serve: BENCH_WEB_DIR as it is, or dist/web built when missing or stale. */
export async function webBuild(): Promise<string> {
  const named = process.env.BENCH_WEB_DIR;
  if (named) {
    const dir = path.resolve(named);
    if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`BENCH_WEB_DIR ${dir} holds no built web app`);
    return dir;
  }
  const dir = loadConfig(process.env).webDir;
  ensureWebBuild(dir);
  return dir;
}
