import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorModuleSource } from '../../src/server/modules/form/validator-code.ts';
import { versionOf, EVERY_TYPE_DESIGN, GOOD_RECORD } from '../unit/forms/every-field-type.ts';
import { launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * The browser's record validation under the real Content-Security-Policy (script-src 'self',
 * no eval): the SPA's validation runtime, bundled as the build bundles it, imports a served
 * validator module from the same origin and validates with it. The pages are routes this
 * test adds to the real server.
 */

const { schema } = versionOf(EVERY_TYPE_DESIGN);

describe('form validator in Chromium under the CSP', () => {
  let t: TestApp;
  let browser: Browser;
  let outDir: string;

  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-validator-check-'));
    await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir,
        minify: false,
        lib: { entry: path.resolve('tests/fixtures/forms/validator-check-entry.ts'), formats: ['es'], fileName: () => 'entry.js' },
      },
    });
    const entry = fs.readFileSync(path.join(outDir, 'entry.js'), 'utf8');
    const moduleCode = validatorModuleSource(schema, 'CSP check');
    t = await startTestApp('sqlite', {
      prepare(app) {
        app.get('/__test/validator-check.html', (_request, reply) =>
          reply.type('text/html').send('<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script type="module" src="/__test/entry.js"></script></body></html>'),
        );
        app.get('/__test/entry.js', (_request, reply) => reply.type('text/javascript').send(entry));
        app.get('/__test/validator.js', (_request, reply) => reply.type('text/javascript').send(moduleCode));
      },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('validates a record with the served code and no CSP violation', async () => {
    const page = await browser.newPage();
    const problems = await watchPageProblems(page);
    const response = await page.goto(`${t.url}/__test/validator-check.html`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });

    type Check = (url: string, schema: unknown, data: unknown) => Promise<{ property: string; name: string }[]>;
    const check = (data: unknown) =>
      page.evaluate(([s, d]) => (window as unknown as { plinthCheckRecord: Check }).plinthCheckRecord('/__test/validator.js', s, d), [schema, data] as const);

    expect(await check(GOOD_RECORD)).toEqual([]);
    const errors = await check({ ...GOOD_RECORD, contactPhone: '12800000000', idNumber: '110105194912310021', price: 1.234, items: [{ amount: 1 }] });
    expect(errors.map((e) => `${e.property} ${e.name}`).sort()).toEqual(['.contactPhone format', '.idNumber format', '.items.0.name required', '.price multipleOf'].sort());
    expect(problems).toEqual([]);
    await page.close();
  });
});
