import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo } from '../../src/core/contracts/files.ts';
import { textIn, type LocalText } from '../../src/core/local-text.ts';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { builtWebDir, launchBrowser, pageAtRest } from '../helpers/browser.ts';
import { HARBOR, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/file-store');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/*
 * An attachment field of a real form uploads to the file store: the shell's upload panel
 * shows the file and its progress, and the stored file is the one chosen. In English,
 * Chinese and Arabic (right to left), with screenshots.
 */
describe('attachment upload through the shell in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let token: string;
  let rfiId: number;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    token = await t.signIn('harbor', HARBOR);
    const forms = await t.call<{ id: number; name: LocalText }[]>('GET', '/proptech_allplan/form/options', { token });
    rfiId = forms.body.data.find((form) => textIn(form.name, 'en').startsWith('Request for information'))!.id;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const locale of looksIn(['en-US', 'zh-CN', 'ar'], ['en-US', 'ar'])) {
    it(`uploads an RFI sketch with the panel showing it (${locale})`, { timeout: 90_000 }, async () => {
      const context = await browser.newContext({ locale, viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const target = `/table/fill/${rfiId}`;
      await page.goto(`${t.url}${withReturnPath('/securityMiddle', target)}&token=${encodeURIComponent(token)}`);
      // harbor works in two workspaces: the shell asks which one first.
      await page.getByTestId('workspace-HB-PIER').click();
      await page.waitForURL(`${t.url}${target}`);

      const name = `sketch-${locale}.pdf`;
      const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/proptech_filestore/file/upload'));
      await page.locator('input[type=file]').first().setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
      const info = ((await (await uploaded).json()) as { data: FileInfo }).data;
      expect(info).toMatchObject({ name, size: PDF.length, type: 'application/pdf' });

      const panel = page.locator('.upload-panel');
      await expect.poll(() => panel.isVisible()).toBe(true);
      await expect.poll(() => panel.innerText()).toContain(name);
      await expect.poll(() => panel.locator('.ant-progress-status-success').count()).toBe(1);
      // The panel covers no field for good: scrolled to the end, the form's last control sits above it, on a phone too.
      for (const viewport of [null, { width: 390, height: 844 }]) {
        if (viewport) await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await pageAtRest(page);
        const last = page.locator('#main-content :is(button, input:not([type=file]), textarea):visible').last();
        const [lastBox, panelBox] = await Promise.all([last.boundingBox(), panel.boundingBox()]);
        expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(panelBox!.y);
        expect(panelBox!.x + panelBox!.width).toBeLessThanOrEqual(viewport?.width ?? 1366);
        await picture(page, { path: path.join(SCREENSHOTS, `upload-panel-${locale}${viewport ? '-phone' : ''}.png`) });
      }
      // Minimised, it is a title bar.
      await panel.getByRole('button', { name: /Minimize|最小化|تصغير/ }).click();
      await expect.poll(async () => (await panel.boundingBox())!.height).toBeLessThan(64);

      const stored = await fetch(`${t.url}${info.url}?token=${encodeURIComponent(token)}`);
      expect(Buffer.from(await stored.arrayBuffer()).equals(PDF)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
