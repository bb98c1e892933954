// The garbage-collection policy as the editor holds it: JSON text, the create template, and the parse check.
import type { GarbageCollectionRules } from '../../api/types';

/** The form's prefill when a repository has no rules (docs/behaviour.md, Repository settings). */
export const DEFAULT_GC_RETENTION_DAYS = 21;
export const DEFAULT_BRANCH_GC_RETENTION_DAYS = 28;

export function policyText(rules: GarbageCollectionRules): string {
  return JSON.stringify(rules, null, 2);
}

/** docs/behaviour.md, Repository settings: the policy a new one starts from — 21 days by default, 28 on the default branch. */
export function policyTemplate(defaultBranch: string): GarbageCollectionRules {
  return {
    default_retention_days: DEFAULT_GC_RETENTION_DAYS,
    branches: [{ branch_id: defaultBranch, retention_days: DEFAULT_BRANCH_GC_RETENTION_DAYS }],
  };
}

export type ParsedPolicy = { rules: GarbageCollectionRules } | { error: string };

/** Parses the editor's text. Only the JSON is checked here: the server validates the fields and names a bad one. */
export function parsePolicy(text: string): ParsedPolicy {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'The policy must be a JSON object.' };
  // The fields are the server's to validate (its 400 names the field at fault).
  return { rules: value as GarbageCollectionRules };
}
