// Contracts of first-run setup: the setup state with the login configuration, creating the first admin, and the
// communication preferences the setup screen asks for afterwards. All are public: nobody can log in before them.
import { createRoute } from '@hono/zod-openapi';
import { failure, jsonBody, jsonContent, publicRoute } from '../../contract';
import { CommPrefsInput, CredentialsWithSecret, Setup, SetupState } from '../../wire';

const tags = ['setup'];

export const getSetupState = createRoute({
  operationId: 'getSetupState',
  method: 'get',
  path: '/setup_lakefs',
  tags,
  summary: 'Setup state and login configuration',
  security: publicRoute,
  responses: { 200: jsonContent(SetupState, 'Whether the installation is set up, and how to log in'), default: failure },
});

export const setup = createRoute({
  operationId: 'setup',
  method: 'post',
  path: '/setup_lakefs',
  tags,
  summary: 'Create the first admin user and its credentials',
  security: publicRoute,
  request: { body: jsonBody(Setup) },
  responses: { 200: jsonContent(CredentialsWithSecret, "The admin's credentials, shown only this once"), default: failure },
});

export const setupCommPrefs = createRoute({
  operationId: 'setupCommPrefs',
  method: 'post',
  path: '/setup_comm_prefs',
  tags,
  summary: 'Save communication preferences',
  security: publicRoute,
  request: { body: jsonBody(CommPrefsInput) },
  // lakeFS answers with an empty 200.
  responses: { 200: { description: 'Saved' }, default: failure },
});
