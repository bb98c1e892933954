// Contracts of the installation facts the console needs: storage rules, version, liveness and statistics.
import { createRoute } from '@hono/zod-openapi';
import { failure, jsonBody, jsonContent, publicRoute } from '../../contract';
import { Config, StatsEventsList, StorageConfig, VersionConfig } from '../../wire';

const tags = ['config'];

export const getConfig = createRoute({
  operationId: 'getConfig',
  method: 'get',
  path: '/config',
  tags,
  summary: 'Storage and version configuration',
  responses: { 200: jsonContent(Config, 'Storage and version configuration'), default: failure },
});

export const getVersionConfig = createRoute({
  operationId: 'getLakeFSVersion',
  method: 'get',
  path: '/config/version',
  tags,
  summary: 'Version configuration (older clients)',
  responses: { 200: jsonContent(VersionConfig, 'Version configuration'), default: failure },
});

export const getStorageConfig = createRoute({
  operationId: 'getStorageConfig',
  method: 'get',
  path: '/config/storage',
  tags,
  summary: 'Storage configuration (older clients)',
  responses: { 200: jsonContent(StorageConfig, 'Storage configuration'), default: failure },
});

export const healthCheck = createRoute({
  operationId: 'healthCheck',
  method: 'get',
  path: '/healthcheck',
  tags,
  summary: 'Liveness',
  security: publicRoute,
  responses: { 204: { description: 'The server is up' }, default: failure },
});

export const postStatistics = createRoute({
  operationId: 'postStatsEvents',
  method: 'post',
  path: '/statistics',
  tags,
  summary: 'Usage events (accepted and dropped)',
  request: { body: jsonBody(StatsEventsList) },
  responses: { 204: { description: 'Accepted' }, default: failure },
});
