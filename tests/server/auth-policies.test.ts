// The policy evaluator and the model around it, without HTTP: wildcards in actions and ARNs, deny over allow, a
// user's effective policies through their groups, `${user}`, composite requirements, ACLs as statements, and the
// validation of what a policy may say.
import { describe, expect, it } from 'vitest';
import { Authorizer } from '../../server/auth/authorizer';
import { aclStatements, builtinPolicies } from '../../server/auth/builtins';
import { Directory, validateStatements } from '../../server/auth/directory';
import { arnMatch, describeShortfall, evaluate, wildcardMatch, type PolicyRules } from '../../server/auth/evaluator';
import { actionProblem, allActionNames, allOf, anyOf, arn, need, resourceProblem } from '../../server/auth/permissions';
import { memoryRecords } from './memory-records';

const policy = (id: string, ...statement: PolicyRules['statement']): PolicyRules => ({ id, statement });

describe('wildcards', () => {
  it('match * as any run (none too) and ? as one character', () => {
    expect(wildcardMatch('fs:Read*', 'fs:ReadObject')).toBe(true);
    expect(wildcardMatch('fs:Read*', 'fs:Read')).toBe(true);
    expect(wildcardMatch('fs:Read*', 'fs:WriteObject')).toBe(false);
    expect(wildcardMatch('*', '')).toBe(true);
    expect(wildcardMatch('fs:*Object', 'fs:DeleteObject')).toBe(true);
    expect(wildcardMatch('fs:*Object', 'fs:DeleteObjects')).toBe(false);
    expect(wildcardMatch('a?c', 'abc')).toBe(true);
    expect(wildcardMatch('a?c', 'ac')).toBe(false);
    expect(wildcardMatch('*a*b*', 'xxaxxbxx')).toBe(true);
    expect(wildcardMatch('*a*b', 'xxbxxa')).toBe(false);
  });

  it('match ARNs part by part, the resource part with wildcards', () => {
    expect(arnMatch('*', arn.object('r', 'a/b.csv'))).toBe(true);
    expect(arnMatch('arn:lakefs:fs:::repository/r/*', arn.object('r', 'a/b.csv'))).toBe(true);
    expect(arnMatch('arn:lakefs:fs:::repository/r/*', arn.repository('r'))).toBe(false);
    expect(arnMatch('arn:lakefs:fs:::repository/r*', arn.repository('r2'))).toBe(true);
    expect(arnMatch('arn:lakefs:fs:::repository/r/object/a/*', arn.object('r', 'b/c'))).toBe(false);
    expect(arnMatch('arn:lakefs:auth:::repository/r', arn.repository('r'))).toBe(false);
    expect(arnMatch('arn:lakefs:fs:::repository/r/object/a:b', arn.object('r', 'a:b'))).toBe(true);
    // A requirement on "anything" is met only by a policy on anything.
    expect(arnMatch('arn:lakefs:fs:::repository/*', '*')).toBe(false);
    expect(arnMatch('not an arn', arn.repository('r'))).toBe(false);
  });
});

describe('evaluation', () => {
  const readAll = policy('read', { effect: 'allow', action: ['fs:Read*', 'fs:List*'], resource: '*' });
  const denySecret = policy('no-secret', { effect: 'deny', action: ['fs:ReadObject'], resource: 'arn:lakefs:fs:::repository/r/object/secret/*' });

  it('allows what a statement covers, and nothing else', () => {
    expect(evaluate([readAll], 'u', need('fs:ReadObject', arn.object('r', 'a'))).verdict).toBe('allow');
    const write = evaluate([readAll], 'u', need('fs:WriteObject', arn.object('r', 'a')));
    expect(write.verdict).toBe('neutral');
    expect(describeShortfall(write.shortfall)).toBe('not allowed to fs:WriteObject on arn:lakefs:fs:::repository/r/object/a');
    expect(evaluate([], 'u', need('fs:ReadObject', arn.object('r', 'a'))).verdict).toBe('neutral');
  });

  it('lets a matching deny win over any allow, in either order', () => {
    const wanted = need('fs:ReadObject', arn.object('r', 'secret/k'));
    for (const policies of [[readAll, denySecret], [denySecret, readAll]]) {
      const result = evaluate(policies, 'u', wanted);
      expect(result.verdict).toBe('deny');
      expect(describeShortfall(result.shortfall)).toBe('denied permission to fs:ReadObject on arn:lakefs:fs:::repository/r/object/secret/k');
    }
    expect(evaluate([readAll, denySecret], 'u', need('fs:ReadObject', arn.object('r', 'public/k'))).verdict).toBe('allow');
  });

  it('reads a resource given as a JSON list of ARNs', () => {
    const two = policy('two', { effect: 'allow', action: ['fs:ReadRepository'], resource: JSON.stringify([arn.repository('a'), arn.repository('b')]) });
    expect(evaluate([two], 'u', need('fs:ReadRepository', arn.repository('b'))).verdict).toBe('allow');
    expect(evaluate([two], 'u', need('fs:ReadRepository', arn.repository('c'))).verdict).toBe('neutral');
  });

  it("puts the user being checked in place of ${user}", () => {
    const own = builtinPolicies.find((p) => p.id === 'AuthManageOwnCredentials')!;
    expect(evaluate([own], 'ann', need('auth:ListCredentials', arn.user('ann'))).verdict).toBe('allow');
    expect(evaluate([own], 'ann', need('auth:ListCredentials', arn.user('bob'))).verdict).toBe('neutral');
  });

  it('needs every part of allOf and one part of anyOf, a deny anywhere failing both', () => {
    const create = allOf(need('fs:CreateRepository', arn.repository('r')), need('fs:AttachStorageNamespace', arn.namespace('local://r')));
    const creator = policy('c', { effect: 'allow', action: ['fs:CreateRepository'], resource: '*' });
    const result = evaluate([creator], 'u', create);
    expect(result.verdict).toBe('neutral');
    expect(describeShortfall(result.shortfall)).toBe('not allowed to fs:AttachStorageNamespace on arn:lakefs:fs:::namespace/local://r');
    expect(evaluate([creator, policy('n', { effect: 'allow', action: ['fs:AttachStorageNamespace'], resource: '*' })], 'u', create).verdict).toBe('allow');
    const either = anyOf(need('fs:ReadObject', arn.object('r', 'secret/x')), need('fs:ReadRepository', arn.repository('r')));
    expect(evaluate([readAll], 'u', either).verdict).toBe('allow');
    expect(evaluate([readAll, denySecret], 'u', either).verdict).toBe('deny');
  });
});

describe('ACLs as statements', () => {
  const can = (acl: Parameters<typeof aclStatements>[0], action: string, resource: string) =>
    evaluate([policy('acl', ...aclStatements(acl))], 'ann', need(action, resource)).verdict === 'allow';

  it('Read reads, Write writes, Super does anything to repositories, Admin anything at all', () => {
    const object = arn.object('r', 'a.csv');
    expect(can({ permission: 'Read' }, 'fs:ReadObject', object)).toBe(true);
    expect(can({ permission: 'Read' }, 'fs:WriteObject', object)).toBe(false);
    expect(can({ permission: 'Write' }, 'fs:WriteObject', object)).toBe(true);
    expect(can({ permission: 'Write' }, 'fs:DeleteRepository', arn.repository('r'))).toBe(false);
    expect(can({ permission: 'Write' }, 'ci:ReadAction', arn.repository('r'))).toBe(true);
    expect(can({ permission: 'Super' }, 'fs:DeleteRepository', arn.repository('r'))).toBe(true);
    expect(can({ permission: 'Super' }, 'auth:ListUsers', '*')).toBe(false);
    expect(can({ permission: 'Admin' }, 'auth:ListUsers', '*')).toBe(true);
    for (const permission of ['Read', 'Write', 'Super'] as const) {
      expect(can({ permission }, 'auth:CreateCredentials', arn.user('ann'))).toBe(true);
      expect(can({ permission }, 'auth:CreateCredentials', arn.user('bob'))).toBe(false);
    }
  });

  it('limits repository actions to the listed repositories, leaving the list of repositories open', () => {
    const acl = { permission: 'Write' as const, repositories: ['sales'] };
    expect(can(acl, 'fs:WriteObject', arn.object('sales', 'x'))).toBe(true);
    expect(can(acl, 'fs:ReadRepository', arn.repository('sales'))).toBe(true);
    expect(can(acl, 'fs:ReadObject', arn.object('hr', 'x'))).toBe(false);
    expect(can(acl, 'fs:ReadRepository', arn.repository('sales-archive'))).toBe(false);
    expect(can(acl, 'fs:ListRepositories', '*')).toBe(true);
  });
});

describe('what a policy may say', () => {
  it('accepts known actions and wildcards over known services, and ARNs or *', () => {
    expect(actionProblem('fs:ReadObject')).toBeUndefined();
    expect(actionProblem('fs:Read*')).toBeUndefined();
    expect(actionProblem('*')).toBeUndefined();
    expect(actionProblem('fs:Teleport')).toMatch(/not a known action/);
    expect(actionProblem('db:Read*')).toMatch(/unknown service/);
    expect(actionProblem('ReadObject')).toMatch(/service:Name/);
    expect(actionProblem('fs:Read Object')).toMatch(/letters/);
    expect(resourceProblem('*')).toBeUndefined();
    expect(resourceProblem('arn:lakefs:fs:::repository/r/*')).toBeUndefined();
    expect(resourceProblem('repository/r')).toMatch(/must be an ARN/);
    expect(allActionNames).toContain('retention:PrepareGarbageCollectionUncommitted');
  });

  it('refuses a statement with an unknown action, a bad resource or no actions', () => {
    expect(() => validateStatements([{ effect: 'allow', action: ['fs:Nope'], resource: '*' }])).toThrow(/invalid policy: action "fs:Nope"/);
    expect(() => validateStatements([{ effect: 'allow', action: ['fs:ReadObject'], resource: 'bucket' }])).toThrow(/must be an ARN/);
    expect(() => validateStatements([{ effect: 'allow', action: [], resource: '*' }])).toThrow(/at least one action/);
    expect(() => validateStatements([])).toThrow(/at least one entry/);
  });
});

describe('effective policies', () => {
  it("are a user's own and their groups', each once, and a change is seen at once", async () => {
    const directory = new Directory(memoryRecords());
    const authorizer = new Authorizer(directory);
    await directory.createUser({ id: 'ann', creation_date: 1 });
    await directory.createGroup({ id: 'readers', creation_date: 1 });
    await directory.createPolicy('read', [{ effect: 'allow', action: ['fs:Read*'], resource: '*' }]);
    await directory.createPolicy('no-write', [{ effect: 'deny', action: ['fs:WriteObject'], resource: '*' }]);
    const read = need('fs:ReadObject', arn.object('r', 'a'));
    expect(await authorizer.decide('ann', read)).toEqual({ allowed: false, missing: 'not allowed to fs:ReadObject on arn:lakefs:fs:::repository/r/object/a' });

    await directory.attachPolicyToGroup('readers', 'read');
    await directory.addGroupMember('readers', 'ann');
    expect(await authorizer.decide('ann', read)).toEqual({ allowed: true });
    // The one-permission form the S3 gateway calls.
    expect(await authorizer.authorize('ann', 'fs:ReadObject', arn.object('r', 'a'))).toEqual({ allowed: true });
    await expect(authorizer.require('ann', need('fs:WriteObject', arn.object('r', 'a')))).rejects.toThrow(
      'insufficient permissions: not allowed to fs:WriteObject on arn:lakefs:fs:::repository/r/object/a',
    );
    await directory.attachPolicyToUser('ann', 'read');
    expect((await directory.userPolicies('ann', true)).map((p) => p.id)).toEqual(['read']);
    expect((await directory.userPolicies('ann', false)).map((p) => p.id)).toEqual(['read']);

    await directory.detachPolicyFromUser('ann', 'read');
    await directory.removeGroupMember('readers', 'ann');
    expect((await authorizer.decide('ann', read)).allowed).toBe(false);

    await directory.addGroupMember('readers', 'ann');
    await directory.attachPolicyToUser('ann', 'no-write');
    expect((await authorizer.decide('ann', need('fs:WriteObject', arn.object('r', 'a')))).allowed).toBe(false);
    expect(await authorizer.whoCan(read)).toEqual({ users: ['ann'], groups: ['readers'] });
    expect(await authorizer.whoCan(need('fs:WriteObject', arn.object('r', 'a')))).toEqual({ users: [], groups: [] });
  });
});
