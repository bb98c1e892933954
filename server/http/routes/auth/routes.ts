// Contracts of logging in, the calling user, and what the auth service can do.
import { anyone, signedIn } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { AuthCapabilities, AuthenticationToken, CurrentUser, LoginInformation } from '../../wire';

const tags = ['auth'];

export const getCapabilities = contract({
  operationId: 'getAuthCapabilities',
  method: 'get',
  path: '/auth/capabilities',
  tags,
  summary: 'What the auth service supports',
  access: anyone,
  responses: { 200: jsonContent(AuthCapabilities, 'Inviting users and resetting passwords: neither here'), default: failure },
});

export const login = contract({
  operationId: 'login',
  method: 'post',
  path: '/auth/login',
  tags,
  summary: 'Log in with an access key; sets the session cookie',
  access: anyone,
  request: { body: jsonBody(LoginInformation) },
  responses: { 200: jsonContent(AuthenticationToken, 'The session token, also set as the session cookie'), default: failure },
});

export const getCurrentUser = contract({
  operationId: 'getCurrentUser',
  method: 'get',
  path: '/user',
  tags,
  summary: 'The calling user, with the access key in use',
  access: signedIn,
  responses: { 200: jsonContent(CurrentUser, 'The calling user'), default: failure },
});
