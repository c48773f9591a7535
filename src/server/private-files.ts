import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's data (database, stored files, keys) is for the server's own user alone. Modes
 * are given where folders and files are made, not left to the process umask, which a library
 * or an embedding process may not have set.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes the folder (and missing parents) private; one an older start left open is closed too. */
export function privateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  try {
    fs.chmodSync(dir, PRIVATE_FOLDER_MODE);
  } catch (error) {
    // A folder of another owner (a mounted volume) keeps the mode its owner chose.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/**
 * A random key kept in a private file, made on first use; the same on every start. Written
 * whole beside it and linked into place, so a second process starting at once reads the same.
 */
export function keptSecret(file: string): Buffer {
  privateFolder(path.dirname(file));
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${crypto.randomUUID()}`;
    fs.writeFileSync(draft, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: PRIVATE_FILE_MODE });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length < 32) throw new Error(`${file} does not hold a key; remove it and start again`);
  return key;
}
