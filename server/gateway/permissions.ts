// What each S3 operation asks permission for, named as lakeFS's policies name actions and resources, so that the
// policies of the API decide for the gateway too (`byPolicies`, as the server wires it).
import type { Authorizer } from '../auth/authorizer';
import type { Principal } from '../auth/service';
import { InsufficientPermissionsError } from '../errors';

export type GatewayAction =
  | 'fs:ListRepositories'
  | 'fs:ReadRepository'
  | 'fs:ListBranches'
  | 'fs:ListObjects'
  | 'fs:ReadObject'
  | 'fs:WriteObject'
  | 'fs:DeleteObject';

export interface Permission {
  action: GatewayAction;
  /** A lakeFS resource name (ARN). */
  resource: string;
}

/**
 * Resolves when the principal may do all of it; when not, throws a failure that the gateway answers with S3's
 * AccessDenied (403), be it the API's insufficient-permissions error (401 on the API) or a ForbiddenError.
 */
export type Authorize = (principal: Principal, needed: Permission[]) => Promise<void>;

/** Lets every authenticated user act: for tests of the gateway alone. */
export const anyAuthenticatedUser: Authorize = async () => {};

/** The user's effective policies decide, by the evaluator that guards the API; every permission must be allowed. */
export function byPolicies(authorizer: Pick<Authorizer, 'authorize'>): Authorize {
  return async (principal, needed) => {
    for (const { action, resource } of needed) {
      const decision = await authorizer.authorize(principal.userId, action, resource);
      if (!decision.allowed) throw new InsufficientPermissionsError(decision.missing);
    }
  };
}

export const allRepositories = '*';
export const repositoryArn = (repo: string) => `arn:lakefs:fs:::repository/${repo}`;
export const objectArn = (repo: string, path: string) => `arn:lakefs:fs:::repository/${repo}/object/${path}`;
