import { api } from './client';
import type { Config } from './types';

export function getConfig(signal?: AbortSignal): Promise<Config> {
  return api.get('config', { signal }).json();
}
