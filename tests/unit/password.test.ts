import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/modules/auth/password.ts';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one; salts differ', async () => {
    const [a, b] = await Promise.all([hashPassword('Plinth#2026'), hashPassword('Plinth#2026')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Plinth#2026', a)).toBe(true);
    expect(await verifyPassword('Plinth#2027', a)).toBe(false);
  });

  it('treats the NFC and NFD spellings of a password as one', async () => {
    const hash = await hashPassword('Caf\u00e9-2026');
    expect(await verifyPassword('Cafe\u0301-2026', hash)).toBe(true);
  });

  it('rejects a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});
