// Passwords of invited users, hashed with scrypt and a random salt: `scrypt$N$r$p$salt$hash`, base64url parts.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const cost: ScryptOptions = { N: 16384, r: 8, p: 1 };
const keyLength = 32;

export const minPasswordLength = 8;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const given = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return expected.length === given.length && timingSafeEqual(expected, given);
}
