// Access keys shaped like AWS ones (so S3 tools accept them) and 40-character secrets.
import { randomBytes, randomInt } from 'node:crypto';

const keyAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function newAccessKeyId(): string {
  let middle = '';
  for (let i = 0; i < 14; i++) middle += keyAlphabet[randomInt(keyAlphabet.length)];
  return `AKIAJ${middle}Q`;
}

export function newSecretAccessKey(): string {
  return randomBytes(30).toString('base64');
}
