import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLocalBlockStore, type BlockStore } from '../../../server/blockstore/index';
import { createGraveler, type Graveler, type ObjectEntry } from '../../../server/graveler/index';
import { openSqliteKv, type KvStore } from '../../../server/kv/index';
import { decodeMetaRange, decodeMetaRangeFile, type RangeInfo } from '../../../server/graveler/range-codec';

export interface Env {
  dir: string;
  kv: KvStore;
  blockstore: BlockStore;
  g: Graveler;
  /** Reopens the graveler on the same files (a restart). */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

export async function openEnv(options: { raggedness?: number; now?: () => number; graceMs?: number } = {}): Promise<Env> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-graveler-'));
  const open = () => {
    const kv = openSqliteKv({ path: path.join(dir, 'kv.db') });
    const blockstore = openLocalBlockStore({ root: path.join(dir, 'blocks') });
    const g = createGraveler({ kv, blockstore, rangeRaggedness: options.raggedness ?? 4, now: options.now, stagingGraceMs: options.graceMs });
    return { kv, blockstore, g };
  };
  const env: Env = {
    dir,
    ...open(),
    async reopen() {
      await env.g.close();
      await env.kv.close();
      Object.assign(env, open());
    },
    async close() {
      await env.g.close();
      await env.kv.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return env;
}

/** An entry whose identity is decided by `content`. */
export function entry(content: string, extra: Partial<ObjectEntry> = {}): ObjectEntry {
  return {
    address: `data/${content}`,
    addressType: 'relative',
    size: content.length,
    checksum: `sum-${content}`,
    mtime: 1_700_000_000,
    contentType: 'application/octet-stream',
    metadata: {},
    ...extra,
  };
}

/** A clock that moves one second per call, so commit dates and ids are distinct and ordered. */
export function tickingClock(start = 1_700_000_000): () => number {
  let t = start;
  return () => t++;
}

export async function listAll(g: Graveler, repo: string, ref: string, options: { prefix?: string; delimiter?: string; amount?: number } = {}): Promise<string[]> {
  const out: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await g.listObjects(repo, ref, { ...options, after });
    out.push(...page.results.map((r) => (r.pathType === 'common_prefix' ? `${r.path}*` : r.path)));
    if (!page.hasMore) return out;
    after = page.nextOffset;
  }
}

/**
 * A committed tree as its files say, read straight from the block store: its parts (the metarange itself when it
 * is a tree of one part) and every row in order.
 */
export async function treeFiles(
  blockstore: BlockStore,
  ns: string,
  metaRangeId: string,
): Promise<{ parts: { id: string; rows: number }[]; rows: RangeInfo[] }> {
  const file = (id: string) => blockstore.getBytes(ns, `_tarn/metaranges/${id}`);
  const top = decodeMetaRangeFile(await file(metaRangeId));
  if ('rows' in top) return { parts: [{ id: metaRangeId, rows: top.rows.length }], rows: top.rows };
  const rows: RangeInfo[] = [];
  for (const part of top.parts) rows.push(...decodeMetaRange(await file(part.id)));
  return { parts: top.parts.map(({ id, rows }) => ({ id, rows })), rows };
}
