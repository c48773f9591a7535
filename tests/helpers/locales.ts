import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BackendModule, ReadCallback } from 'i18next';

export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

export function readLocale(lng: string, ns: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), 'utf8'));
}

/** An i18next backend that reads the repository's locale files from disk instead of over HTTP. */
export const fileBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    try {
      callback(null, readLocale(lng, ns) as Record<string, unknown>);
    } catch (error) {
      callback(error as Error, false);
    }
  },
};
