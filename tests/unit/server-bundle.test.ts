import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build.ts';

/** Packages of the browser: no module the server runs may import one. */
const BROWSER_PACKAGES = /\b(?:from|import)\s*\(?\s*["'](?:react|react-dom|antd|@ant-design\/[\w-]+|echarts|echarts-for-react|mobx-react-lite)(?:\/[^"']*)?["']/;

/**
 * The server as `npm start` builds it (scripts/build.ts) holds no widget: it checks page
 * configs with the props schemas it reads from the widget folders, and src/core validates with
 * what it is given, so neither React nor a widget component is bundled or imported.
 */
describe('the server bundle', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-server-bundle-'));
  afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

  it('holds no React and no widget chunk', async () => {
    const metafile = await buildServer(outdir);
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.length).toBeGreaterThan(100);
    expect(inputs.filter((file) => file.startsWith('widgets/') || /\.(tsx|css)$/.test(file))).toEqual([]);
    const files = fs.readdirSync(outdir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
    expect(files.filter((name) => /widget/i.test(name))).toEqual([]);
    for (const name of files) {
      const code = fs.readFileSync(path.join(outdir, name), 'utf8');
      expect(BROWSER_PACKAGES.exec(code)?.[0], name).toBeUndefined();
    }
  });
});
