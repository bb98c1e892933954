// Contracts of lakeFS's calls that need an external authenticator: login as an external principal, STS login, the
// OIDC callback, and the principals attached to users. lakeFS's open-source server without one answers them 501
// (after authentication, before any permission check, for the principal calls); Tarn has none, and does the same:
// the logins are public, the principal calls open to any signed-in user.
import { z } from '@hono/zod-openapi';
import { anyone, signedIn } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { pagingQuery } from '../../query';
import { ErrorBody, ExternalLoginInformation, ExternalPrincipalCreation, StsAuthRequest } from '../../wire';

const tags = ['external'];
const responses = { 501: jsonContent(ErrorBody, 'Not implemented: Tarn has no external authenticator'), default: failure };
const userParams = z.object({ userId: z.string().min(1, { message: 'userId is required' }) });
const principalQuery = z.object({ principalId: z.string().openapi({ description: 'The external principal, such as an AWS role ARN' }) });

export const externalPrincipalLogin = contract({
  operationId: 'externalPrincipalLogin',
  method: 'post',
  path: '/auth/external/principal/login',
  tags,
  summary: 'Log in as an external principal (needs an external authenticator)',
  access: anyone,
  request: { body: jsonBody(ExternalLoginInformation, { required: false }) },
  responses,
});

export const stsLogin = contract({
  operationId: 'stsLogin',
  method: 'post',
  path: '/sts/login',
  tags,
  summary: 'Log in with an STS code (needs an external authenticator)',
  access: anyone,
  request: { body: jsonBody(StsAuthRequest) },
  responses,
});

export const oauthCallback = contract({
  operationId: 'oauthCallback',
  method: 'get',
  path: '/oidc/callback',
  tags,
  summary: 'Where an OIDC provider sends its code (needs an external authenticator)',
  access: anyone,
  responses,
});

export const createUserExternalPrincipal = contract({
  operationId: 'createUserExternalPrincipal',
  method: 'post',
  path: '/auth/users/{userId}/external/principals',
  tags,
  summary: 'Attach an external principal to a user (needs an external authenticator)',
  access: signedIn,
  request: { params: userParams, query: principalQuery, body: jsonBody(ExternalPrincipalCreation, { required: false }) },
  responses,
});

export const deleteUserExternalPrincipal = contract({
  operationId: 'deleteUserExternalPrincipal',
  method: 'delete',
  path: '/auth/users/{userId}/external/principals',
  tags,
  summary: 'Detach an external principal from a user (needs an external authenticator)',
  access: signedIn,
  request: { params: userParams, query: principalQuery },
  responses,
});

export const listUserExternalPrincipals = contract({
  operationId: 'listUserExternalPrincipals',
  method: 'get',
  path: '/auth/users/{userId}/external/principals/ls',
  tags,
  summary: 'The external principals of a user (needs an external authenticator)',
  access: signedIn,
  request: { params: userParams, query: z.object(pagingQuery) },
  responses,
});

export const getExternalPrincipal = contract({
  operationId: 'getExternalPrincipal',
  method: 'get',
  path: '/auth/external/principals',
  tags,
  summary: 'An external principal (needs an external authenticator)',
  access: signedIn,
  request: { query: principalQuery },
  responses,
});
