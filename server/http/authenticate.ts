// Finds who is calling: Bearer token, HTTP Basic access key + secret, or the session cookie, in that order.
// Missing or wrong credentials both answer 401 `error authenticating request`. A change made with the cookie must
// also come from our own origin (same-origin.ts). The S3 gateway asks the same of its requests (gatewaySessionOf).
import { getCookie } from 'hono/cookie';
import type { AuthService, Principal } from '../auth/service';
import { unauthenticated } from '../errors';
import type { GatewaySession } from '../gateway';
import { crossOriginRefused } from './request-errors';
import type { AppContext } from './router';
import { isSameOrigin, isWrite, requireSameOrigin } from './same-origin';

export const sessionCookieName = 'internal_auth_session';

function decodeBasic(value: string): { id: string; secret: string } | undefined {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The principal of a Bearer token or HTTP Basic key and secret; undefined for any other scheme or a wrong one. */
export async function headerPrincipal(auth: AuthService, header: string): Promise<Principal | undefined> {
  const space = header.indexOf(' ');
  const scheme = (space > 0 ? header.slice(0, space) : header).toLowerCase();
  const value = space > 0 ? header.slice(space + 1).trim() : '';
  if (scheme === 'bearer') return auth.sessions.authenticate(value);
  if (scheme !== 'basic') return undefined;
  const pair = decodeBasic(value);
  return pair ? auth.authenticateKey(pair.id, pair.secret) : undefined;
}

async function cookiePrincipal(auth: AuthService, c: AppContext): Promise<Principal | undefined> {
  const cookie = getCookie(c, sessionCookieName);
  return cookie ? auth.sessions.authenticate(cookie) : undefined;
}

/** The principal, and whether it was established by the session cookie (which a browser attaches by itself). */
async function findPrincipal(auth: AuthService, c: AppContext): Promise<{ principal: Principal; byCookie: boolean } | undefined> {
  const header = c.req.header('authorization');
  if (header) {
    const principal = await headerPrincipal(auth, header);
    return principal && { principal, byCookie: false };
  }
  const principal = await cookiePrincipal(auth, c);
  return principal && { principal, byCookie: true };
}

export function identifier(auth: AuthService): (c: AppContext) => Promise<Principal> {
  return async (c) => {
    const found = await findPrincipal(auth, c);
    if (!found) throw unauthenticated();
    if (found.byCookie && isWrite(c.req.method)) requireSameOrigin(c);
    return found.principal;
  };
}

/**
 * For the S3 gateway: the caller the API would take this request for, as lakeFS authenticates its gateway's
 * requests with its API's credentials first. An S3 client's own Authorization header (an AWS signature) leaves the
 * cookie in play; a Bearer or Basic one decides alone. A cookie-signed write from another origin carries the refusal
 * the API would answer.
 */
export function gatewaySessionOf(auth: AuthService): (c: AppContext) => Promise<GatewaySession | undefined> {
  return async (c) => {
    const header = c.req.header('authorization');
    if (header && /^(bearer|basic) /i.test(header)) {
      const principal = await headerPrincipal(auth, header);
      return principal && { principal };
    }
    const principal = await cookiePrincipal(auth, c);
    if (!principal) return undefined;
    const refused = isWrite(c.req.method) && !isSameOrigin(c);
    return refused ? { principal, refusal: crossOriginRefused().message } : { principal };
  };
}
