// The published OpenAPI document, generated from the routes' contracts: the parameters, bodies and answers it
// describes are the zod schemas that validate the requests and type the handlers.
import { z } from '@hono/zod-openapi';
import { anyone } from './access';
import { contract, failure, jsonContent } from './contract';
import { createRouter, type Router } from './router';

const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
type OpenApiDocument = z.output<typeof OpenApiDocument>;

export const getDocument = contract({
  operationId: 'getOpenAPIDocument',
  method: 'get',
  path: '/openapi.json',
  tags: ['config'],
  summary: 'This document',
  access: anyone,
  responses: { 200: jsonContent(OpenApiDocument, 'The OpenAPI 3.0 document of this API'), default: failure },
});

const securitySchemes = {
  basic_auth: { type: 'http', scheme: 'basic' },
  jwt_token: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  cookie_auth: { type: 'apiKey', in: 'cookie', name: 'internal_auth_session' },
} as const;

/** The document of every route mounted on `api` (this one included), made on first request. */
export function documentRouter(api: Router, version: string): Router {
  for (const [name, scheme] of Object.entries(securitySchemes)) api.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
  let document: OpenApiDocument | undefined;
  const router = createRouter();
  router.openapi(getDocument, (c) => {
    // Checked once against the schema it is published with.
    document ??= OpenApiDocument.parse(
      api.getOpenAPIDocument({
        openapi: '3.0.0',
        info: { title: 'Tarn lakeFS-compatible API', version },
        servers: [{ url: '/api/v1' }],
        security: Object.keys(securitySchemes).map((name) => ({ [name]: [] })),
      }),
    );
    return c.json(document, 200);
  });
  return router;
}
