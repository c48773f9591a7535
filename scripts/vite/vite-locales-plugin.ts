import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** URL prefix of the locale files; matches LOCALES_LOAD_PATH of i18n.ts. */
const URL_PREFIX = '/locales/';

function listJsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listJsonFiles(full);
    return entry.isFile() && entry.name.endsWith('.json') ? [full] : [];
  });
}

/** The file a request path such as `/ar/login.json` names, if it is a locale file inside `dir`. */
function localeFileOf(dir: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
  const file = path.resolve(dir, `.${path.posix.normalize(`/${decoded}`)}`);
  const inside = file.startsWith(dir + path.sep);
  return inside && file.endsWith('.json') && fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? file : undefined;
}

/**
 * Publishes `locales/**` (i18next's HTTP backend reads it at run time): copied into the
 * build as `locales/**`, and served by the dev server. The files keep their names, so the
 * server sends them with `cache-control: no-cache` rather than the year-long cache of hashed
 * assets.
 */
export function localesPlugin(localesDir = 'locales'): Plugin {
  let dir = path.resolve(localesDir);
  return {
    name: 'plinth-locales',
    configResolved(config) {
      dir = path.resolve(config.root, localesDir);
    },
    configureServer(server) {
      server.watcher.add(dir);
      // i18next keeps what it loaded, so an edited translation needs a page reload.
      server.watcher.on('change', (file) => {
        if (file.startsWith(dir + path.sep)) server.ws.send({ type: 'full-reload' });
      });
      server.middlewares.use(URL_PREFIX, (req, res, next) => {
        const file = req.method === 'GET' || req.method === 'HEAD' ? localeFileOf(dir, req.url ?? '') : undefined;
        if (!file) return next();
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-cache');
        res.end(req.method === 'HEAD' ? undefined : fs.readFileSync(file));
      });
    },
    buildStart() {
      for (const file of listJsonFiles(dir)) this.addWatchFile(file);
    },
    generateBundle() {
      for (const file of listJsonFiles(dir)) {
        const name = path.relative(dir, file).split(path.sep).join('/');
        let data: unknown;
        try {
          data = JSON.parse(fs.readFileSync(file, 'utf8'));
        } catch (error) {
          this.error(`locales/${name} is not valid JSON: ${(error as Error).message}`);
        }
        // Re-serialized without indentation: smaller, and a malformed file fails the build above.
        this.emitFile({ type: 'asset', fileName: `locales/${name}`, source: JSON.stringify(data) });
      }
    },
  };
}
