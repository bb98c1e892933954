// Finds who is calling: Bearer token, HTTP Basic access key + secret, or the session cookie, in that order.
// Missing or wrong credentials both answer 401 `error authenticating request`. A change made with the cookie must
// also come from our own origin (same-origin.ts).
import { getCookie } from 'hono/cookie';
import type { AuthService, Principal } from '../auth/service';
import { unauthenticated } from '../errors';
import type { AppContext } from './router';
import { isWrite, requireSameOrigin } from './same-origin';

export const sessionCookieName = 'internal_auth_session';

function decodeBasic(value: string): { id: string; secret: string } | undefined {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The principal, and whether it was established by the session cookie (which a browser attaches by itself). */
async function findPrincipal(auth: AuthService, c: AppContext): Promise<{ principal: Principal; byCookie: boolean } | undefined> {
  const header = c.req.header('authorization');
  if (header) {
    const space = header.indexOf(' ');
    const scheme = (space > 0 ? header.slice(0, space) : header).toLowerCase();
    const value = space > 0 ? header.slice(space + 1).trim() : '';
    let principal: Principal | undefined;
    if (scheme === 'bearer') principal = await auth.authenticateToken(value);
    else if (scheme === 'basic') {
      const pair = decodeBasic(value);
      principal = pair ? await auth.authenticateKey(pair.id, pair.secret) : undefined;
    }
    return principal && { principal, byCookie: false };
  }
  const cookie = getCookie(c, sessionCookieName);
  const principal = cookie ? await auth.authenticateToken(cookie) : undefined;
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
