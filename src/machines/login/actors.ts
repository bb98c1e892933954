// The login machine's actors over the real API.
import { fromPromise } from 'xstate';
import { login } from '../../api/auth';
import { getSetupState } from '../../api/setup';
import type { SetupState, User } from '../../api/types';
import type { LoginCredentials } from './machine';

export const loginActors = {
  loadSetupState: fromPromise<SetupState>(({ signal }) => getSetupState(signal)),
  login: fromPromise<User, LoginCredentials>(({ input }) => login(input.accessKeyId, input.secretAccessKey)),
};
