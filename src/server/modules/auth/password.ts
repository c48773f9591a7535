import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * OWASP Password Storage Cheat Sheet: scrypt N=2^15, r=8, p=3, one of its five settings of equal
 * strength. A hash holds 128·r·(N+2+p) bytes while it runs, in one allocation: here just over
 * 32 MiB, glibc's largest mmap threshold, so it is always mapped and given back when done.
 * N=2^17 (128 MiB) took the server past 230 MB for each sign-in; N=2^14 (16 MiB) fell under the
 * threshold and stayed in each libuv thread's arena, 64 MB kept after a few sign-ins.
 */
export const OWASP_COST: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };
let PARAMS: ScryptParams = OWASP_COST;

/**
 * The tests' cost. The server's hash takes a quarter of a second of a core on purpose, and the
 * tests sign in thousands of times: minutes of a run went into hashing. Only the tests' setup
 * (tests/helpers/password-cost.ts) calls this; the server never does.
 */
export function setPasswordCostForTests(params: ScryptParams): void {
  PARAMS = params;
}
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** The key scrypt derives from the password (NFKC, so every spelling of it is one) with `params`. */
function deriveKey(password: string, salt: Buffer, length: number, { N, r, p }: ScryptParams): Promise<Buffer> {
  return scrypt(password.normalize('NFKC'), salt, length, { N, r, p, maxmem: 128 * N * r * 2 });
}

/** A stored `scrypt$N$r$p$salt$key` read into its parts; null when it is not one. */
function readStoredHash(stored: string): (ScryptParams & { salt: Buffer; key: Buffer }) | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  return { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

/** `scrypt$N$r$p$salt$key` (base64), so the parameters can change without breaking older hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `stored` was made with today's parameters; an older hash is made again at the next sign-in. */
export function isCurrentHash(stored: string): boolean {
  const hash = readStoredHash(stored);
  return hash !== null && hash.N === PARAMS.N && hash.r === PARAMS.r && hash.p === PARAMS.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = readStoredHash(stored);
  if (!hash) return false;
  const key = await deriveKey(password, hash.salt, hash.key.length, hash);
  return crypto.timingSafeEqual(key, hash.key);
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return decoyHash;
}
