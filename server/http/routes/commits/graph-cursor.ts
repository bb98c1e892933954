// The commit graph's `after`: the frontier of the walk (the commits waiting in its heap when a page ended) as the
// base64url of their ids' bytes, 43 characters a commit. Anything else is refused as the query's fault.
import { z } from '@hono/zod-openapi';

const ID_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function encodeGraphCursor(frontier: readonly string[]): string {
  return Buffer.concat(frontier.map((id) => Buffer.from(id, 'hex'))).toString('base64url');
}

/** The commit ids of a cursor, or undefined when the text is not one this server wrote. */
function decodeGraphCursor(cursor: string): string[] | undefined {
  if (!BASE64URL.test(cursor)) return undefined;
  const bytes = Buffer.from(cursor, 'base64url');
  // Canonical only: the same bytes written back give the same text, so no stray bits hide in the last character.
  if (bytes.length === 0 || bytes.length % ID_BYTES !== 0 || bytes.toString('base64url') !== cursor) return undefined;
  const ids: string[] = [];
  for (let at = 0; at < bytes.length; at += ID_BYTES) ids.push(bytes.subarray(at, at + ID_BYTES).toString('hex'));
  return ids;
}

/** The `after` query of the graph: absent or empty starts at the heads. */
export const graphCursor = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (!text) return undefined;
    const ids = decodeGraphCursor(text);
    if (!ids) ctx.addIssue({ code: 'custom', message: 'must be the next_offset of a previous page' });
    return ids;
  })
  .openapi({ type: 'string', description: "The previous page's next_offset (an opaque cursor)" });
