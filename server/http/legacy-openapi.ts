// The OpenAPI document of the routes still declared in the old route table; merged into the generated one until
// every route has its contract.
import { z } from 'zod';
import type { RouteSpec } from './route-table';

const errorResponse = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

function operation(spec: RouteSpec, params: string[]) {
  const success: Record<string, unknown> = { description: 'Success' };
  if (spec.success.schema) {
    success.content = {
      [spec.success.contentType ?? 'application/json']: { schema: { $ref: `#/components/schemas/${spec.success.schema}` } },
    };
  } else if (spec.success.contentType) {
    success.content = { [spec.success.contentType]: { schema: { type: 'string' } } };
  }
  return {
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.public ? { security: [] } : {}),
    parameters: [
      ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...(spec.query ?? []).map((q) => ({
        name: q.name,
        in: 'query',
        required: q.required ?? false,
        ...(q.description ? { description: q.description } : {}),
        schema: q.type === 'array' ? { type: 'array', items: { type: 'string' } } : { type: q.type },
      })),
    ],
    ...(spec.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${spec.body}` } } } } }
      : {}),
    responses: { [String(spec.success.status)]: success, default: errorResponse },
  };
}

export function openApiDocument(specs: RouteSpec[], version: string): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemaNames = new Set<string>();
  const bodySchemas = new Map<string, z.ZodType>();
  for (const spec of specs) {
    const { path, params } = openApiPath(spec.path);
    const item = (paths[path] ??= {});
    item[spec.method] = operation(spec, params);
    if (spec.head) item.head = { ...operation(spec, params), summary: `${spec.summary} (headers only)` };
    if (spec.body) schemaNames.add(spec.body);
    if (spec.body && spec.bodySchema) bodySchemas.set(spec.body, spec.bodySchema);
    if (spec.success.schema) schemaNames.add(spec.success.schema);
  }
  const schemas: Record<string, unknown> = {
    Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  };
  for (const [name, schema] of bodySchemas) {
    const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0' }) as Record<string, unknown>;
    schemas[name] = json;
  }
  // Response shapes follow lakeFS's API: named here, described in its published reference.
  for (const name of [...schemaNames].sort()) schemas[name] ??= { type: 'object', description: `lakeFS ${name}` };
  return {
    openapi: '3.0.0',
    info: { title: 'Tarn lakeFS-compatible API', version },
    servers: [{ url: '/api/v1' }],
    security: [{ basic_auth: [] }, { jwt_token: [] }, { cookie_auth: [] }],
    paths,
    components: {
      securitySchemes: {
        basic_auth: { type: 'http', scheme: 'basic' },
        jwt_token: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        cookie_auth: { type: 'apiKey', in: 'cookie', name: 'internal_auth_session' },
      },
      schemas,
    },
  };
}
