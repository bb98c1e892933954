// The building blocks of query schemas. A query arrives as text (a repeated key as a list of texts); these turn it
// into typed values, and tell the published document the type the client sends.
import { z } from '@hono/zod-openapi';

/** `true`/`false` (or `1`/`0`); anything else is a 400 naming the parameter. */
export const queryFlag = z
  .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1')
  .optional()
  .openapi({ type: 'boolean' });

/** lakeFS's `amount`: any integer; pagination.ts applies its rules (≤0 → 100, >1000 → 1000). */
const queryAmount = z
  .string()
  .regex(/^-?\d+$/, { message: 'must be an integer' })
  .transform(Number)
  .optional()
  .openapi({ type: 'integer', description: 'Page size: 100 when 0 or less, at most 1000' });

/** A parameter that may be repeated (`objects=a&objects=b`); given once, it is a list of one. */
export const queryList = z
  .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.string()))
  .optional();

/** The paging parameters every listing takes. */
export const pagingQuery = {
  prefix: z.string().optional().openapi({ description: 'Only names that start with this' }),
  after: z.string().optional().openapi({ description: 'Only names after this one (exclusive)' }),
  amount: queryAmount,
};

/** A listing's paging as the handler reads it (and the console writes it): `amount` is a number. */
export type PagingQuery = z.output<z.ZodObject<typeof pagingQuery>>;

/** Listings that fold names into common prefixes (objects, diffs). */
export const queryDelimiter = z
  .string()
  .optional()
  .openapi({ description: 'Fold names up to the next one of these into a common prefix' });
