// Contracts of a repository's settings: the read-only flag (Tarn's own call), branch protection rules with their
// checksum, garbage-collection rules, the older paths lakeFS keeps for both, and the installation's GC grace period.
import { z } from '@hono/zod-openapi';
import { onAnything, onRepo } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import {
  BranchProtectionRule,
  BranchProtectionRules,
  GarbageCollectionConfig,
  GarbageCollectionRules,
  Repository,
  RepositoryReadOnlySetting,
} from '../../wire';

const tags = ['settings'];
const settingsPath = '/repositories/{repository}/settings';

export const setReadOnly = contract({
  operationId: 'setReadOnly',
  method: 'put',
  path: `${settingsPath}/read_only`,
  tags,
  summary: 'Make the repository read-only, or writable again',
  access: onRepo('fs:UpdateRepository'),
  request: { params: repositoryParams, body: jsonBody(RepositoryReadOnlySetting) },
  responses: { 200: jsonContent(Repository, 'The repository with its new flag'), default: failure },
});

const checksum = { schema: { type: 'string' as const } };

export const getBranchProtection = contract({
  operationId: 'getBranchProtectionRules',
  method: 'get',
  path: `${settingsPath}/branch_protection`,
  tags,
  summary: 'The branch protection rules, with their checksum in ETag',
  access: onRepo('branches:GetBranchProtectionRules'),
  request: { params: repositoryParams },
  responses: {
    200: {
      ...jsonContent(BranchProtectionRules, 'The rules'),
      headers: { ETag: { ...checksum, description: 'Checksum of the stored rules for If-Match; "" when none were ever set' } },
    },
    default: failure,
  },
});

export const setBranchProtection = contract({
  operationId: 'setBranchProtectionRules',
  method: 'put',
  path: `${settingsPath}/branch_protection`,
  tags,
  summary: 'Replace the branch protection rules',
  access: onRepo('branches:SetBranchProtectionRules'),
  request: {
    params: repositoryParams,
    headers: z.object({
      'if-match': z
        .string()
        .optional()
        .openapi({ description: 'The checksum last read (ETag): "" saves only when no rules exist; absent saves unconditionally' }),
    }),
    body: jsonBody(BranchProtectionRules),
  },
  responses: { 204: { description: 'Saved' }, default: failure },
});

const olderProtectionPath = '/repositories/{repository}/branch_protection';

export const listProtectionRules = contract({
  operationId: 'internalGetBranchProtectionRules',
  method: 'get',
  path: olderProtectionPath,
  tags,
  summary: 'The branch protection rules (older path)',
  access: onRepo('branches:GetBranchProtectionRules'),
  request: { params: repositoryParams },
  responses: { 200: jsonContent(BranchProtectionRules, 'The rules'), default: failure },
});

export const createProtectionRule = contract({
  operationId: 'internalCreateBranchProtectionRule',
  method: 'post',
  path: olderProtectionPath,
  tags,
  summary: 'Add one branch protection rule (older path)',
  access: onRepo('branches:SetBranchProtectionRules'),
  request: { params: repositoryParams, body: jsonBody(BranchProtectionRule) },
  responses: { 204: { description: 'Added' }, default: failure },
});

export const deleteProtectionRule = contract({
  operationId: 'internalDeleteBranchProtectionRule',
  method: 'delete',
  path: olderProtectionPath,
  tags,
  summary: 'Remove one branch protection rule (older path)',
  access: onRepo('branches:SetBranchProtectionRules'),
  request: { params: repositoryParams, body: jsonBody(BranchProtectionRule) },
  responses: { 204: { description: 'Removed' }, default: failure },
});

export const protectionSetAllowed = contract({
  operationId: 'createBranchProtectionRulePreflight',
  method: 'get',
  path: `${olderProtectionPath}/set_allowed`,
  tags,
  summary: 'Whether the caller may change branch protection (204)',
  access: onRepo('branches:SetBranchProtectionRules'),
  request: { params: repositoryParams },
  responses: { 204: { description: 'Allowed' }, default: failure },
});

const gcRulesContracts = (path: string, older: string, ids: { get: string; delete: string }) => ({
  get: contract({
    operationId: ids.get,
    method: 'get',
    path,
    tags,
    summary: `The garbage-collection rules; 404 when none are set${older}`,
    access: onRepo('retention:GetGarbageCollectionRules'),
    request: { params: repositoryParams },
    responses: { 200: jsonContent(GarbageCollectionRules, 'The rules'), default: failure },
  }),
  delete: contract({
    operationId: ids.delete,
    method: 'delete',
    path,
    tags,
    summary: `Remove the garbage-collection rules${older}`,
    access: onRepo('retention:SetGarbageCollectionRules'),
    request: { params: repositoryParams },
    responses: { 204: { description: 'Removed' }, default: failure },
  }),
});

const gcRules = gcRulesContracts(`${settingsPath}/gc_rules`, '', { get: 'getGCRules', delete: 'deleteGCRules' });
const olderGcRules = gcRulesContracts('/repositories/{repository}/gc/rules', ' (older path)', {
  get: 'internalGetGarbageCollectionRules',
  delete: 'internalDeleteGarbageCollectionRules',
});

export const getGcRules = gcRules.get;
export const deleteGcRules = gcRules.delete;
export const getGcRulesOlder = olderGcRules.get;
export const deleteGcRulesOlder = olderGcRules.delete;

export const setGcRules = contract({
  operationId: 'setGCRules',
  method: 'put',
  path: `${settingsPath}/gc_rules`,
  tags,
  summary: 'Set the garbage-collection rules',
  access: onRepo('retention:SetGarbageCollectionRules'),
  request: { params: repositoryParams, body: jsonBody(GarbageCollectionRules) },
  responses: { 204: { description: 'Saved' }, default: failure },
});

export const setGcRulesOlder = contract({
  operationId: 'internalSetGarbageCollectionRules',
  method: 'post',
  path: '/repositories/{repository}/gc/rules',
  tags,
  summary: 'Set the garbage-collection rules (older path)',
  access: onRepo('retention:SetGarbageCollectionRules'),
  request: { params: repositoryParams, body: jsonBody(GarbageCollectionRules) },
  responses: { 204: { description: 'Saved' }, default: failure },
});

export const gcRulesSetAllowed = contract({
  operationId: 'setGarbageCollectionRulesPreflight',
  method: 'get',
  path: '/repositories/{repository}/gc/rules/set_allowed',
  tags,
  summary: 'Whether the caller may change the garbage-collection rules (204)',
  access: onRepo('retention:SetGarbageCollectionRules'),
  request: { params: repositoryParams },
  responses: { 204: { description: 'Allowed' }, default: failure },
});

export const getGarbageCollectionConfig = contract({
  operationId: 'getGarbageCollectionConfig',
  method: 'get',
  path: '/config/garbage-collection',
  tags: ['config'],
  summary: 'Garbage collection’s grace period',
  access: onAnything('fs:ReadConfig'),
  responses: { 200: jsonContent(GarbageCollectionConfig, 'The grace period in seconds'), default: failure },
});
