// Authorisation of principals by their effective policies (their own and their groups'), through the one evaluator.
// Effective policies are cached per user for a few seconds; a change made through this process is seen at once,
// one made by another process sharing the store within `cacheMillis`.
import { InsufficientPermissionsError } from '../errors';
import type { Directory, PolicyRecord } from './directory';
import { describeShortfall, evaluate } from './evaluator';
import { need, type Requirement } from './permissions';

export type Decision = { allowed: true } | { allowed: false; missing: string };

/** The users and groups whose effective policies allow something, by id. */
export interface Principals {
  users: string[];
  groups: string[];
}

const cacheMillis = 5_000;

interface CachedPolicies {
  policies: PolicyRecord[];
  version: number;
  until: number;
  /**
   * Decisions on single permissions under these policies, by action and resource: a decision depends on nothing
   * else, and a client repeats the same few calls (a stat of each object of one repository).
   */
  decisions: Map<string, Decision>;
}

const DECISIONS_KEPT = 1_000;

export class Authorizer {
  private readonly cache = new Map<string, CachedPolicies>();

  constructor(
    private readonly directory: Directory,
    private readonly now: () => number = Date.now,
  ) {}

  private async effectivePolicies(userId: string): Promise<CachedPolicies> {
    const now = this.now();
    const cached = this.cache.get(userId);
    if (cached && cached.version === this.directory.version && cached.until > now) return cached;
    const version = this.directory.version;
    const policies = await this.directory.userPolicies(userId, true);
    if (this.cache.size > 10_000) this.cache.clear();
    const fresh = { policies, version, until: now + cacheMillis, decisions: new Map<string, Decision>() };
    this.cache.set(userId, fresh);
    return fresh;
  }

  /** Whether the user's effective policies allow the requirement, and if not, what is missing. */
  async decide(userId: string, requirement: Requirement): Promise<Decision> {
    const { policies, decisions } = await this.effectivePolicies(userId);
    const single = 'action' in requirement ? `${requirement.action} ${requirement.resource}` : undefined;
    const known = single === undefined ? undefined : decisions.get(single);
    if (known) return known;
    const { verdict, shortfall } = evaluate(policies, userId, requirement);
    const decision: Decision = verdict === 'allow' ? { allowed: true } : { allowed: false, missing: describeShortfall(shortfall) };
    if (single !== undefined) {
      if (decisions.size >= DECISIONS_KEPT) decisions.clear();
      decisions.set(single, decision);
    }
    return decision;
  }

  /** Throws lakeFS's insufficient-permissions error unless the user is allowed. */
  async require(userId: string, requirement: Requirement): Promise<void> {
    const decision = await this.decide(userId, requirement);
    if (!decision.allowed) throw new InsufficientPermissionsError(decision.missing);
  }

  /** One action on one resource: the call the S3 gateway makes for each operation. */
  async authorize(userId: string, action: string, resource: string): Promise<Decision> {
    return this.decide(userId, need(action, resource));
  }

  /** Every user whose effective policies allow the requirement (not deny it), and every group whose own do. */
  async whoCan(requirement: Requirement): Promise<Principals> {
    const users: string[] = [];
    for (const user of await this.directory.allUsers()) {
      if ((await this.decide(user.id, requirement)).allowed) users.push(user.id);
    }
    const groups: string[] = [];
    for (const group of await this.directory.allGroups()) {
      // A group's `${user}` resources stand for no one in particular, so they cover nothing here.
      if (evaluate(await this.directory.groupPolicies(group.id), '', requirement).verdict === 'allow') groups.push(group.id);
    }
    return { users, groups };
  }
}
