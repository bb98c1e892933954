// A request that its route's schemas refuse → a 400 whose message names the field at fault, in lakeFS's
// `{"message"}` body: `invalid request body: metadata.k: ...`, `invalid ref: ...`, and for a query parameter the
// words of lakeFS's request check: `parameter "amount" in query has an error: number must be at most 1000`.
import type { z } from 'zod';
import { badRequest } from '../errors';

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

const targetNames: Record<string, string> = { json: 'request body' };

/** A refused query parameter, named as lakeFS names it; one that is required and absent says so. */
function describeQueryRefusal(issue: z.core.$ZodIssue, query: unknown): string {
  const name = String(issue.path[0] ?? '');
  const given = typeof query === 'object' && query !== null && (query as Record<string, unknown>)[name] !== undefined;
  return `parameter ${JSON.stringify(name)} in query has an error: ${given ? issue.message : 'value is required but missing'}`;
}

/** What a refused input is called in the message; a path parameter is called by its own name. */
function describeRefusal(target: string, issue: z.core.$ZodIssue | undefined, data: unknown): string {
  if (target === 'query' && issue) return describeQueryRefusal(issue, data);
  const where = targetNames[target];
  const what = issue ? describeIssue(issue) : 'malformed';
  return where ? `invalid ${where}: ${what}` : `invalid ${what}`;
}

type Validated = { target: string; data?: unknown } & ({ success: true } | { success: false; error: z.ZodError });

/** The routers' validation hook: a refused input throws, so the one error mapping answers it. */
export function refuseInvalidInput(result: Validated): void {
  if (!result.success) throw badRequest(describeRefusal(result.target, result.error.issues[0], result.data));
}
