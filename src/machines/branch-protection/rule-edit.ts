// A user's change to the branch protection rules, kept apart from the rules it applies to, so that it can be made
// again on rules someone else changed meanwhile (add appends a pattern, delete removes it).
import type { BranchProtectionRule } from '../../api/types';

export type RuleEdit = { kind: 'add'; pattern: string } | { kind: 'delete'; pattern: string };

/** The rules with the edit made; the same list when it changes nothing (the pattern is there already, or gone). */
export function applyRuleEdit(rules: readonly BranchProtectionRule[], edit: RuleEdit): readonly BranchProtectionRule[] {
  const present = rules.some((rule) => rule.pattern === edit.pattern);
  if (edit.kind === 'add') return present ? rules : [...rules, { pattern: edit.pattern }];
  return present ? rules.filter((rule) => rule.pattern !== edit.pattern) : rules;
}
