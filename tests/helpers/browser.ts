import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_PASSWORD, NORTHWIND } from './test-app.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Headless Chromium from the system; fails with the install command when it is missing. */
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
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
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

/** Signs in through the login screen into Northwind's NW-HQ workspace; admin, who has two tenants, picks Northwind first. */
export async function signInToNorthwindHq(page: Page, baseUrl: string, account: 'admin' | 'alice' | 'bob'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.fill('#password-login_account', account);
  await page.fill('#password-login_password', DEMO_PASSWORD);
  await page.locator('form#password-login button[type=submit]').click();
  if (account === 'admin') await page.getByRole('button', { name: NORTHWIND }).click();
  await page.getByTestId('workspace-NW-HQ').click();
  await page.waitForURL(`${baseUrl}/home`);
}
