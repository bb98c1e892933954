// Dump and restore of a repository's refs: its commits, tags and branches, each written as one content-addressed
// file in the repository's namespace (`_tarn/refs/<id>`), so a bare repository on the same namespace (or a copy of
// its `_tarn/` folder) can take them back. Staged changes are not part of a dump. The ids of the latest dump are
// kept beside them in `_tarn/refs_manifest.json`, in the API's form, as lakeFS keeps `_lakefs/refs_manifest.json`,
// so a copy of the namespace carries what to restore.
import { NotFoundError, ValidationError } from '../errors';
import type { Ctx } from './context';
import { contentId } from './range-codec';
import { decodeJson, encodeBranch, encodeJson, keys, newStagingToken, type BranchRecord } from './records';
import type { Commit } from './types';
import type { KvCondition, KvWrite } from '../kv/index';

const REFS = '_tarn/refs/';
const MANIFEST = '_tarn/refs_manifest.json';
const CONTENT_ID = /^[0-9a-f]{64}$/;
const SCAN_PAGE = 1000;

/** The ids of the three files of a dump (lakeFS calls them metarange ids). */
export interface RefsDump {
  commitsId: string;
  tagsId: string;
  branchesId: string;
}

interface DumpedRef {
  id: string;
  commitId: string;
  hidden?: boolean;
}

type DumpKind = 'commits' | 'tags' | 'branches';

interface DumpFile<T> {
  tarnRefsDump: DumpKind;
  records: T[];
}

async function scanAll(ctx: Ctx, prefix: string): Promise<{ id: string; raw: Uint8Array }[]> {
  const out: { id: string; raw: Uint8Array }[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await ctx.kv.scan({ prefix, ...(after !== undefined ? { after } : {}), limit: SCAN_PAGE });
    for (const e of page) out.push({ id: e.key.slice(prefix.length), raw: e.value });
    const last = page[page.length - 1];
    if (page.length < SCAN_PAGE || !last) return out;
    after = last.key;
  }
}

async function writeDumpFile<T>(ctx: Ctx, namespace: string, kind: DumpKind, records: T[]): Promise<string> {
  const bytes = Buffer.from(JSON.stringify({ tarnRefsDump: kind, records } satisfies DumpFile<T>));
  const id = contentId(bytes);
  await ctx.blockstore.put(namespace, REFS + id, bytes);
  return id;
}

async function readDumpFile<T>(ctx: Ctx, namespace: string, kind: DumpKind, id: string): Promise<T[]> {
  // An id that is not a content hash names no file, and cannot name one outside the refs folder.
  if (!CONTENT_ID.test(id) || !(await ctx.blockstore.exists(namespace, REFS + id))) throw new NotFoundError('refs dump');
  const bytes = await ctx.blockstore.getBytes(namespace, REFS + id);
  if (contentId(bytes) !== id) throw new Error(`refs dump file ${id} is damaged`);
  const file = decodeJson<DumpFile<T>>(bytes);
  if (file.tarnRefsDump !== kind) throw new ValidationError(`refs dump ${id} holds ${String(file.tarnRefsDump)}, not ${kind}`);
  return file.records;
}

export async function dumpRefs(ctx: Ctx, repo: string, namespace: string): Promise<RefsDump> {
  const [commits, tags, branches] = await Promise.all([
    scanAll(ctx, keys.commits(repo)),
    scanAll(ctx, keys.tags(repo)),
    scanAll(ctx, keys.branches(repo)),
  ]);
  const dump: RefsDump = {
    commitsId: await writeDumpFile(ctx, namespace, 'commits', commits.map((c) => decodeJson<Commit>(c.raw))),
    tagsId: await writeDumpFile<DumpedRef>(ctx, namespace, 'tags', tags.map((t) => ({ id: t.id, commitId: decodeJson<{ commitId: string }>(t.raw).commitId }))),
    branchesId: await writeDumpFile<DumpedRef>(
      ctx,
      namespace,
      'branches',
      branches.map((b) => {
        const record = decodeJson<BranchRecord>(b.raw);
        return { id: b.id, commitId: record.commitId, hidden: record.hidden };
      }),
    ),
  };
  const manifest = { commits_meta_range_id: dump.commitsId, tags_meta_range_id: dump.tagsId, branches_meta_range_id: dump.branchesId };
  await ctx.blockstore.put(namespace, MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
  return dump;
}

/** A repository takes a restore only while it has no commits, tags or branches (created bare). */
export async function requireBare(ctx: Ctx, repo: string): Promise<void> {
  for (const prefix of [keys.commits(repo), keys.tags(repo), keys.branches(repo)]) {
    if ((await ctx.kv.scan({ prefix, limit: 1 })).length > 0) throw new ValidationError('can only restore into a bare repository');
  }
}

/** Writes every commit, tag and branch of the dump in one atomic batch; branches start with empty staging. */
export async function restoreRefs(ctx: Ctx, repo: string, namespace: string, dump: RefsDump): Promise<void> {
  await requireBare(ctx, repo);
  const commits = await readDumpFile<Commit>(ctx, namespace, 'commits', dump.commitsId);
  const tags = await readDumpFile<DumpedRef>(ctx, namespace, 'tags', dump.tagsId);
  const branches = await readDumpFile<DumpedRef>(ctx, namespace, 'branches', dump.branchesId);
  const known = new Set(commits.map((c) => c.id));
  for (const ref of [...tags, ...branches]) {
    if (!known.has(ref.commitId)) throw new ValidationError(`refs dump: ${ref.id} points to commit ${ref.commitId}, which the dump lacks`);
  }
  const writes: KvWrite[] = [];
  const conditions: KvCondition[] = [];
  for (const c of commits) writes.push({ op: 'set', key: keys.commit(repo, c.id), value: encodeJson(c) });
  for (const t of tags) {
    writes.push({ op: 'set', key: keys.tag(repo, t.id), value: encodeJson({ commitId: t.commitId }) });
    conditions.push({ key: keys.tag(repo, t.id), expected: 'absent' });
  }
  for (const b of branches) {
    const record: BranchRecord = { commitId: b.commitId, stagingToken: newStagingToken(), sealedTokens: [], hidden: b.hidden ?? false };
    writes.push({ op: 'set', key: keys.branch(repo, b.id), value: encodeBranch(record) });
    conditions.push({ key: keys.branch(repo, b.id), expected: 'absent' });
  }
  if (!(await ctx.kv.batch(writes, conditions))) throw new ValidationError('can only restore into a bare repository');
}
