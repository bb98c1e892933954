// Request input → typed values, or a 400 whose message names the field at fault.
import { z } from 'zod';
import { badRequest } from '../errors';
import { describeIssue } from './invalid-input';
import { jsonTransport } from './request-body';
import type { AppContext } from './router';
import { requireWellFormed } from './well-formed';

export { requestBody } from './request-body';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  requireWellFormed(value, where);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badRequest(`invalid ${where}: ${issue ? describeIssue(issue) : 'malformed'}`);
}

/** Reads a JSON body under the JSON transport rules. An empty body counts as `emptyAs` (for optional bodies). */
export async function readJsonBody<S extends z.ZodType>(c: AppContext, schema: S, emptyAs?: unknown): Promise<z.output<S>> {
  await jsonTransport(emptyAs === undefined)(c, async () => {});
  const text = await c.req.raw.text();
  return parseWith(schema, text === '' ? emptyAs : JSON.parse(text), 'request body');
}

export function readQuery<S extends z.ZodType>(c: AppContext, schema: S): z.output<S> {
  return parseWith(schema, c.req.query(), 'query');
}

/** `true`/`false` query flags; anything else is a 400 naming the parameter. */
export const queryBool = z
  .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

export const queryAmount = z
  .string()
  .regex(/^-?\d+$/, { message: 'must be an integer' })
  .transform(Number)
  .optional();

/** `objects=a&objects=b` arrives as repeated keys; Hono's `queries()` gives every value. */
export function queryList(c: AppContext, name: string): string[] {
  const values = c.req.queries(name) ?? [];
  requireWellFormed(values, `query ${name}`);
  return values;
}
