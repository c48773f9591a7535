import { setPasswordCostForTests } from '../../src/server/modules/auth/password.ts';

/**
 * Every test process hashes passwords at a cost of about a millisecond instead of the server's
 * quarter second; tests/api/auth/auth.test.ts puts the server's own cost back to check it.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };
setPasswordCostForTests(TEST_PASSWORD_COST);
