import type { Ctx } from './context';
import { decodeJson, encodeJson, keys } from './records';

/** A repository's own string map (lakeFS's repository metadata), one kv record changed by compare-and-set. */
export type RepositoryMetadata = Record<string, string>;

export async function readRepositoryMetadata(ctx: Ctx, repo: string): Promise<RepositoryMetadata> {
  const raw = await ctx.kv.get(keys.repositoryMetadata(repo));
  return raw === undefined ? {} : decodeJson<RepositoryMetadata>(raw);
}

/** Rewrites the map with `change`, retrying when another writer changed it meanwhile, so no update is lost. */
export async function updateRepositoryMetadata(
  ctx: Ctx,
  repo: string,
  change: (current: RepositoryMetadata) => RepositoryMetadata,
): Promise<void> {
  const key = keys.repositoryMetadata(repo);
  for (;;) {
    const raw = await ctx.kv.get(key);
    const current = raw === undefined ? {} : decodeJson<RepositoryMetadata>(raw);
    if (await ctx.kv.setIf(key, encodeJson(change(current)), raw ?? 'absent')) return;
  }
}
