// A request that its route's schemas refuse → a 400 whose message names the field at fault, in lakeFS's
// `{"message"}` body: `invalid request body: metadata.k: ...`, `invalid query: amount: ...`, `invalid ref: ...`.
import type { z } from 'zod';
import { badRequest } from '../errors';

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

const targetNames: Record<string, string> = { json: 'request body', query: 'query' };

/** What a refused input is called in the message; a path parameter is called by its own name. */
function describeRefusal(target: string, issue: z.core.$ZodIssue | undefined): string {
  const where = targetNames[target];
  const what = issue ? describeIssue(issue) : 'malformed';
  return where ? `invalid ${where}: ${what}` : `invalid ${what}`;
}

type Validated = { target: string } & ({ success: true } | { success: false; error: z.ZodError });

/** The routers' validation hook: a refused input throws, so the one error mapping answers it. */
export function refuseInvalidInput(result: Validated): void {
  if (!result.success) throw badRequest(describeRefusal(result.target, result.error.issues[0]));
}
