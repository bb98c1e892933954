// Tarn's storage insights: what a ref holds under a prefix, by child. A module of its own so the Insights tab's chunk,
// loaded when the tab is first opened, carries only this.
import { api, failsAs, query, repoPath, seg } from './client';
import type { PrefixUsage } from './types';

export interface UsageParams {
  prefix?: string;
  /** '/' by default; '' answers the prefix's totals only. */
  delimiter?: string;
  /** Children answered, largest first (at most 1000); the rest are summed in `others`. */
  amount?: number;
}

/** Objects and bytes under each child of `prefix` in `ref`; on a branch, its uncommitted changes counted in. */
export function getUsage(repo: string, ref: string, params: UsageParams = {}, signal?: AbortSignal): Promise<PrefixUsage> {
  return api.get(`${repoPath(repo)}/refs/${seg(ref)}/usage`, { searchParams: query({ ...params }), signal, ...failsAs('count storage use') }).json();
}
