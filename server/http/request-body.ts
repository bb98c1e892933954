// Request bodies as they arrive: the raw chunks (uploads stream them), and the transport rules of a JSON call,
// checked before its schema sees the body.
import type { MiddlewareHandler } from 'hono';
import { badRequest } from '../errors';
import { jsonBodyRequired } from './request-errors';
import type { AppContext, AppEnv } from './router';
import { requireWellFormed } from './well-formed';

const maxJsonBytes = 1024 * 1024;

/** The request body as chunks: straight from Node's request when served by Node, else the web stream. */
export function requestBody(c: AppContext): AsyncIterable<Uint8Array> | undefined {
  return c.env?.incoming ?? (c.req.raw.body as AsyncIterable<Uint8Array> | null) ?? undefined;
}

/** The chunks of a body Node frames by its Content-Length, joined. */
export async function readWhole(body: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
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

// Written exactly as zod-openapi's media type check expects (parameters `;name=value`), which runs after this one.
const jsonMediaType = /^application\/json(?:;\s*[a-z0-9-]+=[^;]+)*$/i;

/** `application/json`, optionally with `charset=utf-8` (JSON has no other encoding) and other parameters. */
export function isJsonContentType(header: string): boolean {
  if (!jsonMediaType.test(header.trim())) return false;
  const params = header.split(';').slice(1).map((part) => part.trim().toLowerCase());
  return params.every((param) => !param.startsWith('charset=') || /^charset="?utf-8"?$/.test(param));
}

/**
 * A JSON call's body before its schema sees it: declared as application/json (a browser lets any site post
 * text/plain or a form without asking us first, but never application/json), at most 1 MiB, valid JSON, and
 * well-formed text. An optional body may be left out entirely, and then counts as `{}`.
 */
export function jsonTransport(required: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const declared = c.req.header('content-type');
    // Only an optional body may come without a type, and then only if it is really empty.
    if (declared === undefined ? required : !isJsonContentType(declared)) throw jsonBodyRequired();
    const text = await readLimited(c, maxJsonBytes);
    let checked: string | null = text;
    if (text.trim() === '') {
      if (required) throw badRequest('invalid request body: a JSON body is required');
      // Without a type the validator takes an absent body as {} by itself; with one, it parses what it is given.
      checked = declared === undefined ? null : '{}';
    } else if (declared === undefined) {
      throw jsonBodyRequired();
    } else {
      const parsed = parseJson(text);
      requireWellFormed(parsed, 'request body');
      c.set('jsonBody', parsed);
    }
    // The body has been consumed: hand the checked text on to the validator, as Hono's own bodyLimit does.
    c.req.raw = new Request(c.req.raw, { body: checked });
    await next();
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('invalid request body: not valid JSON');
  }
}
