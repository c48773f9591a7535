// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU_REFRESH_SECONDS, MENU_REFRESH_META, secondsSetting } from '../../../src/core/client-settings.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { withSettings } from '../../../src/server/plugins/web-app.ts';
import { menuRefreshInterval } from '../../../src/web/shell/layout/use-access-refresh.ts';

describe('settings the server hands the web app in index.html', () => {
  it('reads whole seconds, 0 included, and falls back on anything else', () => {
    expect(secondsSetting('15', 60)).toBe(15);
    expect(secondsSetting(' 0 ', 60)).toBe(0);
    for (const bad of [undefined, null, '', '-5', '1.5', 'soon']) expect(secondsSetting(bad, 60)).toBe(60);
  });

  it('MENU_REFRESH_SECONDS defaults to a minute', () => {
    expect(loadConfig({}).menuRefreshSeconds).toBe(DEFAULT_MENU_REFRESH_SECONDS);
    expect(DEFAULT_MENU_REFRESH_SECONDS).toBe(60);
    expect(loadConfig({ MENU_REFRESH_SECONDS: '5' }).menuRefreshSeconds).toBe(5);
    expect(loadConfig({ MENU_REFRESH_SECONDS: 'often' }).menuRefreshSeconds).toBe(60);
  });

  it('writes the interval into the head of index.html, where the browser reads it in milliseconds', () => {
    const html = withSettings('<!doctype html><html><head><title>Plinth</title></head><body></body></html>', { menuRefreshSeconds: 5 });
    expect(html).toContain(`<meta name="${MENU_REFRESH_META}" content="5" />\n</head>`);
    document.documentElement.innerHTML = new DOMParser().parseFromString(html, 'text/html').documentElement.innerHTML;
    expect(menuRefreshInterval(document)).toBe(5000);
    document.head.innerHTML = '';
    expect(menuRefreshInterval(document)).toBe(60_000);
  });

  it('puts the tags before the first script when the page has no head', () => {
    const html = withSettings('<!doctype html><script type="module" src="./main.js"></script>', { menuRefreshSeconds: 0 });
    expect(html.indexOf(MENU_REFRESH_META)).toBeLessThan(html.indexOf('<script'));
  });
});
