// The per-installation secret: 32 random bytes kept in the data dir (mode 0600), created on first start. Session
// tokens are signed and credential secrets encrypted with keys derived from it, so it never leaves this process.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const fileName = 'installation.key';
const keyLength = 32;

function readKey(path: string): Buffer | undefined {
  try {
    const key = readFileSync(path);
    if (key.length !== keyLength) throw new Error(`${path} is damaged: expected ${keyLength} bytes, found ${key.length}`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** The installation's key, or undefined when the data folder has none (a tool must not make one up). */
export function loadInstallationKey(dataDir: string): Buffer | undefined {
  return readKey(join(dataDir, fileName));
}

export function loadOrCreateInstallationKey(dataDir: string): Buffer {
  const path = join(dataDir, fileName);
  const existing = readKey(path);
  if (existing) {
    // A key file copied or restored with a looser mode is tightened.
    chmodSync(path, 0o600);
    return existing;
  }
  // Write a temp file, then hard-link it into place: link fails if another process won the race, so every
  // process ends up with the same key and nobody sees a half-written file.
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, randomBytes(keyLength));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  const key = readKey(path);
  if (!key) throw new Error(`could not create ${path}`);
  return key;
}
