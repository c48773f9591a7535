import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { signInWithStartupToken, type Account } from './browser.ts';

export interface OpenOptions {
  locale?: string;
  /** This tab's size, where it differs from the browser's. */
  viewport?: { width: number; height: number };
}

export interface SignedInBrowsers {
  /**
   * A tab of `account`'s browser in `locale`, showing `path` once the app has drawn it. The
   * first tab of each account and locale signs in with a start-up token (`?token=`).
   */
  open(account: Account, path?: string, options?: OpenOptions): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The browsers of a test file's users: one context per account and locale, signed in with a
 * start-up token when first asked for. Later tabs open in the same context, as a user opens a
 * second tab: they share its cookie and storage, so the password check (slow on purpose) runs
 * once per account and locale rather than in every test. `onPage` sees each tab before it loads.
 */
export function signedInBrowsers(
  browser: Browser,
  baseUrl: string,
  { contextOptions = {}, onPage }: { contextOptions?: BrowserContextOptions; onPage?: (page: Page, options: { account: Account; locale: string }) => unknown } = {},
): SignedInBrowsers {
  const contexts = new Map<string, BrowserContext>();
  return {
    async open(account, path = '/home', { locale = 'en-US', viewport } = {}) {
      const key = `${account} ${locale}`;
      const known = contexts.get(key);
      const context = known ?? (await browser.newContext({ viewport: { width: 1440, height: 900 }, ...contextOptions, locale }));
      contexts.set(key, context);
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      await onPage?.(page, { account, locale });
      if (known) await page.goto(`${baseUrl}${path}`);
      else await signInWithStartupToken(page, baseUrl, account, path);
      // The app replaces its boot splash once its translations and the stored session are loaded.
      await page.locator('#root > :not(.boot-splash)').first().waitFor({ state: 'attached' });
      return page;
    },
    async close() {
      for (const context of contexts.values()) await context.close();
      contexts.clear();
    },
  };
}
