// The one HTTP client of the console: `/api/v1` prefix, JSON headers, client header, typed errors and the 401 rule.
import ky, { type KyResponse, type Options } from 'ky';
import { version } from '../../package.json';
import { API_PREFIX } from '../lib/api-address';
import { AuthenticationError, AuthorizationError, errorFromResponse, parseErrorBody, type FailureWording } from './errors';
import { reconnectingFetch } from './reconnect';
import { reportSessionLost } from './session';

export * from './errors';
export { loginRedirectPath, onSessionLost } from './session';

export const CLIENT_HEADER = 'X-Lakefs-Client';
export const CLIENT_ID = `tarn-console/${version}`;
export { API_PREFIX };

/** Absolute in the browser (same origin); in Node tests there is no page, so it falls back to localhost. */
export const apiBaseUrl = new URL(API_PREFIX, globalThis.location?.origin ?? 'http://localhost').href;

/** Requests marked this way report a lost session as an error without redirecting (login, the auth guard). */
export const noSessionRedirect: Options['context'] = { noSessionRedirect: true };

/**
 * A call's options naming what it does, so its failure reads 'could not <action>: <server message>' (docs/behaviour.md, Conventions),
 * or the catalogue's own words for the statuses `byStatus` gives.
 */
export function failsAs(action: string, byStatus?: FailureWording['byStatus']): { context: { failure: FailureWording } } {
  return { context: { failure: byStatus ? { action, byStatus } : { action } } };
}

async function throwTypedError(response: KyResponse, context: Record<string, unknown>): Promise<never> {
  const text = await response.text().catch(() => '');
  const error = errorFromResponse(
    response.status,
    parseErrorBody(response.headers.get('content-type'), text),
    response.statusText,
    // Only failsAs puts it there.
    context.failure as FailureWording | undefined,
  );
  const redirectOnLostSession = context.noSessionRedirect !== true;
  if (error instanceof AuthenticationError && redirectOnLostSession) reportSessionLost();
  throw error;
}

export const api = ky.create({
  prefixUrl: apiBaseUrl,
  credentials: 'same-origin',
  headers: { Accept: 'application/json', [CLIENT_HEADER]: CLIENT_ID },
  // ky's retries would repeat writes and answered failures; reads that got no answer are retried by the fetch below.
  // Long commits must not be cut at 10 s.
  retry: 0,
  timeout: false,
  fetch: (input, init) => reconnectingFetch(input instanceof Request ? input : new Request(input, init), init),
  hooks: {
    afterResponse: [
      async (_request, options, response) => {
        if (!response.ok) await throwTypedError(response, options.context);
      },
    ],
  },
});

/**
 * A preflight call (stage_allowed, set_allowed): 204 means allowed, a refused permission (an AuthorizationError: the
 * 401 lakeFS and Tarn answer) means not; any other failure throws, and a lost session (401 `error authenticating
 * request`) goes to login as for every call.
 */
export async function preflight(path: string, options: Options): Promise<boolean> {
  try {
    await api.get(path, options);
    return true;
  } catch (e) {
    if (e instanceof AuthorizationError) return false;
    throw e;
  }
}

/** Query parameters without the unset ones (ky would send "undefined"). */
export function query(params: Record<string, string | number | boolean | undefined | null>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  return search;
}

/** Path segment encoding for ids and refs in URLs. */
export const seg = (value: string): string => encodeURIComponent(value);

export const repoPath = (repo: string): string => `repositories/${seg(repo)}`;
