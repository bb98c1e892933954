// The parts every route contract is written with: JSON bodies and answers, and the error every call may answer.
import type { z } from '@hono/zod-openapi';
import { ErrorBody } from './wire';

/** A JSON answer with its schema. */
export function jsonContent<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A JSON request body with the schema that validates it; an optional one may be left out (it is then `{}`). */
export function jsonBody<S extends z.ZodType>(schema: S, { required = true } = {}) {
  return { required, content: { 'application/json': { schema } } };
}

/** Any failure: the status says which (see errors.ts), the body is lakeFS's Error. */
export const failure = jsonContent(ErrorBody, 'Error');

/** The `security` of a route anyone may call; every other route needs credentials. */
export const publicRoute: [] = [];
