// The one policy evaluator: whether a set of policies allows a requirement for a user. Every check goes through it:
// the API's enforcement, "who can", and the S3 gateway. A matching deny wins over any allow; nothing matching is
// neither, and counts as not allowed.
import { anyResource, resourcesOf, type Permission, type Requirement } from './permissions';

export type Effect = 'allow' | 'deny';

export interface PolicyStatement {
  effect: Effect;
  action: string[];
  resource: string;
}

export interface PolicyRules {
  id: string;
  statement: PolicyStatement[];
}

export type Verdict = 'allow' | 'deny' | 'neutral';

/** `*` matches any run of characters (none too), `?` exactly one; everything else itself. */
export function wildcardMatch(pattern: string, value: string): boolean {
  let p = 0;
  let v = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (v < value.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === value[v])) {
      p++;
      v++;
    } else if (p < pattern.length && pattern[p] === '*') {
      starAt = p++;
      resumeAt = v;
    } else if (starAt >= 0) {
      p = starAt + 1;
      v = ++resumeAt;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** `arn:partition:service:region:account:resource`; the resource part may hold colons itself. */
function arnParts(value: string): string[] | undefined {
  const parts = value.split(':');
  if (parts.length < 6 || parts[0] !== 'arn') return undefined;
  return [...parts.slice(0, 5), parts.slice(5).join(':')];
}

/** Whether a policy's resource pattern covers a requested resource: `*` covers all, else ARN part by part. */
export function arnMatch(pattern: string, requested: string): boolean {
  if (pattern === anyResource) return true;
  const want = arnParts(pattern);
  const have = arnParts(requested);
  if (!want || !have) return false;
  return want.every((part, i) => wildcardMatch(part, have[i] ?? ''));
}

/** A policy's `${user}` stands for the user being checked. */
const forUser = (resource: string, userId: string) => resource.replaceAll('${user}', userId);

/** What is missing, for the caller's message: actions denied outright, and those no policy allows. */
export interface Shortfall {
  denied: Permission[];
  notAllowed: Permission[];
}

function checkOne(policies: PolicyRules[], userId: string, wanted: Permission, shortfall: Shortfall): Verdict {
  let verdict: Verdict = 'neutral';
  for (const policy of policies) {
    for (const statement of policy.statement) {
      const covers = resourcesOf(statement.resource).some((r) => arnMatch(forUser(r, userId), wanted.resource));
      if (!covers || !statement.action.some((a) => wildcardMatch(a, wanted.action))) continue;
      if (statement.effect === 'deny') {
        shortfall.denied.push(wanted);
        return 'deny';
      }
      verdict = 'allow';
    }
  }
  if (verdict === 'neutral') shortfall.notAllowed.push(wanted);
  return verdict;
}

function check(policies: PolicyRules[], userId: string, requirement: Requirement, shortfall: Shortfall): Verdict {
  if ('allOf' in requirement) {
    for (const part of requirement.allOf) {
      const verdict = check(policies, userId, part, shortfall);
      if (verdict !== 'allow') return verdict;
    }
    return 'allow';
  }
  if ('anyOf' in requirement) {
    let verdict: Verdict = 'neutral';
    for (const part of requirement.anyOf) {
      const one = check(policies, userId, part, shortfall);
      if (one === 'deny') return 'deny';
      if (one === 'allow') verdict = 'allow';
    }
    return verdict;
  }
  return checkOne(policies, userId, requirement, shortfall);
}

export interface Evaluation {
  verdict: Verdict;
  shortfall: Shortfall;
}

/** The verdict of `policies` (a user's effective ones) on a requirement, and what fell short. */
export function evaluate(policies: PolicyRules[], userId: string, requirement: Requirement): Evaluation {
  const shortfall: Shortfall = { denied: [], notAllowed: [] };
  return { verdict: check(policies, userId, requirement, shortfall), shortfall };
}

const named = (permissions: Permission[]) => permissions.map((p) => `${p.action} on ${p.resource}`).join(', ');

/**
 * lakeFS's wording of what is missing (`denied permission to fs:ReadObject`, `not allowed to fs:ReadObject`), with
 * the resource too, so the console can say exactly which permission the caller lacks.
 */
export function describeShortfall({ denied, notAllowed }: Shortfall): string {
  if (denied.length > 0) return `denied permission to ${named(denied)}`;
  if (notAllowed.length > 0) return `not allowed to ${named(notAllowed)}`;
  return 'user does not have the required permissions';
}
