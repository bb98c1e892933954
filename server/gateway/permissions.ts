// What each S3 operation asks permission for, named as lakeFS's policies name actions and resources, so that the
// policies of the API can decide for the gateway too. Until policies arrive, every authenticated user may act
// (as through the API's guard): `anyAuthenticatedUser`.
import type { Principal } from '../auth/service';

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

/** Resolves when the principal may do all of it; throws ForbiddenError (S3's AccessDenied) when not. */
export type Authorize = (principal: Principal, needed: Permission[]) => Promise<void>;

export const anyAuthenticatedUser: Authorize = async () => {};

export const allRepositories = '*';
export const repositoryArn = (repo: string) => `arn:lakefs:fs:::repository/${repo}`;
export const objectArn = (repo: string, path: string) => `arn:lakefs:fs:::repository/${repo}/object/${path}`;
