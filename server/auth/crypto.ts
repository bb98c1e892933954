// Keys derived from the installation secret, AES-256-GCM for secrets at rest, and HS256 JWTs for sessions.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export interface InstallationKeys {
  encryption: Buffer;
  signing: Buffer;
  /** Names the installation key without revealing it, so servers sharing a store can tell whether theirs agree. */
  fingerprint: string;
}

function derive(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `tarn:${purpose}`, 32));
}

export function deriveKeys(master: Buffer): InstallationKeys {
  return {
    encryption: derive(master, 'secrets-at-rest'),
    signing: derive(master, 'session-tokens'),
    fingerprint: derive(master, 'fingerprint').toString('hex'),
  };
}

/** Signs the staging addresses of presigned uploads (see catalog/staging-address.ts). */
export function stagingAddressKey(master: Buffer): Buffer {
  return derive(master, 'staging-addresses');
}

/** iv(12) | tag(16) | ciphertext, base64. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * AWS Signature V4's signing key for one day, region and service: HMACs chained from `AWS4<secret>`. Signatures are
 * checked with this key, so the secret itself never leaves the auth layer.
 */
export function sigV4SigningKey(secret: string, scope: { date: string; region: string; service: string }): Buffer {
  let key = createHmac('sha256', `AWS4${secret}`).update(scope.date).digest();
  for (const part of [scope.region, scope.service, 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return key;
}

/** An HMAC keyed by an access key's secret itself, as AWS Signature Version 2 signs. */
export function hmacWithSecret(secret: string, algorithm: 'sha1' | 'sha256', text: string): Buffer {
  return createHmac(algorithm, secret).update(text, 'utf8').digest();
}

/** Equal strings, compared in time that depends only on their length (secrets here have a fixed, public length). */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}

export interface SessionClaims {
  sub: string;
  /** The access key the session was opened with (shown as `accessKeyId` by GET /user). */
  akid: string;
  iat: number;
  exp: number;
  jti: string;
}

const jwtHeader = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

export function issueToken(key: Buffer, subject: string, accessKeyId: string, lifetimeSeconds: number, now = Date.now()): {
  token: string;
  claims: SessionClaims;
} {
  const iat = Math.floor(now / 1000);
  const claims: SessionClaims = { sub: subject, akid: accessKeyId, iat, exp: iat + lifetimeSeconds, jti: randomUUID() };
  const payload = Buffer.from(JSON.stringify({ ...claims, iss: 'tarn', aud: 'login' })).toString('base64url');
  const unsigned = `${jwtHeader}.${payload}`;
  return { token: `${unsigned}.${sign(key, unsigned)}`, claims };
}

/** The claims of a well-signed, unexpired token, or undefined. */
export function verifyToken(key: Buffer, token: string, now = Date.now()): SessionClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== jwtHeader) return undefined;
  const expected = Buffer.from(sign(key, `${header}.${payload}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const c = claims as Partial<SessionClaims>;
  if (typeof c.sub !== 'string' || typeof c.akid !== 'string' || typeof c.exp !== 'number' || typeof c.iat !== 'number') {
    return undefined;
  }
  if (c.exp * 1000 <= now) return undefined;
  return { sub: c.sub, akid: c.akid, iat: c.iat, exp: c.exp, jti: String(c.jti ?? '') };
}
