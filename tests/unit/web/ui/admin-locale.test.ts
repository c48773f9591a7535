import { describe, expect, it } from 'vitest';
import { MEMBER_STATUSES, MEMBER_TYPES } from '../../../../src/core/contracts/management.ts';
import { DATA_SCOPES } from '../../../../src/core/contracts/role.ts';
import { SUPPORTED_LANGUAGES } from '../../../../src/web/i18n/i18n.ts';
import { readLocale } from '../../../helpers/locales.ts';

// Keys the administration screens build at run time, which the translation-key scan cannot see.
const RUNTIME_KEYS = [
  ...DATA_SCOPES.flatMap((scope) => [`roles.scopes.${scope}.label`, `roles.scopes.${scope}.help`]),
  ...MEMBER_STATUSES.map((status) => `users.statuses.${status}`),
  ...MEMBER_TYPES.map((type) => `users.types.${type}`),
  ...['users', 'workspaces'].map((tab) => `management.tabs.${tab}`),
  ...['page', 'website'].map((kind) => `templates.kinds.${kind}`),
];

const textAt = (data: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), data);

describe('admin texts chosen at run time', () => {
  it('exist in every language', () => {
    for (const { code } of SUPPORTED_LANGUAGES) {
      const admin = readLocale(code, 'admin');
      for (const key of RUNTIME_KEYS) expect(typeof textAt(admin, key), `${code}: ${key}`).toBe('string');
    }
  });
});
