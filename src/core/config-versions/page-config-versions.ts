import { configVersions } from './config-versions.ts';

/**
 * Versions of page configs (src/core/pages/page-config.ts): a page's, and a plate's, which is
 * a page config too, so one chain serves both.
 */
export const PAGE_CONFIG_VERSION = 1;

export const pageConfigVersions = configVersions('page config', PAGE_CONFIG_VERSION, [
  // Stored before configs carried a version: the same shape, now numbered.
  { from: 0, migrate: (config) => config },
]);

export const upgradePageConfig = (raw: unknown): unknown => pageConfigVersions.upgrade(raw);
