// docs/behaviour.md, Objects page: warn about missing garbage-collection rules only where stale objects cost money (s3/http storage)
// and only once the repository is old enough for that to matter. Dismissal is remembered per repository.

/** A repository younger than this has no stale objects worth the warning. */
export const GC_WARNING_AGE_DAYS = 14;
const DAY_SECONDS = 24 * 60 * 60;

export interface GcWarningRuleInput {
  storageNamespace: string;
  /** Unix seconds. */
  creationDate: number;
  /** Unix seconds. */
  now: number;
}

/** Whether the repository is one the warning applies to (the rules themselves are checked separately). */
export function gcWarningApplies({ storageNamespace, creationDate, now }: GcWarningRuleInput): boolean {
  const onBillableStorage = /^(s3|https?):/i.test(storageNamespace);
  return onBillableStorage && now - creationDate > GC_WARNING_AGE_DAYS * DAY_SECONDS;
}

const dismissKey = (repoId: string) => `show_gc_warning_${repoId}`;

export function isGcWarningDismissed(repoId: string, storage: Storage = localStorage): boolean {
  return storage.getItem(dismissKey(repoId)) === 'false';
}

export function dismissGcWarning(repoId: string, storage: Storage = localStorage): void {
  storage.setItem(dismissKey(repoId), 'false');
}
