// Every shape the API sends or takes, as zod schemas: they validate requests, type the handlers and serialisers,
// make the published OpenAPI document, and (type-only) the console's client.
export * from './access-control';
export * from './actions';
export * from './audit';
export * from './auth';
export * from './commits';
export * from './common';
export * from './config';
export * from './diff-merge';
export * from './events';
export * from './external-auth';
export * from './gc-prepare';
export * from './import';
export * from './insights';
export * from './objects';
export * from './pulls';
export * from './refs';
export * from './repository-admin';
export * from './repositories';
export * from './settings';
export * from './setup';
export * from './staging';
export * from './tables';
