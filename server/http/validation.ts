// Request input → typed values, or a 400 whose message names the field at fault.
import { z } from 'zod';
import { badRequest } from '../errors';
import { jsonBodyRequired } from './request-errors';
import type { AppContext } from './route-table';
import { requireWellFormed } from './well-formed';

const maxJsonBytes = 1024 * 1024;

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  requireWellFormed(value, where);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badRequest(`invalid ${where}: ${issue ? describeIssue(issue) : 'malformed'}`);
}

/** The request body as chunks: straight from Node's request when served by Node, else the web stream. */
export function requestBody(c: AppContext): AsyncIterable<Uint8Array> | undefined {
  return c.env?.incoming ?? (c.req.raw.body as AsyncIterable<Uint8Array> | null) ?? undefined;
}

async function readLimited(c: AppContext, limit: number): Promise<string> {
  const body = requestBody(c);
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) throw badRequest(`request body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `application/json`, optionally with `charset=utf-8` (JSON has no other encoding) and other parameters. */
export function isJsonContentType(header: string): boolean {
  const [type = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((param) => !param.startsWith('charset=') || /^charset="?utf-8"?$/.test(param));
}

/**
 * Reads a JSON body. An empty body counts as `emptyAs` (for calls whose body is optional). The body must be declared
 * as JSON: a browser lets any site post text/plain or a form without asking us first, but never application/json.
 */
export async function readJsonBody<S extends z.ZodType>(c: AppContext, schema: S, emptyAs?: unknown): Promise<z.output<S>> {
  const declared = c.req.header('content-type');
  // Only an optional body may come without a type, and then only if it is really empty.
  if (declared === undefined ? emptyAs === undefined : !isJsonContentType(declared)) throw jsonBodyRequired();
  const text = await readLimited(c, maxJsonBytes);
  let value: unknown;
  if (text.trim() === '') {
    if (emptyAs === undefined) throw badRequest('invalid request body: a JSON body is required');
    value = emptyAs;
  } else if (declared === undefined) {
    throw jsonBodyRequired();
  } else {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest('invalid request body: not valid JSON');
    }
  }
  return parseWith(schema, value, 'request body');
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
