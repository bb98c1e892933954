import { api, noSessionRedirect } from './client';
import type { Config } from './types';

/** The storage and version configuration. A lost session rejects without redirecting: the session decides. */
export function getConfig(signal?: AbortSignal): Promise<Config> {
  return api.get('config', { signal, context: noSessionRedirect }).json();
}
