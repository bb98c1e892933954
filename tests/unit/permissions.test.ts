import { describe, expect, it } from 'vitest';
import type { Policy } from '../../src/api/types';
import { arn } from '../../src/lib/permission-names';
import { evaluate, wildcardMatch } from '../../src/lib/permissions';
import { actionProblem, completeAction, KNOWN_ACTIONS, resourceProblem } from '../../src/lib/policy-actions';

const policy = (id: string, ...statement: Policy['statement']): Policy => ({ id, statement });

const readAll = policy('FSReadAll', { effect: 'allow', action: ['fs:List*', 'fs:Read*'], resource: '*' });
const ownCredentials = policy('AuthManageOwnCredentials', {
  effect: 'allow',
  action: ['auth:CreateCredentials', 'auth:DeleteCredentials', 'auth:ListCredentials', 'auth:ReadCredentials'],
  resource: 'arn:lakefs:auth:::user/${user}',
});
const noSecrets = policy('NoSecrets', { effect: 'deny', action: ['fs:ReadObject'], resource: 'arn:lakefs:fs:::repository/lake/object/secret/*' });

describe('policy evaluation', () => {
  it('matches lakeFS wildcards', () => {
    expect(wildcardMatch('fs:Read*', 'fs:ReadObject')).toBe(true);
    expect(wildcardMatch('fs:Read?bject', 'fs:ReadObject')).toBe(true);
    expect(wildcardMatch('fs:Read*', 'fs:WriteObject')).toBe(false);
    expect(wildcardMatch('arn:lakefs:fs:::repository/l.ke/*', 'arn:lakefs:fs:::repository/lake/x')).toBe(false);
  });

  it('allows by any statement, denies over every allow, and is neutral otherwise', () => {
    expect(evaluate([readAll], 'viv', 'fs:ReadObject', arn.object('lake', 'a.csv'))).toBe('allow');
    expect(evaluate([readAll], 'viv', 'fs:WriteObject', arn.object('lake', 'a.csv'))).toBe('neutral');
    expect(evaluate([readAll, noSecrets], 'viv', 'fs:ReadObject', arn.object('lake', 'secret/key'))).toBe('deny');
    expect(evaluate([noSecrets, readAll], 'viv', 'fs:ReadObject', arn.object('lake', 'public/a'))).toBe('allow');
  });

  it('puts the requesting user in ${user}, and reads a JSON list of resources', () => {
    expect(evaluate([ownCredentials], 'viv', 'auth:CreateCredentials', arn.user('viv'))).toBe('allow');
    expect(evaluate([ownCredentials], 'viv', 'auth:CreateCredentials', arn.user('admin'))).toBe('neutral');
    const two = policy('Two', { effect: 'allow', action: ['fs:*'], resource: JSON.stringify([arn.repository('a'), arn.repository('b')]) });
    expect(evaluate([two], 'viv', 'fs:ReadRepository', arn.repository('b'))).toBe('allow');
    expect(evaluate([two], 'viv', 'fs:ReadRepository', arn.repository('c'))).toBe('neutral');
  });
});

describe('policy editor checks', () => {
  it('knows lakeFS\'s action names', () => {
    expect(KNOWN_ACTIONS).toContain('fs:ReadObject');
    expect(KNOWN_ACTIONS).toContain('auth:AttachPolicy');
    expect(actionProblem('fs:*')).toBeUndefined();
    expect(actionProblem('*')).toBeUndefined();
    expect(actionProblem('fs:Read*')).toBeUndefined();
    expect(actionProblem('ReadObject')).toContain('service:Action');
    expect(actionProblem('files:ReadObject')).toContain("unknown service 'files'");
    expect(actionProblem('fs:Fly*')).toContain('matches no fs action');
  });

  it('checks resource ARNs', () => {
    expect(resourceProblem('*')).toBeUndefined();
    expect(resourceProblem('arn:lakefs:fs:::repository/lake/object/*')).toBeUndefined();
    expect(resourceProblem('["arn:lakefs:fs:::repository/a","arn:lakefs:auth:::user/${user}"]')).toBeUndefined();
    expect(resourceProblem('arn:aws:s3:::bucket')).toContain('is not an ARN');
    expect(resourceProblem('arn:lakefs:files:::x')).toContain("unknown service 'files'");
    expect(resourceProblem('["arn:lakefs:fs:::repository/a", 3]')).toContain('JSON list');
  });

  it('completes action names by what is typed', () => {
    expect(completeAction('fs:CreateB')).toEqual(['fs:CreateBranch']);
    expect(completeAction('AUTH:list', 3)).toEqual(['auth:ListUsers', 'auth:ListGroups', 'auth:ListPolicies']);
    expect(completeAction('')).toEqual([]);
  });
});
