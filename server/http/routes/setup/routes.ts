// Contracts of first-run setup: the setup state with the login configuration, creating the first admin, and the
// communication preferences the setup screen asks for afterwards. All are public: nobody can log in before them.
import { anyone } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { CommPrefsInput, CredentialsWithSecret, Setup, SetupState } from '../../wire';

const tags = ['setup'];

export const getSetupState = contract({
  operationId: 'getSetupState',
  method: 'get',
  path: '/setup_lakefs',
  tags,
  summary: 'Setup state and login configuration',
  access: anyone,
  responses: { 200: jsonContent(SetupState, 'Whether the installation is set up, and how to log in'), default: failure },
});

export const setup = contract({
  operationId: 'setup',
  method: 'post',
  path: '/setup_lakefs',
  tags,
  summary: 'Create the first admin user and its credentials',
  access: anyone,
  request: { body: jsonBody(Setup) },
  responses: { 200: jsonContent(CredentialsWithSecret, "The admin's credentials, shown only this once"), default: failure },
});

export const setupCommPrefs = contract({
  operationId: 'setupCommPrefs',
  method: 'post',
  path: '/setup_comm_prefs',
  tags,
  summary: 'Save communication preferences',
  access: anyone,
  request: { body: jsonBody(CommPrefsInput) },
  // lakeFS answers with an empty 200.
  responses: { 200: { description: 'Saved' }, default: failure },
});
