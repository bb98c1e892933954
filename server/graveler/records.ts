import { randomUUID } from 'node:crypto';
import { NotFoundError, type NotFoundSubject } from '../errors';
import type { KvStore } from '../kv/index';
import type { Commit, Repository } from './types';

/**
 * Where the store keeps its mutable records in the kv store. Ids of repositories, branches and tags cannot contain
 * '/', so each kind is a clean prefix and a repository's records all live under one prefix.
 */
export const keys = {
  repository: (repo: string) => `graveler/repos/${repo}`,
  repositories: 'graveler/repos/',
  repoData: (repo: string) => `graveler/r/${repo}/`,
  branch: (repo: string, branch: string) => `graveler/r/${repo}/branches/${branch}`,
  branches: (repo: string) => `graveler/r/${repo}/branches/`,
  tag: (repo: string, tag: string) => `graveler/r/${repo}/tags/${tag}`,
  tags: (repo: string) => `graveler/r/${repo}/tags/`,
  commit: (repo: string, id: string) => `graveler/r/${repo}/commits/${id}`,
  commits: (repo: string) => `graveler/r/${repo}/commits/`,
  staging: (repo: string, token: string) => `graveler/r/${repo}/staging/${token}/`,
  stagingRoot: (repo: string) => `graveler/r/${repo}/staging/`,
  repositoryMetadata: (repo: string) => `graveler/r/${repo}/metadata`,
  task: (repo: string, id: string) => `graveler/r/${repo}/tasks/${id}`,
  import: (repo: string, id: string) => `graveler/r/${repo}/imports/${id}`,
  pullRequest: (repo: string, id: string) => `graveler/r/${repo}/pulls/${id}`,
  pullRequests: (repo: string) => `graveler/r/${repo}/pulls/`,
};

const REPO_DATA = 'graveler/r/';
/**
 * The kinds of a repository's records that nearly every request reads: its branches, tags, settings and commits,
 * which few requests change; and its staged entries, which a read of a path on a branch looks up first and most
 * often finds absent (an absence is remembered too). A write drops the entry it changes.
 */
const CACHED_KINDS = ['branches/', 'tags/', 'settings/', 'commits/', 'staging/'];

/** Whether a key holds a record worth keeping in memory (server/kv/record-cache.ts): a repository, or CACHED_KINDS. */
export function isCachedRecordKey(key: string): boolean {
  if (key.startsWith(keys.repositories)) return true;
  if (!key.startsWith(REPO_DATA)) return false;
  // The repository's id holds no '/', so the kind follows the first one.
  const kindAt = key.indexOf('/', REPO_DATA.length) + 1;
  return kindAt > 0 && CACHED_KINDS.some((kind) => key.startsWith(kind, kindAt));
}

/** The mutable pointer of a branch; changed only by compare-and-set on its serialised bytes. */
export interface BranchRecord {
  commitId: string;
  /** Receives new writes. */
  stagingToken: string;
  /** Frozen by commits in progress, newest first; still visible to readers until the branch moves. */
  sealedTokens: string[];
  hidden: boolean;
}

export interface Stored<T> {
  value: T;
  raw: Uint8Array;
}

export function newStagingToken(): string {
  return randomUUID();
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

export function decodeJson<T>(raw: Uint8Array): T {
  return JSON.parse(decoder.decode(raw)) as T;
}

/**
 * Records decoded from bytes the store gave: the record cache (server/kv/record-cache.ts) gives the same bytes until
 * the record changes, so a record every request reads is decoded once. Frozen, as every reader shares it.
 */
const decodedRecords = new WeakMap<Uint8Array, unknown>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export async function readJson<T>(kv: KvStore, key: string): Promise<Stored<T> | undefined> {
  const raw = await kv.get(key);
  if (raw === undefined) return undefined;
  let value = decodedRecords.get(raw) as T | undefined;
  if (value === undefined) {
    value = deepFreeze(decodeJson<T>(raw));
    decodedRecords.set(raw, value);
  }
  return { value, raw };
}

/**
 * Applies `change` to the JSON record at `key` and writes the result if the record did not change meanwhile, else
 * tries again on the newer one. `change` may throw to refuse the change, or answer undefined to leave the record as
 * it is. Answers the record as it stands; a missing record is a NotFoundError naming `subject`.
 */
export async function updateJson<T>(kv: KvStore, key: string, subject: NotFoundSubject, change: (current: T) => T | undefined): Promise<T> {
  for (;;) {
    const current = await readJson<T>(kv, key);
    if (!current) throw new NotFoundError(subject);
    const next = change(current.value);
    if (next === undefined) return current.value;
    if (await kv.setIf(key, encodeJson(next), current.raw)) return next;
  }
}

export function encodeBranch(b: BranchRecord): Uint8Array {
  return encodeJson({ commitId: b.commitId, stagingToken: b.stagingToken, sealedTokens: b.sealedTokens, hidden: b.hidden });
}

export type RepositoryRecord = Repository;
export type CommitRecord = Commit;
