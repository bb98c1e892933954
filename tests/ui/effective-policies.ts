// A signed-in user whose effective policies read everything and write nothing: every control that starts a server
// write should be disabled, saying which permission is missing.
import { http, HttpResponse } from 'msw';
import type { Policy } from '../../src/api/types';

export const readOnlyPolicy: Policy = {
  id: 'ReadAll',
  creation_date: 1,
  statement: [{ effect: 'allow', action: ['fs:Read*', 'fs:List*', 'branches:Get*', 'retention:Get*', 'ci:Read*'], resource: '*' }],
};

/** The session's read of the user's effective policies, answering `policies`. */
export const effectivePolicies = (policies: Policy[]) =>
  http.get('*/api/v1/auth/users/:id/policies', () =>
    HttpResponse.json({ results: policies, pagination: { has_more: false, next_offset: '', results: policies.length, max_per_page: 1000 } }),
  );

export const missing = (action: string) => `Not allowed: you need the ${action} permission`;
