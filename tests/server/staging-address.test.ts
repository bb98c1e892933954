import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signStagingAddress, stagingAddressLifetimeSeconds, verifyStagingAddress } from '../../server/catalog/staging-address';

describe('signed staging addresses', () => {
  const key = randomBytes(32);
  const address = 's3://lake/repo/data/p/id';
  const now = 1_700_000_000;

  it('give back their address to the repository they were signed for, for a day', () => {
    const signed = signStagingAddress(key, 'repo', address, now);
    expect(signed.startsWith(`${address},${now + stagingAddressLifetimeSeconds}.`)).toBe(true);
    expect(verifyStagingAddress(key, 'repo', signed, now + stagingAddressLifetimeSeconds)).toBe(address);
  });

  it('are refused once expired, for another repository, under another key, or changed in any part', () => {
    const signed = signStagingAddress(key, 'repo', address, now);
    const refused = /not issued by this server for this repository, or has expired/;
    expect(() => verifyStagingAddress(key, 'repo', signed, now + stagingAddressLifetimeSeconds + 1)).toThrow(refused);
    expect(() => verifyStagingAddress(key, 'other', signed, now)).toThrow(refused);
    expect(() => verifyStagingAddress(randomBytes(32), 'repo', signed, now)).toThrow(refused);
    const [, tail = ''] = signed.split(',');
    const [expiry = '', mac = ''] = tail.split('.');
    for (const forged of [
      address,
      `${address}x,${tail}`,
      `${address},${Number(expiry) + 1}.${mac}`,
      `${address},${expiry}.${mac.slice(1)}`,
      `${address},${expiry}`,
      `${address},later.${mac}`,
    ]) {
      expect(() => verifyStagingAddress(key, 'repo', forged, now), forged).toThrow(refused);
    }
  });
});
