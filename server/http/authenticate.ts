// Finds who is calling: Bearer token, HTTP Basic access key + secret, or the session cookie, in that order.
// Missing or wrong credentials both answer 401 `error authenticating request`.
import { getCookie } from 'hono/cookie';
import type { AuthService, Principal } from '../auth/service';
import { unauthenticated } from '../errors';
import type { AppContext } from './route-table';

export const sessionCookieName = 'internal_auth_session';

function decodeBasic(value: string): { id: string; secret: string } | undefined {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

async function findPrincipal(auth: AuthService, c: AppContext): Promise<Principal | undefined> {
  const header = c.req.header('authorization');
  if (header) {
    const space = header.indexOf(' ');
    const scheme = (space > 0 ? header.slice(0, space) : header).toLowerCase();
    const value = space > 0 ? header.slice(space + 1).trim() : '';
    if (scheme === 'bearer') return auth.authenticateToken(value);
    if (scheme === 'basic') {
      const pair = decodeBasic(value);
      return pair ? auth.authenticateKey(pair.id, pair.secret) : undefined;
    }
    return undefined;
  }
  const cookie = getCookie(c, sessionCookieName);
  return cookie ? auth.authenticateToken(cookie) : undefined;
}

export function identifier(auth: AuthService): (c: AppContext) => Promise<Principal> {
  return async (c) => {
    const principal = await findPrincipal(auth, c);
    if (!principal) throw unauthenticated();
    return principal;
  };
}
