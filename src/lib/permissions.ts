// lakeFS's policy evaluation (deny wins over allow; `*` and `?` match in actions and resources) in the console: whether a user's effective policies allow an action on
// a resource. The server enforces; the console asks the same question in advance to disable what would be refused.
// Loaded with the user's policies (machines/session/permissions) and the policy editor, never with the entry.
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
