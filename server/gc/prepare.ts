// lakeFS's preparation calls for its garbage-collection job, which reads what they write to the repository's
// namespace under `_lakefs/retention/gc/`:
// - commits: `commits/run_id=<run>/commits.csv` (`commit_id,expired,metarange_id`), every commit of the repository
//   with the verdict of the same retention walk Tarn's own collector makes (retention.ts);
// - uncommitted: `uncommitted/<run>/part-<n>.csv` (`physical_address,creation_date`), the data staged on the
//   branches, one part per call, continued by a token when a call stops early.
// CSV rather than lakeFS's parquet for the uncommitted list: the local block store has no parquet reader to serve.
import { randomUUID } from 'node:crypto';
import type { BlockStore } from '../blockstore';
import { NotFoundError, TooManyAttemptsError, ValidationError } from '../errors';
import { listAll, type Branch, type Graveler, type ObjectEntry } from '../graveler';
import { namespaceKeyOf } from './namespace-key';
import { cutoffOf, GcRefusedError, RetentionWalk } from './retention';

const GC_ROOT = '_lakefs/retention/gc/';
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Staged entries written per call before it stops at the end of a branch and answers a continuation token. */
const UNCOMMITTED_ENTRIES_PER_CALL = 100_000;

export interface CommitsPrepared {
  runId: string;
  /** Full URI of commits.csv. */
  commitsLocation: string;
  /** Full URI of the folder where lakeFS's job writes the addresses it found expired. */
  addressesLocation: string;
}

export interface UncommittedPrepared {
  runId: string;
  /** Full URI of the run's folder, holding one CSV part per call. */
  location: string;
  /** Present when branches are left: pass it to the next call, which writes the next part of the same run. */
  continuationToken?: string;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\n`;

export async function prepareGcCommits(graveler: Graveler, blocks: BlockStore, repo: string, now: number): Promise<CommitsPrepared> {
  const repository = await graveler.getRepository(repo);
  // SettingNotFoundError (404) when the repository has none, as lakeFS answers.
  const rules = await graveler.getGcRules(repo);
  // Listed before the walk: a commit made during it is neither listed nor, wrongly, expired.
  const metaRanges = new Map((await listAll((after) => graveler.listCommits(repo, { after, amount: 1000 }))).map((c) => [c.id, c.metaRangeId]));
  const kept = new Set<string>();
  const walk = new RetentionWalk(graveler, {
    keep: (_repo, commit) => {
      kept.add(commit.id);
      metaRanges.set(commit.id, commit.metaRangeId);
    },
    // Staged data is the uncommitted listing's.
    branch: () => {},
  });
  try {
    await walk.walkRepository(repo, cutoffOf(rules, now));
  } catch (err) {
    if (err instanceof GcRefusedError) throw new TooManyAttemptsError();
    throw err;
  }

  const lines = [csvLine(['commit_id', 'expired', 'metarange_id'])];
  for (const id of [...metaRanges.keys()].sort()) lines.push(csvLine([id, String(!kept.has(id)), metaRanges.get(id) ?? '']));
  const runId = randomUUID();
  const key = `${GC_ROOT}commits/run_id=${runId}/commits.csv`;
  await blocks.put(repository.storageNamespace, key, Buffer.from(lines.join('')));
  return {
    runId,
    commitsLocation: blocks.fullAddress(repository.storageNamespace, key),
    addressesLocation: blocks.fullAddress(repository.storageNamespace, `${GC_ROOT}addresses/`),
  };
}

/** Where a run of the uncommitted listing goes on: the part to write and the last branch written. */
interface UncommittedMark {
  run_id: string;
  part: number;
  after: string;
}

const encodeMark = (mark: UncommittedMark) => Buffer.from(JSON.stringify(mark)).toString('base64url');

function decodeMark(token: string): UncommittedMark {
  const invalid = () => new ValidationError('continuation_token: not a token this server gave');
  let mark: unknown;
  try {
    mark = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const m = mark as Partial<UncommittedMark> | null;
  // The run id names a folder of the namespace, so only the shape this server makes is taken.
  if (typeof m?.run_id !== 'string' || !RUN_ID.test(m.run_id)) throw invalid();
  if (typeof m.part !== 'number' || !Number.isSafeInteger(m.part) || m.part < 1 || typeof m.after !== 'string') throw invalid();
  return { run_id: m.run_id, part: m.part, after: m.after };
}

/** Every entry staged on the branch; none when it was deleted since it was listed (its staging went with it). */
async function* stagedOn(graveler: Graveler, repo: string, branch: Branch): AsyncGenerator<ObjectEntry> {
  try {
    yield* graveler.stagedEntries(repo, branch.id);
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
}

export interface PrepareUncommittedOptions {
  continuationToken?: string;
  /** Entries after which the call stops at the end of a branch (UNCOMMITTED_ENTRIES_PER_CALL). */
  entriesPerCall?: number;
}

/**
 * Writes the next part of the run: the data keys (relative to the namespace, as the block store lists them) staged
 * on the branches after the token's, in branch order, each key once per part. Data outside the namespace is never
 * the job's to delete, so it is left out.
 */
export async function prepareGcUncommitted(
  graveler: Graveler,
  blocks: BlockStore,
  repo: string,
  o: PrepareUncommittedOptions = {},
): Promise<UncommittedPrepared> {
  const repository = await graveler.getRepository(repo);
  const namespace = repository.storageNamespace;
  const mark = o.continuationToken ? decodeMark(o.continuationToken) : { run_id: randomUUID(), part: 0, after: '' };
  const limit = o.entriesPerCall ?? UNCOMMITTED_ENTRIES_PER_CALL;
  const keyOf = namespaceKeyOf(blocks, namespace);

  const lines = [csvLine(['physical_address', 'creation_date'])];
  const written = new Set<string>();
  let last = mark.after;
  let more = false;
  listing: for (let after = mark.after; ; ) {
    const page = await graveler.listBranches(repo, { showHidden: true, after, amount: 1000 });
    for (const branch of page.results) {
      if (written.size >= limit) {
        more = true;
        break listing;
      }
      for await (const entry of stagedOn(graveler, repo, branch)) {
        const key = keyOf(entry);
        if (key === undefined || written.has(key)) continue;
        written.add(key);
        lines.push(csvLine([key, String(entry.mtime)]));
      }
      last = branch.id;
    }
    if (!page.hasMore) break;
    after = page.nextOffset;
  }

  const folder = `${GC_ROOT}uncommitted/${mark.run_id}/`;
  await blocks.put(namespace, `${folder}part-${String(mark.part).padStart(5, '0')}.csv`, Buffer.from(lines.join('')));
  return {
    runId: mark.run_id,
    location: blocks.fullAddress(namespace, folder),
    ...(more ? { continuationToken: encodeMark({ run_id: mark.run_id, part: mark.part + 1, after: last }) } : {}),
  };
}
