// Tarn's own storage insights: what a ref holds under a prefix, by child.
import { z } from '@hono/zod-openapi';

const count = z.number().int();

/** Objects and the bytes of their data. */
export const UsageTotals = z.object({ objects: count, bytes: count }).openapi('UsageTotals');
export type UsageTotals = z.output<typeof UsageTotals>;

/** A common prefix one level down with everything under it, or an object directly under the prefix. */
export const UsageChild = z
  .object({ path: z.string(), type: z.enum(['common_prefix', 'object']), objects: count, bytes: count })
  .openapi('UsageChild');
export type UsageChild = z.output<typeof UsageChild>;

/** The children left out of the answer (it holds the largest ones), and what they hold. */
export const UsageOthers = z.object({ children: count, objects: count, bytes: count }).openapi('UsageOthers');
export type UsageOthers = z.output<typeof UsageOthers>;

/** A branch's uncommitted changes under the prefix, against its head: paths added, changed, removed, and their net effect. */
export const StagedUsage = z
  .object({ added: count, changed: count, removed: count, objects: count, bytes: count, bytes_written: count })
  .openapi('StagedUsage');
export type StagedUsage = z.output<typeof StagedUsage>;

export const PrefixUsage = z
  .object({
    prefix: z.string(),
    delimiter: z.string(),
    totals: UsageTotals,
    children: z.array(UsageChild),
    others: UsageOthers,
    staged: StagedUsage.optional().openapi({ description: 'On a branch only: its uncommitted changes, counted in the totals' }),
  })
  .openapi('PrefixUsage');
export type PrefixUsage = z.output<typeof PrefixUsage>;
