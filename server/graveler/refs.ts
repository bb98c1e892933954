import { performance } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';
import type { KvStore } from '../kv/index';
import { InvalidRefError, NotFoundError, RepositoryInDeletionError } from '../errors';
import { decodeJson, encodeJson, keys, readJson, type BranchRecord, type Stored } from './records';
import type { Commit, Repository, ResolvedRef } from './types';
import { validateRef } from './validate';

const FULL_COMMIT_ID = /^[a-f0-9]{64}$/;
const COMMIT_PREFIX = /^[a-fA-F0-9]{1,64}$/;
const MODIFIER = /(^|[~^@$])([^~^@$]*)/g;
const PLAIN_MODIFIER = /[~^@$]/;
const COMMIT_CACHE_WEIGHT = 64 * 1024 * 1024;
/**
 * How long a repository record read for an object read is trusted. The record changes rarely (the read-only flag, a
 * deletion) and writes always read it afresh; this process forgets it at once when it changes it, another process
 * sharing the store is seen within this bound (lakeFS caches repositories for seconds too).
 */
export const REPOSITORY_READ_CACHE_MS = 1_000;
const REPOSITORY_READ_CACHE_ENTRIES = 10_000;

interface Modifier {
  type: '~' | '^' | '@' | '$';
  n: number;
}

/** A branch record as a reader found it, and when (performance.now()) the read began. */
export interface BranchRead {
  record: Stored<BranchRecord>;
  readAt: number;
}

export const STAGING_REF_NOT_COMMIT = 'reference to staging area with $ is not a commit';

/** Splits `main~2^1` into its base and modifiers, applied left to right. */
export function parseRefExpression(ref: string): { base: string; modifiers: Modifier[] } {
  validateRef(ref);
  // Most refs are a plain name.
  if (!PLAIN_MODIFIER.test(ref)) return { base: ref, modifiers: [] };
  let base = '';
  const modifiers: Modifier[] = [];
  for (const m of ref.matchAll(MODIFIER)) {
    const [whole, sign, rest] = m as unknown as [string, string, string];
    if (whole === '') continue;
    if (sign === '') {
      base = rest;
      continue;
    }
    const type = sign as Modifier['type'];
    if (type === '@' || type === '$') {
      if (rest !== '') throw new InvalidRefError();
      modifiers.push({ type, n: 0 });
      continue;
    }
    if (rest !== '' && !/^\d+$/.test(rest)) throw new InvalidRefError();
    modifiers.push({ type, n: rest === '' ? 1 : Number(rest) });
  }
  if (base === '') throw new InvalidRefError();
  const marker = modifiers.findIndex((m) => m.type === '@' || m.type === '$');
  if (marker >= 0 && modifiers.length !== 1) throw new InvalidRefError();
  return { base, modifiers };
}

/** Repository, branch, tag and commit records, and the resolution of ref expressions. */
export class Refs {
  private readonly commits = new LRUCache<string, Commit>({ maxSize: COMMIT_CACHE_WEIGHT });
  private readonly repositoriesForRead = new Map<string, { repository: Repository; until: number }>();
  private repositoriesForgotten = 0;

  constructor(
    private readonly kv: KvStore,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async repositoryRaw(id: string): Promise<Stored<Repository> | undefined> {
    return readJson<Repository>(this.kv, keys.repository(id));
  }

  /** The repository, refusing one that is being deleted. */
  async repository(id: string): Promise<Repository> {
    const r = await this.repositoryRaw(id);
    if (!r) throw new NotFoundError('repository');
    if (r.value.state === 'in_deletion') throw new RepositoryInDeletionError();
    return r.value;
  }

  /**
   * As `repository`, for object reads and listings only: trusted for REPOSITORY_READ_CACHE_MS, which spares most
   * reads one store call. Anything that writes or checks the read-only flag calls `repository`.
   */
  async repositoryForRead(id: string): Promise<Repository> {
    const now = this.nowMs();
    const cached = this.repositoriesForRead.get(id);
    if (cached && cached.until > now) return cached.repository;
    const forgotten = this.repositoriesForgotten;
    const repository = await this.repository(id);
    // A change made here while the record was being read may be newer than what was read: not kept then.
    if (forgotten !== this.repositoriesForgotten) return repository;
    if (this.repositoriesForRead.size >= REPOSITORY_READ_CACHE_ENTRIES) this.repositoriesForRead.clear();
    this.repositoriesForRead.set(id, { repository, until: now + REPOSITORY_READ_CACHE_MS });
    return repository;
  }

  /** Called once this process changed or deleted the repository's record, so its own reads see that at once. */
  forgetRepository(id: string): void {
    this.repositoriesForgotten++;
    this.repositoriesForRead.delete(id);
  }

  async branch(repo: string, branch: string): Promise<Stored<BranchRecord>> {
    const b = await readJson<BranchRecord>(this.kv, keys.branch(repo, branch));
    if (!b) throw new NotFoundError('branch');
    return b;
  }

  async findBranch(repo: string, branch: string): Promise<Stored<BranchRecord> | undefined> {
    return readJson<BranchRecord>(this.kv, keys.branch(repo, branch));
  }

  async tag(repo: string, tag: string): Promise<string | undefined> {
    const t = await readJson<{ commitId: string }>(this.kv, keys.tag(repo, tag));
    return t?.value.commitId;
  }

  async findCommit(repo: string, id: string): Promise<Commit | undefined> {
    const cacheKey = `${repo}\0${id}`;
    const hit = this.commits.get(cacheKey);
    if (hit) return hit;
    const raw = await this.kv.get(keys.commit(repo, id));
    if (raw === undefined) return undefined;
    const c = decodeJson<Commit>(raw);
    this.commits.set(cacheKey, c, { size: raw.length * 2 + 256 });
    return c;
  }

  /**
   * Whether the repository holds the commit now. The cache cannot say: a commit's content never changes, but the
   * repository may have been deleted and made again since (by this process or another sharing the store).
   */
  private async hasCommit(repo: string, id: string): Promise<boolean> {
    return (await this.kv.get(keys.commit(repo, id))) !== undefined;
  }

  async commit(repo: string, id: string): Promise<Commit> {
    const c = await this.findCommit(repo, id);
    if (!c) throw new NotFoundError('commit');
    return c;
  }

  async putCommit(repo: string, c: Commit): Promise<void> {
    await this.kv.set(keys.commit(repo, c.id), encodeJson(c));
  }

  private async commitByPrefix(repo: string, prefix: string): Promise<string | undefined> {
    const found = await this.kv.scan({ prefix: keys.commits(repo) + prefix.toLowerCase(), limit: 2 });
    // An ambiguous prefix names no commit.
    if (found.length !== 1) return undefined;
    return (found[0] as { key: string }).key.slice(keys.commits(repo).length);
  }

  /** Branch, then tag, then commit id (a full id first, a unique prefix last). */
  async resolve(repo: string, ref: string): Promise<ResolvedRef> {
    return (await this.resolveReading(repo, ref)).resolved;
  }

  /**
   * As `resolve`, with the branch record it read when the ref resolved to a branch, so that a read of the branch
   * starts from that record instead of reading it again.
   */
  async resolveReading(repo: string, ref: string): Promise<{ resolved: ResolvedRef; branch?: BranchRead }> {
    const { base, modifiers } = parseRefExpression(ref);
    let resolved: ResolvedRef | undefined;
    let branch: BranchRead | undefined;
    // A commit named by the caller is looked up in the store; those reached from it (parents) are then its own.
    if (FULL_COMMIT_ID.test(base) && (await this.hasCommit(repo, base))) {
      resolved = { type: 'commit', commitId: base, includeStaging: false, stagingMarker: false };
    }
    if (!resolved) {
      const readAt = performance.now();
      const b = await this.findBranch(repo, base);
      if (b) {
        resolved = { type: 'branch', branchId: base, commitId: b.value.commitId, includeStaging: true, stagingMarker: false };
        branch = { record: b, readAt };
      }
    }
    if (!resolved) {
      const t = await this.tag(repo, base);
      if (t !== undefined) resolved = { type: 'tag', commitId: t, includeStaging: false, stagingMarker: false };
    }
    if (!resolved && COMMIT_PREFIX.test(base)) {
      const id = await this.commitByPrefix(repo, base);
      if (id !== undefined) resolved = { type: 'commit', commitId: id, includeStaging: false, stagingMarker: false };
    }
    if (!resolved) throw new NotFoundError('ref');

    for (const m of modifiers) {
      if (m.type === '@' || m.type === '$') {
        if (resolved.type !== 'branch') throw new InvalidRefError();
        resolved = m.type === '@'
          ? { ...resolved, includeStaging: false }
          : { ...resolved, includeStaging: true, stagingMarker: true };
        continue;
      }
      let commit = await this.commit(repo, resolved.commitId);
      if (m.type === '~') {
        for (let i = 0; i < m.n; i++) {
          const parent = commit.parents[0];
          if (parent === undefined) throw new NotFoundError('commit');
          commit = await this.commit(repo, parent);
        }
      } else if (m.n > 0) {
        const parent = commit.parents[m.n - 1];
        if (parent === undefined) throw new InvalidRefError('parent out of range');
        commit = await this.commit(repo, parent);
      }
      resolved = { type: 'commit', commitId: commit.id, includeStaging: false, stagingMarker: false };
    }
    return resolved.type === 'branch' && branch ? { resolved, branch } : { resolved };
  }

  /** Resolves a ref that must name a commit: `$` is refused. */
  async resolveCommit(repo: string, ref: string): Promise<Commit> {
    const r = await this.resolve(repo, ref);
    if (r.stagingMarker) throw new InvalidRefError(STAGING_REF_NOT_COMMIT);
    return this.commit(repo, r.commitId);
  }
}
