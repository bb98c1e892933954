import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptSecret, deriveKeys, encryptSecret, issueToken, sigV4SigningKey, verifyToken } from '../../server/auth/crypto';
import { loadOrCreateInstallationKey } from '../../server/auth/installation-key';
import { AuthService } from '../../server/auth/service';
import { defaultSessionTtlSeconds } from '../../server/auth/sessions';
import { memoryRecords } from './memory-records';

const keys = deriveKeys(Buffer.alloc(32, 9));

describe('installation key', () => {
  it('is created once, private to the owner, and read back unchanged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tarn-key-'));
    const first = loadOrCreateInstallationKey(dir);
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, 'installation.key')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateInstallationKey(dir).equals(first)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('installation key shared by servers on one store', () => {
  it('is recorded by its fingerprint, accepted again, and a different key is refused', async () => {
    const records = memoryRecords();
    await new AuthService(records, keys).claimInstallationKey();
    await new AuthService(records, deriveKeys(Buffer.alloc(32, 9))).claimInstallationKey();
    const stored = [...records.data.values()].join('');
    expect(stored).not.toContain(Buffer.alloc(32, 9).toString('hex'));
    expect(stored).not.toContain(keys.signing.toString('hex'));
    await expect(new AuthService(records, deriveKeys(Buffer.alloc(32, 8))).claimInstallationKey()).rejects.toThrow(
      /installation\.key is not the one the metadata store was set up with/,
    );
  });
});

describe('secrets at rest', () => {
  it('round-trip through AES-GCM with a fresh IV each time, and refuse tampering', () => {
    const a = encryptSecret(keys.encryption, 'the secret');
    const b = encryptSecret(keys.encryption, 'the secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('the secret');
    expect(decryptSecret(keys.encryption, a)).toBe('the secret');
    const raw = Buffer.from(a, 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] as number) ^ 1;
    expect(() => decryptSecret(keys.encryption, raw.toString('base64'))).toThrow();
    expect(() => decryptSecret(deriveKeys(Buffer.alloc(32, 1)).encryption, a)).toThrow();
  });
});

describe('session tokens', () => {
  it('verify while valid, and not after expiry or under another key', () => {
    const now = Date.UTC(2030, 0, 1);
    const { token, claims } = issueToken(keys.signing, 'admin', 'AKIAJEXAMPLEKEY00Q', 60, now);
    expect(verifyToken(keys.signing, token, now + 59_000)).toMatchObject({ sub: 'admin', akid: 'AKIAJEXAMPLEKEY00Q', exp: claims.exp });
    expect(verifyToken(keys.signing, token, now + 60_000)).toBeUndefined();
    expect(verifyToken(deriveKeys(Buffer.alloc(32, 2)).signing, token, now)).toBeUndefined();
    expect(verifyToken(keys.signing, `${token}x`, now)).toBeUndefined();
    expect(verifyToken(keys.signing, 'a.b', now)).toBeUndefined();
  });
});

describe('auth service', () => {
  it('sets up one admin, authenticates its key, and expires sessions after a week', async () => {
    let clock = Date.UTC(2030, 0, 1);
    const records = memoryRecords();
    const auth = new AuthService(records, keys, { now: () => clock });
    expect(await auth.setupState()).toEqual({ initialized: false, commPrefsMissing: true });
    const creds = await auth.setup({ username: 'admin', email: 'admin@example.com' });
    expect(await auth.setupState()).toEqual({ initialized: true, commPrefsMissing: false });
    await expect(auth.setup({ username: 'second' })).rejects.toThrow('lakeFS already initialized');
    expect([...records.data.values()].join('')).not.toContain(creds.secret_access_key);

    const principal = await auth.authenticateKey(creds.access_key_id, creds.secret_access_key);
    expect(principal).toEqual({ userId: 'admin', accessKeyId: creds.access_key_id });
    expect(await auth.authenticateKey(creds.access_key_id, 'wrong')).toBeUndefined();
    expect(await auth.authenticateKey('AKIAJNOSUCHKEY00000Q', creds.secret_access_key)).toBeUndefined();

    const session = await auth.sessions.open(principal!);
    expect(session.token_expiration).toBe(Math.floor(clock / 1000) + defaultSessionTtlSeconds);
    expect(await auth.sessions.authenticate(session.token)).toEqual(principal);
    clock += defaultSessionTtlSeconds * 1000;
    expect(await auth.sessions.authenticate(session.token)).toBeUndefined();
  });

  it('accepts a key pair supplied at setup', async () => {
    const auth = new AuthService(memoryRecords(), keys);
    const creds = await auth.setup({ username: 'ops', key: { access_key_id: 'AKIAJFIXEDKEY000000Q', secret_access_key: 'fixed-secret' } });
    expect(creds.access_key_id).toBe('AKIAJFIXEDKEY000000Q');
    expect(await auth.authenticateKey('AKIAJFIXEDKEY000000Q', 'fixed-secret')).toMatchObject({ userId: 'ops' });
  });

  it("gives the S3 gateway an access key's SigV4 signing key, never its secret", async () => {
    // AWS's documented example: this secret, day, region and service derive this signing key.
    const secret = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
    const scope = { date: '20120215', region: 'us-east-1', service: 'iam' };
    expect(sigV4SigningKey(secret, scope).toString('hex')).toBe('f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d');
    const auth = new AuthService(memoryRecords(), keys);
    await auth.setup({ username: 'ops', key: { access_key_id: 'AKIAJFIXEDKEY000000Q', secret_access_key: secret } });
    const found = await auth.sigV4Key('AKIAJFIXEDKEY000000Q', scope);
    expect(found?.principal).toEqual({ userId: 'ops', accessKeyId: 'AKIAJFIXEDKEY000000Q' });
    expect(found?.signingKey.toString('hex')).toBe('f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d');
    expect(JSON.stringify(found)).not.toContain(secret);
    expect(await auth.sigV4Key('AKIAJNOSUCHKEY00000Q', scope)).toBeUndefined();
  });

  it("gives the S3 gateway HMACs under an access key's secret for Signature V2, never the secret", async () => {
    // AWS's documented Signature V2 example: this secret signs this string to this signature.
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const auth = new AuthService(memoryRecords(), keys);
    await auth.setup({ username: 'ops', key: { access_key_id: 'AKIAIOSFODNN7EXAMPLE', secret_access_key: secret } });
    const found = await auth.sigV2Signatures('AKIAIOSFODNN7EXAMPLE', 'sha1', ['GET\n\n\nTue, 27 Mar 2007 19:36:42 +0000\n/johnsmith/photos/puppy.jpg']);
    expect(found?.principal).toEqual({ userId: 'ops', accessKeyId: 'AKIAIOSFODNN7EXAMPLE' });
    expect(found?.signatures.map((s) => s.toString('base64'))).toEqual(['bWq2s1WEIj+Ydj0vQ697zp+IXMU=']);
    expect(JSON.stringify(found)).not.toContain(secret);
    expect(await auth.sigV2Signatures('AKIAJNOSUCHKEY00000Q', 'sha256', ['x'])).toBeUndefined();
  });
});

describe('invitations', () => {
  it('spend their token once and expire after 24 hours', async () => {
    let clock = Date.UTC(2030, 0, 1);
    const auth = new AuthService(memoryRecords(), keys, { now: () => clock });
    await auth.setup({ username: 'admin' });
    const first = await auth.invitations.invite('first@example.com');
    const second = await auth.invitations.invite('second@example.com');
    await auth.invitations.activate(first.token, 'a long password');
    await expect(auth.invitations.activate(first.token, 'a long password')).rejects.toThrow('invalid token');
    expect(await auth.authenticatePassword('FIRST@example.com', 'a long password')).toEqual({ userId: 'first@example.com', accessKeyId: '' });
    clock += 24 * 3600 * 1000;
    await expect(auth.invitations.activate(second.token, 'a long password')).rejects.toThrow('invalid token');
    expect(await auth.authenticatePassword('second@example.com', 'a long password')).toBeUndefined();
  });
});
