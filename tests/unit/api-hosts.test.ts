import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HOSTS_META, apiOriginFor, apiOriginsForHost, parseApiHostRules } from '../../src/core/api-hosts.ts';
import { loadConfig } from '../../src/server/config.ts';
import { withSettings } from '../../src/server/plugins/web-app.ts';
import { apiBaseUrl } from '../../src/web/api/request.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** The table as shipped: config/api-hosts.json. */
const shipped = parseApiHostRules(JSON.parse(fs.readFileSync('config/api-hosts.json', 'utf8')));

describe('the API hosts table (spec §9)', () => {
  it('gives production vip. and viphk. hosts their dedicated API hosts, and nothing else', () => {
    expect(apiOriginFor(shipped, 'vip.northwind.example', 'production')).toBe('https://vip-api.plinth.example');
    expect(apiOriginFor(shipped, 'VIPHK.northwind.example', 'production')).toBe('https://viphk-api.plinth.example');
    // Not a vip. host: viphkx., a vip inside the name, the plain product host.
    for (const host of ['viphkx.northwind.example', 'app.vip.example', 'plinth.northwind.example']) expect(apiOriginFor(shipped, host, 'production'), host).toBeNull();
    // A vip. host running a development build calls its own origin.
    expect(apiOriginFor(shipped, 'vip.northwind.example', 'development')).toBeNull();
  });

  it('switches test hosts by build, and leaves local hosts on their own origin', () => {
    expect(apiOriginFor(shipped, 'test.northwind.example', 'test')).toBe('https://test-api.plinth.example');
    expect(apiOriginFor(shipped, 'test.northwind.example', 'production')).toBeNull();
    for (const build of ['development', 'test', 'production']) {
      expect(apiOriginFor(shipped, 'localhost', build)).toBeNull();
      expect(apiOriginFor(shipped, '127.0.0.1', build)).toBeNull();
    }
    // A table of one's own: local hosts in a development build call a server elsewhere; first match wins.
    const local = parseApiHostRules({
      rules: [
        { hosts: 'localhost', builds: ['development'], api: 'http://localhost:8080' },
        { hosts: '*.lan', api: 'http://api.lan:8080' },
        { hosts: 'box.lan', api: 'http://never.lan' },
      ],
    });
    expect(apiOriginFor(local, 'localhost', 'development')).toBe('http://localhost:8080');
    expect(apiOriginFor(local, 'localhost', 'production')).toBeNull();
    expect(apiOriginFor(local, 'box.lan', 'production')).toBe('http://api.lan:8080');
  });

  it('makes the web app’s API base from the table, the page origin when no row matches', () => {
    expect(apiBaseUrl('https://vip.northwind.example', shipped, 'production')).toBe('https://vip-api.plinth.example/api');
    expect(apiBaseUrl('https://viphk.northwind.example:8443', shipped, 'production')).toBe('https://viphk-api.plinth.example/api');
    expect(apiBaseUrl('https://test.northwind.example', shipped, 'test')).toBe('https://test-api.plinth.example/api');
    expect(apiBaseUrl('https://plinth.example', shipped, 'production')).toBe('https://plinth.example/api');
    expect(apiBaseUrl('http://localhost:5173/', shipped, 'development')).toBe('http://localhost:5173/api');
  });

  it('lists every API host a hostname may call, for its connect-src', () => {
    expect(apiOriginsForHost(shipped, 'vip.northwind.example')).toEqual(['https://vip-api.plinth.example']);
    expect(apiOriginsForHost(shipped, 'plinth.example')).toEqual([]);
  });

  it('refuses a wrong table, naming the row', () => {
    expect(() => parseApiHostRules({})).toThrow(/"rules" must be a list/);
    expect(() => parseApiHostRules({ rules: [{ hosts: 'vip.*', api: 'https://a.example/api' }] })).toThrow(/rules\[0\]\.api/);
    expect(() => parseApiHostRules({ rules: [{ hosts: 'vip.*', api: 'https://a.example' }, { hosts: 'a b', api: 'https://b.example' }] })).toThrow(/rules\[1\]\.hosts/);
    expect(() => parseApiHostRules({ rules: [{ hosts: 'vip.*', builds: 'production', api: 'https://a.example' }] })).toThrow(/rules\[0\]\.builds/);
  });

  it('is read at start from config/api-hosts.json or API_HOSTS_FILE, and written into index.html', () => {
    expect(loadConfig({}).apiHosts).toEqual(shipped);
    expect(loadConfig({ API_HOSTS_FILE: '/nonexistent/hosts.json' }).apiHosts).toEqual([]);
    const html = withSettings('<html><head></head><body></body></html>', { menuRefreshSeconds: 60, apiHosts: shipped });
    const content = /<meta name="plinth-api-hosts" content="([^"]*)"/.exec(html)?.[1];
    expect(API_HOSTS_META).toBe('plinth-api-hosts');
    expect(JSON.parse(content!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&'))).toEqual(shipped);
  });
});

describe('the page’s connect-src', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  const policyFor = (host: string) =>
    new Promise<string>((resolve, reject) => {
      const request = http.get(`${t.url}/api/proptech_allplan/login/list/tenant`, { headers: { host } }, (answer) => {
        answer.resume();
        resolve(String(answer.headers['content-security-policy']));
      });
      request.on('error', reject);
    });
  const connectSrc = async (host: string) => /connect-src ([^;]*)/.exec(await policyFor(host))?.[1];

  it('allows the API host the table gives the page’s hostname, and only that', async () => {
    expect(await connectSrc('vip.northwind.example')).toBe("'self' https://vip-api.plinth.example");
    expect(await connectSrc('viphk.northwind.example:443')).toBe("'self' https://viphk-api.plinth.example");
    expect(await connectSrc('plinth.northwind.example')).toBe("'self'");
  });
});
