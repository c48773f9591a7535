import type { Page, PageScreenshotOptions } from 'playwright-core';
import { pageAtRest } from './browser.ts';

/**
 * Pictures of screens for a person to look at, in each language, wide and on a phone, are taken
 * by `npm run test:pictures` (E2E_PICTURES=1), not by `npm test`. The checks run either way;
 * taking the pictures, and going through the languages and sizes only the pictures need, cost
 * a third of the browser tests' time.
 */
export const PICTURES = process.env.E2E_PICTURES === '1';

/** Saves a picture of the page when pictures are asked for; else does nothing. */
export async function picture(page: Page, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (PICTURES) await page.screenshot(options);
}

/**
 * The variants (languages, sizes) a test of how screens look goes through: every one when
 * pictures are taken, else only `checked`, those whose checks say something the others do not
 * (Arabic, mirrored; every route on a phone is checked by tests/e2e/phone-widths.test.ts).
 */
export function looksIn<T>(every: readonly T[], checked: readonly T[]): readonly T[] {
  return PICTURES ? every : checked;
}

/** Lets the page come to rest and saves a picture of it, when pictures are asked for. */
export async function pictureAtRest(page: Page, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (!PICTURES) return;
  await pageAtRest(page);
  await page.screenshot(options);
}
