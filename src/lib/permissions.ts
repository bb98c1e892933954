// lakeFS's policy evaluation (reference §4.6) in the console: whether a user's effective policies allow an action on
// a resource. The server enforces; the console asks the same question in advance to disable what would be refused.
import type { Policy } from '../api/types';

/** What the policies say: an allow, a deny (which wins), or nothing at all (which is no permission either). */
export type Decision = 'allow' | 'deny' | 'neutral';

/** lakeFS's wildcard match: `*` is any run of characters, `?` any one character, everything else literal. */
export function wildcardMatch(pattern: string, value: string): boolean {
  if (pattern === '*') return true;
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's').test(value);
}

/** A statement's resource: one ARN or `*`, or a JSON array of them in a string. */
function resources(resource: string): string[] {
  const text = resource.trim();
  if (!text.startsWith('[')) return [text];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((r): r is string => typeof r === 'string') : [text];
  } catch {
    return [text];
  }
}

/** `${user}` in a policy's resource stands for the requesting user. */
const forUser = (resource: string, username: string) => resource.split('${user}').join(username);

export function evaluate(policies: readonly Policy[], username: string, action: string, resource: string): Decision {
  let decision: Decision = 'neutral';
  for (const policy of policies) {
    for (const statement of policy.statement) {
      const resourceMatches = resources(statement.resource).some((r) => wildcardMatch(forUser(r, username), resource));
      if (!resourceMatches || !statement.action.some((a) => wildcardMatch(a, action))) continue;
      if (statement.effect === 'deny') return 'deny';
      decision = 'allow';
    }
  }
  return decision;
}

/** Why a control is disabled: the permission it needs, in the words of lakeFS's refusal. */
export function missingPermissionReason(action: string): string {
  return `Not allowed: you need the ${action} permission`;
}

// The ARNs of lakeFS's resources (reference §4.3).
export const arn = {
  any: '*',
  repository: (repo: string) => `arn:lakefs:fs:::repository/${repo}`,
  object: (repo: string, path: string) => `arn:lakefs:fs:::repository/${repo}/object/${path}`,
  branch: (repo: string, branch: string) => `arn:lakefs:fs:::repository/${repo}/branch/${branch}`,
  tag: (repo: string, tag: string) => `arn:lakefs:fs:::repository/${repo}/tag/${tag}`,
  user: (id: string) => `arn:lakefs:auth:::user/${id}`,
  group: (id: string) => `arn:lakefs:auth:::group/${id}`,
  policy: (id: string) => `arn:lakefs:auth:::policy/${id}`,
} as const;
