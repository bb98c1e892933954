// Repository settings: branch protection and garbage-collection rules as records in kv beside the repository's
// other records (so deleting the repository removes them), and the read-only flag of the repository record.
import { createHash } from 'node:crypto';
import picomatch from 'picomatch';
import {
  AlreadyExistsError,
  NotFoundError,
  PreconditionFailedError,
  ProtectedBranchError,
  RepositoryInDeletionError,
  SettingNotFoundError,
  TooManyAttemptsError,
  ValidationError,
} from '../errors';
import type { Ctx } from './context';
import { decodeJson, encodeJson, keys } from './records';
import type { BranchProtection, GcRules, ProtectedAction, Repository } from './types';
import { validateBranchId } from './validate';

const UPDATE_ATTEMPTS = 10;

type SettingName = 'protected_branches' | 'gc_rules';

const settingKey = (repo: string, name: SettingName) => `${keys.repoData(repo)}settings/${name}`;

/** The checksum a client sends back in `If-Match`: hex SHA-256 of the stored bytes. */
const checksumOf = (raw: Uint8Array) => createHash('sha256').update(raw).digest('hex');

interface StoredSetting<T> {
  value: T;
  raw: Uint8Array;
}

async function readSetting<T>(ctx: Ctx, repo: string, name: SettingName): Promise<StoredSetting<T> | undefined> {
  const raw = await ctx.kv.get(settingKey(repo, name));
  return raw === undefined ? undefined : { value: decodeJson<T>(raw), raw };
}

/**
 * `ifMatch` undefined writes unconditionally; `''` only when the setting does not exist yet; any other value only
 * when it equals the current checksum. A mismatch is 412, and so is losing a race to a concurrent writer.
 */
async function writeSetting(ctx: Ctx, repo: string, name: SettingName, value: unknown, ifMatch?: string): Promise<void> {
  const key = settingKey(repo, name);
  const bytes = encodeJson(value);
  if (ifMatch === undefined) return ctx.kv.set(key, bytes);
  const current = await ctx.kv.get(key);
  const matches = ifMatch === '' ? current === undefined : current !== undefined && checksumOf(current) === ifMatch;
  if (!matches || !(await ctx.kv.setIf(key, bytes, current ?? 'absent'))) throw new PreconditionFailedError();
}

// Branch protection

/** lakeFS stores the actions each pattern blocks; its API always blocks both. */
interface ProtectionRecord {
  rules: { pattern: string; blockedActions: ProtectedAction[] }[];
}

const API_BLOCKED_ACTIONS: ProtectedAction[] = ['staging_write', 'commit'];

// fnmatch as lakeFS's glob library reads it: `*`, `?`, classes and alternatives; no negation or extglobs.
const matchers = new Map<string, (branch: string) => boolean>();
const MAX_MATCHERS = 1000;

function matcher(pattern: string): (branch: string) => boolean {
  let match = matchers.get(pattern);
  if (!match) {
    if (matchers.size >= MAX_MATCHERS) matchers.clear();
    // Branch names hold no slashes: the platform's path rules never apply (the console decides alike).
    match = picomatch(pattern, { nonegate: true, noextglob: true, windows: false });
    matchers.set(pattern, match);
  }
  return match;
}

/** Whether a protection rule's pattern covers a branch. */
export function protectionCovers(pattern: string, branch: string): boolean {
  return matcher(pattern)(branch);
}

export async function getBranchProtection(ctx: Ctx, repo: string): Promise<BranchProtection> {
  const stored = await readSetting<ProtectionRecord>(ctx, repo, 'protected_branches');
  if (!stored) return { patterns: [], checksum: '' };
  return { patterns: stored.value.rules.map((r) => r.pattern), checksum: checksumOf(stored.raw) };
}

/** Replaces the whole list (a pattern given twice is kept once); see writeSetting for `ifMatch`. */
export async function setBranchProtection(ctx: Ctx, repo: string, patterns: readonly string[], ifMatch?: string): Promise<void> {
  for (const p of patterns) if (p === '') throw new ValidationError('pattern must not be empty');
  const record: ProtectionRecord = {
    rules: [...new Set(patterns)].map((pattern) => ({ pattern, blockedActions: API_BLOCKED_ACTIONS })),
  };
  await writeSetting(ctx, repo, 'protected_branches', record, ifMatch);
}

/** Read, change, write back against the checksum read, again when another writer came in between. */
async function updateProtection(ctx: Ctx, repo: string, change: (patterns: string[]) => string[]): Promise<void> {
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const current = await getBranchProtection(ctx, repo);
    try {
      return await setBranchProtection(ctx, repo, change(current.patterns), current.checksum);
    } catch (err) {
      if (!(err instanceof PreconditionFailedError)) throw err;
    }
  }
  throw new TooManyAttemptsError();
}

export function addProtectionRule(ctx: Ctx, repo: string, pattern: string): Promise<void> {
  return updateProtection(ctx, repo, (patterns) => {
    if (patterns.includes(pattern)) throw new AlreadyExistsError('branch protection rule');
    return [...patterns, pattern];
  });
}

export function deleteProtectionRule(ctx: Ctx, repo: string, pattern: string): Promise<void> {
  return updateProtection(ctx, repo, (patterns) => {
    if (!patterns.includes(pattern)) throw new SettingNotFoundError('branch protection rule does not exist');
    return patterns.filter((p) => p !== pattern);
  });
}

/** The first of `actions` a rule matching the branch blocks, if any. */
export async function blockedAction(ctx: Ctx, repo: string, branch: string, actions: readonly ProtectedAction[]): Promise<ProtectedAction | undefined> {
  const stored = await readSetting<ProtectionRecord>(ctx, repo, 'protected_branches');
  if (!stored) return undefined;
  return actions.find((action) => stored.value.rules.some((rule) => rule.blockedActions.includes(action) && protectionCovers(rule.pattern, branch)));
}

/** Throws ProtectedBranchError for the first of `actions` a rule matching the branch blocks. */
export async function checkProtection(ctx: Ctx, repo: string, branch: string, actions: readonly ProtectedAction[]): Promise<void> {
  const blocked = await blockedAction(ctx, repo, branch, actions);
  if (blocked !== undefined) throw new ProtectedBranchError(blocked);
}

// Garbage-collection rules

export const GC_RULES_NOT_FOUND = 'no gc rules configured';

function validateGcRules(rules: GcRules): void {
  const days = (n: number, what: string) => {
    if (!Number.isInteger(n) || n < 1) throw new ValidationError(`${what}: must be a whole number of days, at least 1`);
  };
  days(rules.defaultRetentionDays, 'default_retention_days');
  const seen = new Set<string>();
  for (const b of rules.branches) {
    validateBranchId(b.branchId);
    if (seen.has(b.branchId)) throw new ValidationError(`branches: ${b.branchId} is given twice`);
    seen.add(b.branchId);
    days(b.retentionDays, `retention_days of ${b.branchId}`);
  }
}

/** SettingNotFoundError when none were set, or they were deleted. */
export async function getGcRules(ctx: Ctx, repo: string): Promise<GcRules> {
  const stored = await readSetting<GcRules>(ctx, repo, 'gc_rules');
  if (!stored) throw new SettingNotFoundError(GC_RULES_NOT_FOUND);
  return stored.value;
}

export async function setGcRules(ctx: Ctx, repo: string, rules: GcRules): Promise<void> {
  validateGcRules(rules);
  const record: GcRules = {
    defaultRetentionDays: rules.defaultRetentionDays,
    branches: rules.branches.map((b) => ({ branchId: b.branchId, retentionDays: b.retentionDays })),
  };
  await writeSetting(ctx, repo, 'gc_rules', record);
}

/** Deleting rules that are not there is not an error (lakeFS writes empty rules either way). */
export async function deleteGcRules(ctx: Ctx, repo: string): Promise<void> {
  await ctx.kv.delete(settingKey(repo, 'gc_rules'));
}

// The read-only flag

/** Compare-and-set on the repository record, so a concurrent change (a delete starting) is never overwritten. */
export async function setReadOnly(ctx: Ctx, id: string, readOnly: boolean): Promise<Repository> {
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const r = await ctx.refs.repositoryRaw(id);
    if (!r) throw new NotFoundError('repository');
    if (r.value.state === 'in_deletion') throw new RepositoryInDeletionError();
    if (r.value.readOnly === readOnly) return r.value;
    const next: Repository = { ...r.value, readOnly };
    if (await ctx.kv.setIf(keys.repository(id), encodeJson(next), r.raw)) {
      ctx.refs.forgetRepository(id);
      return next;
    }
  }
  throw new TooManyAttemptsError();
}
