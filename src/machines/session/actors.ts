import { fromPromise } from 'xstate';
import { getCapabilities, getCurrentUser } from '../../api/auth';
import { getConfig } from '../../api/config';
import { getSetupState } from '../../api/setup';
import type { User } from '../../api/types';
import type { PermissionCheck, ServerSettings } from './machine';

const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

export const sessionActors = {
  loadPermissions: fromPromise<PermissionCheck, { userId: string }>(async ({ input, signal }) =>
    (await import('./permissions')).loadPermissionCheck(input.userId, signal),
  ),
  loadUser: fromPromise<User>(({ signal }) => getCurrentUser(signal)),
  loadSettings: fromPromise<ServerSettings>(async ({ signal }) => {
    const [config, setupState, capabilities] = await Promise.all([
      orNull(getConfig(signal)),
      orNull(getSetupState(signal)),
      orNull(getCapabilities(signal)),
    ]);
    return { config, loginConfig: setupState?.login_config ?? null, capabilities };
  }),
};
