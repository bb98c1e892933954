// The published OpenAPI document is generated from the routes' contracts; this checks that it describes every call
// completely: a real schema for each success answer with a body (no placeholder left), each parameter listed once
// per operation, every reference resolvable, and lakeFS's Error for every failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

interface Schema {
  /** One schema extending another, as lakeFS writes UploadPartCopyFrom. */
  allOf?: Schema[];
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  description?: string;
  format?: string;
}

interface Response {
  description: string;
  content?: Record<string, { schema?: Schema }>;
}

interface Operation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, Response>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** Successes that carry no body although they are not 204: lakeFS answers them with an empty 200 or 201 too. */
const emptySuccesses = new Set([
  'POST /setup_comm_prefs',
  'PUT /repositories/{repository}/branches/{branch}/objects/stat/user_metadata',
  'PUT /repositories/{repository}/refs/restore',
  'PUT /auth/users/{userId}/policies/{policyId}',
  'PUT /auth/groups/{groupId}/members/{userId}',
  'PUT /auth/groups/{groupId}/policies/{policyId}',
  'POST /auth/groups/{groupId}/acl',
  'POST /auth/password',
  'PATCH /repositories/{repository}/pulls/{pull_request}',
]);

let server: TestServer;
let document: Document;

beforeAll(async () => {
  server = await startTestServer();
  document = (await (await fetch(`${server.api}/openapi.json`)).json()) as Document;
});
afterAll(async () => {
  await server.close();
});

function operations(): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]),
  );
}

/** Why a schema says nothing of its shape, if it does not: no type, or an object with no fields. */
function vagueness(schema: Schema | undefined, where: string): string[] {
  if (!schema) return [`${where}: no schema`];
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return document.components.schemas[name] ? [] : [`${where}: ${schema.$ref} does not resolve`];
  }
  if (schema.allOf) return schema.allOf.flatMap((part, i) => vagueness(part, `${where}.allOf[${i}]`));
  if (!schema.type) return [`${where}: no type`];
  if (schema.type === 'object' && !schema.properties && !schema.additionalProperties) return [`${where}: an object with no fields`];
  if (schema.type === 'array') return vagueness(schema.items, `${where}[]`);
  return [];
}

/** A map whose values may be anything (lakeFS's capabilities): zod publishes such values with no type. */
function isAnyValue(schema: Schema): boolean {
  return Object.keys(schema).every((key) => key === 'nullable' || key === 'description');
}

/** Every schema inside a schema, nested objects and list items included. */
function nested(schema: Schema, where: string): Array<[string, Schema]> {
  const inner: Array<[string, Schema]> = [
    ...Object.entries(schema.properties ?? {}).map(([name, s]): [string, Schema] => [`${where}.${name}`, s]),
    ...(schema.items ? [[`${where}[]`, schema.items] as [string, Schema]] : []),
    ...(schema.allOf ?? []).map((part, i): [string, Schema] => [`${where}.allOf[${i}]`, part]),
    ...(typeof schema.additionalProperties === 'object' ? [[`${where}{}`, schema.additionalProperties] as [string, Schema]] : []),
  ];
  return [[where, schema], ...inner.flatMap(([at, s]) => nested(s, at))];
}

describe('the published document', () => {
  it('covers every call', () => {
    expect(operations().length).toBeGreaterThan(40);
  });

  it('names every operation, each name once, as lakeFS names its operations', () => {
    const ids = operations().map(([name, operation]) => operation.operationId ?? `${name}: no operationId`);
    expect(ids.filter((id) => id.includes(': no operationId'))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('has a real schema for each success answer with a body', () => {
    const problems: string[] = [];
    for (const [name, operation] of operations()) {
      const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      // lakeFS Enterprise's calls, which Tarn answers with 501 only.
      const unoffered = '501' in operation.responses;
      if (successes.length === 0 && !unoffered) problems.push(`${name}: no success answer`);
      for (const [status, response] of successes) {
        const where = `${name} → ${status}`;
        if (!response.content) {
          // A HEAD answer never has a body.
          if (status !== '204' && !name.startsWith('HEAD ') && !emptySuccesses.has(name)) problems.push(`${where}: no content`);
          continue;
        }
        for (const [type, media] of Object.entries(response.content)) problems.push(...vagueness(media.schema, `${where} ${type}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('leaves no placeholder among its named schemas', () => {
    const problems = Object.entries(document.components.schemas).flatMap(([name, schema]) =>
      nested(schema, name).flatMap(([where, s]) => [
        ...(where.endsWith('{}') && isAnyValue(s) ? [] : vagueness(s, where)),
        ...(s.description?.startsWith('lakeFS ') ? [`${where}: placeholder "${s.description}"`] : []),
      ]),
    );
    expect(problems).toEqual([]);
  });

  it('lists each parameter once per operation, each with a type', () => {
    const problems: string[] = [];
    for (const [name, operation] of operations()) {
      const seen = new Set<string>();
      for (const parameter of operation.parameters ?? []) {
        const key = `${parameter.in} ${parameter.name}`;
        if (seen.has(key)) problems.push(`${name}: ${key} listed twice`);
        seen.add(key);
        problems.push(...vagueness(parameter.schema, `${name} ${key}`));
      }
      const [, path = ''] = name.split(' ');
      for (const [, param] of path.matchAll(/\{(\w+)\}/g)) {
        if (!seen.has(`path ${param}`)) problems.push(`${name}: path parameter ${param} not listed`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes every JSON request body by its schema', () => {
    const problems = operations().flatMap(([name, operation]) =>
      Object.entries(operation.requestBody?.content ?? {}).flatMap(([type, media]) => vagueness(media.schema, `${name} body ${type}`)),
    );
    expect(problems).toEqual([]);
  });

  it("answers every failure with lakeFS's Error", () => {
    const problems = operations().flatMap(([name, operation]) =>
      operation.responses.default?.content?.['application/json']?.schema?.$ref === '#/components/schemas/Error'
        ? []
        : [`${name}: no default Error answer`],
    );
    expect(problems).toEqual([]);
  });
});

