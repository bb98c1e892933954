// The session cookie travels with any request the browser makes to us, including ones another site triggers (a
// form post, a fetch with credentials). A change made with the cookie is therefore accepted only when the browser
// says it comes from our own origin. Basic and bearer credentials are never sent by a browser on its own, so they
// need no such proof.
import { crossOriginRefused } from './request-errors';
import type { AppContext } from './router';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isWrite(method: string): boolean {
  return writeMethods.has(method.toUpperCase());
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/** Whether an Origin header names the host this request was sent to (a Host without a port means the default). */
export function originMatchesHost(origin: string, host: string): boolean {
  let from: URL;
  let to: URL;
  try {
    from = new URL(origin);
    to = new URL(`${from.protocol}//${host}`);
  } catch {
    return false;
  }
  if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
  return from.hostname === to.hostname && (from.port || defaultPort(from.protocol)) === (to.port || defaultPort(to.protocol));
}

/**
 * Whether the browser vouches that the request comes from our origin: `Sec-Fetch-Site: same-origin`, or an `Origin`
 * equal to the Host it was sent to. Browsers send Origin on every non-GET request, so a cookie-signed write with
 * neither header is not from our console.
 */
export function isSameOrigin(c: AppContext): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site === 'same-origin') return true;
  if (site === 'cross-site' || site === 'same-site') return false;
  const origin = c.req.header('origin');
  const host = c.req.header('host');
  return origin !== undefined && host !== undefined && originMatchesHost(origin, host);
}

/** Throws 403 unless the request comes from our origin (`isSameOrigin`). */
export function requireSameOrigin(c: AppContext): void {
  if (!isSameOrigin(c)) throw crossOriginRefused();
}
