// The building blocks of query schemas. A query arrives as text (a repeated key as a list of texts); these turn it
// into typed values as lakeFS's request check does (go-parse.ts), and tell the published document the type the
// client sends. Their messages are the reason after `parameter "name" in query has an error: ` (invalid-input.ts).
import { z } from '@hono/zod-openapi';
import { parseGoBool, parseLakeFSInteger } from './go-parse';

/** A parameter that is not a list, given twice, is refused, as lakeFS's binding of parameters refuses it. */
const single = z.string({
  error: (issue) => (Array.isArray(issue.input) ? 'multiple values for single value parameter' : undefined),
});

/** lakeFS's check refuses a parameter given with no value unless it is a string. */
const emptyValue = 'empty value is not allowed';

/** A boolean as Go's strconv.ParseBool reads it (`1 t T TRUE true True`, `0 f F FALSE false False`); else a 400. */
export const queryFlag = single
  .transform((raw, ctx) => {
    const value = raw === '' ? undefined : parseGoBool(raw);
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: raw === '' ? emptyValue : `value ${raw}: an invalid boolean: invalid syntax` });
      return z.NEVER;
    }
    return value;
  })
  .optional()
  .openapi({ type: 'boolean' });

/**
 * An integer as lakeFS reads it (go-parse.ts): in base 0 within the parameter's bounds, then in base 10 for the
 * value, so `010` passes as 8 and is then 10, and `0x10` passes the bounds but is refused.
 */
export function queryInteger({ minimum, maximum }: { minimum?: number; maximum?: number } = {}) {
  return single
    .transform((raw, ctx) => {
      if (raw === '') {
        ctx.addIssue({ code: 'custom', message: emptyValue });
        return z.NEVER;
      }
      const read = parseLakeFSInteger(raw);
      if ('error' in read) {
        ctx.addIssue({ code: 'custom', message: `value ${raw}: an invalid integer: ${read.error}` });
        return z.NEVER;
      }
      if (minimum !== undefined && read.tested < minimum) ctx.addIssue({ code: 'custom', message: `number must be at least ${minimum}` });
      else if (maximum !== undefined && read.tested > maximum) ctx.addIssue({ code: 'custom', message: `number must be at most ${maximum}` });
      return read.value;
    })
    .optional()
    .openapi({ type: 'integer', ...(minimum !== undefined ? { minimum } : {}), ...(maximum !== undefined ? { maximum } : {}) });
}

/** A string from a fixed list, refused as lakeFS's check refuses it. */
export function queryEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const allowed: readonly string[] = values;
  return single
    .transform((raw, ctx) => {
      if (allowed.includes(raw)) return raw as T[number];
      ctx.addIssue({ code: 'custom', message: `value is not one of the allowed values ${JSON.stringify(values)}` });
      return z.NEVER;
    })
    .optional()
    .openapi({ type: 'string', enum: [...values] });
}

/** A string parameter. */
export const queryText = single.optional().openapi({ type: 'string' });

/** lakeFS's `amount`: -1 to 1000; pagination.ts applies its rule (≤0 → 100). */
const queryAmount = queryInteger({ minimum: -1, maximum: 1000 }).openapi({ description: 'Page size: 100 when 0 or less, at most 1000' });

/** A parameter that may be repeated (`objects=a&objects=b`); given once, it is a list of one. */
export const queryList = z
  .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.string()))
  .optional();

/** The paging parameters every listing takes. */
export const pagingQuery = {
  prefix: queryText.openapi({ description: 'Only names that start with this' }),
  after: queryText.openapi({ description: 'Only names after this one (exclusive)' }),
  amount: queryAmount,
};

/** A listing's paging as the handler reads it (and the console writes it): `amount` is a number. */
export type PagingQuery = z.output<z.ZodObject<typeof pagingQuery>>;

/** Listings that fold names into common prefixes (objects, diffs). */
export const queryDelimiter = queryText.openapi({ description: 'Fold names up to the next one of these into a common prefix' });
