import { fromPromise } from 'xstate';
import { getSetupState } from '../../api/setup';
import type { LoginConfig } from '../../api/types';

export const logoutActors = {
  loadLoginConfig: fromPromise<LoginConfig | null>(async ({ signal }) => (await getSetupState(signal)).login_config ?? null),
};
