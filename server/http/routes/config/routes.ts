// Contracts of the installation facts the console needs: storage rules, version, liveness and statistics.
import { anyone, onAnything, signedIn } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { Config, StatsEventsList, StorageConfig, VersionConfig } from '../../wire';

const tags = ['config'];

export const getConfig = contract({
  operationId: 'getConfig',
  method: 'get',
  path: '/config',
  tags,
  summary: 'Storage and version configuration',
  // lakeFS answers it to anyone signed in (a partial one without fs:ReadConfig).
  access: signedIn,
  responses: { 200: jsonContent(Config, 'Storage and version configuration'), default: failure },
});

export const getVersionConfig = contract({
  operationId: 'getLakeFSVersion',
  method: 'get',
  path: '/config/version',
  tags,
  summary: 'Version configuration (older clients)',
  access: onAnything('fs:ReadConfig'),
  responses: { 200: jsonContent(VersionConfig, 'Version configuration'), default: failure },
});

export const getStorageConfig = contract({
  operationId: 'getStorageConfig',
  method: 'get',
  path: '/config/storage',
  tags,
  summary: 'Storage configuration (older clients)',
  access: onAnything('fs:ReadConfig'),
  responses: { 200: jsonContent(StorageConfig, 'Storage configuration'), default: failure },
});

export const healthCheck = contract({
  operationId: 'healthCheck',
  method: 'get',
  path: '/healthcheck',
  tags,
  summary: 'Liveness',
  access: anyone,
  responses: { 204: { description: 'The server is up' }, default: failure },
});

export const postStatistics = contract({
  operationId: 'postStatsEvents',
  method: 'post',
  path: '/statistics',
  tags,
  summary: 'Usage events (accepted and dropped)',
  access: signedIn,
  request: { body: jsonBody(StatsEventsList) },
  responses: { 204: { description: 'Accepted' }, default: failure },
});
