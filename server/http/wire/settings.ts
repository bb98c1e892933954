// Repository settings: garbage-collection rules, branch protection and the read-only flag.
import { z } from '@hono/zod-openapi';

const days = z.number({ message: 'must be a number of days' }).int({ message: 'must be a whole number of days' }).min(1, {
  message: 'must be at least 1 day',
});

export const GarbageCollectionRule = z
  .object({ branch_id: z.string().min(1, { message: 'branch_id is required' }), retention_days: days })
  .openapi('GarbageCollectionRule');
export type GarbageCollectionRule = z.output<typeof GarbageCollectionRule>;

export const GarbageCollectionRules = z
  .object({ default_retention_days: days, branches: z.array(GarbageCollectionRule) })
  .openapi('GarbageCollectionRules');
export type GarbageCollectionRules = z.output<typeof GarbageCollectionRules>;

/** An fnmatch pattern (`*`, `?`) naming the branches it protects. */
export const BranchProtectionRule = z
  .object({ pattern: z.string().min(1, { message: 'pattern must not be empty' }) })
  .openapi('BranchProtectionRule');
export type BranchProtectionRule = z.output<typeof BranchProtectionRule>;

/** GET answers the bare list with its checksum in `ETag`; PUT takes the whole list with that checksum in `If-Match`. */
export const BranchProtectionRules = z.array(BranchProtectionRule).openapi('BranchProtectionRules');
export type BranchProtectionRules = z.output<typeof BranchProtectionRules>;

/** Tarn's own call (lakeFS fixes the flag at creation): PUT /repositories/{repository}/settings/read_only. */
export const RepositoryReadOnlySetting = z
  .object({ read_only: z.boolean({ message: 'read_only must be true or false' }) })
  .openapi('RepositoryReadOnlySetting');
export type RepositoryReadOnlySetting = z.output<typeof RepositoryReadOnlySetting>;
