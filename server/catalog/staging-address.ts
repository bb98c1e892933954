// Addresses handed to clients for direct uploads (presigned transfers) come back to be linked to a path. Each is
// signed for its repository with an expiry, `<full address>,<expiry>.<hmac>`, so a client can link only an address
// this server gave out, never one of its own choosing (another object's data, a place outside the namespace).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../errors';

/** As lakeFS: a staged upload may be linked for a day. */
export const stagingAddressLifetimeSeconds = 24 * 3600;

function mac(key: Buffer, repository: string, address: string, expiry: number): string {
  return createHmac('sha256', key).update(`${repository}\n${address}\n${expiry}`).digest('base64url');
}

export function signStagingAddress(key: Buffer, repository: string, address: string, now: number): string {
  const expiry = now + stagingAddressLifetimeSeconds;
  return `${address},${expiry}.${mac(key, repository, address, expiry)}`;
}

/** The address a signed one names; ValidationError when it was not signed here for the repository, or has expired. */
export function verifyStagingAddress(key: Buffer, repository: string, signed: string, now: number): string {
  const comma = signed.lastIndexOf(',');
  const refused = new ValidationError('physical address was not issued by this server for this repository, or has expired');
  if (comma < 0) throw refused;
  const address = signed.slice(0, comma);
  const [expiryText = '', signature = ''] = signed.slice(comma + 1).split('.');
  const expiry = Number(expiryText);
  if (!/^\d+$/.test(expiryText) || expiry < now) throw refused;
  const expected = Buffer.from(mac(key, repository, address, expiry));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused;
  return address;
}
