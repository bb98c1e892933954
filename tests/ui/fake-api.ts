// The fake lakeFS every UI test talks to (msw): an initialised installation signed in as Ada, to which a test file
// adds the endpoints its screens call and a test overrides with `server.use(...)`. Every body is typed with the
// server's wire schemas, so a fake cannot drift from what the server sends.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { localStorageConfig } from '../../server/catalog/storage-config';
import type {
  AuthCapabilities,
  Config,
  CurrentUser,
  ErrorBody,
  LoginConfig,
  Page,
  Policy,
  PolicyList,
  Repository,
  SetupState,
  StorageConfig,
  User,
} from '../../server/http/wire';

/** The user most screens are looked at as. */
export const ada: User = { id: 'ada', creation_date: 1 };

/** The block store of an installation keeping its data in a local folder, as the server reports it. */
export const localBlockstore: StorageConfig = localStorageConfig(true);

export const loginConfig: LoginConfig = { login_url: '', login_cookie_names: [], logout_url: '' };

/** A page of a listing as the server sends it: `next` is the cursor of the following page, '' on the last. */
export const page = <T>(results: T[], next = ''): Page<T> => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 1000 },
});

/** An error answer with lakeFS's error body. */
export const failure = (status: number, message: string) => HttpResponse.json<ErrorBody>({ message }, { status });
export const notFound = (message = 'not found') => failure(404, message);

/** A repository as the server describes it, with `main` as its default branch unless told otherwise. */
export const repository = (id: string, overrides: Partial<Repository> = {}): Repository => ({
  id,
  creation_date: 1_700_000_000,
  default_branch: 'main',
  storage_namespace: `local://${id}`,
  read_only: false,
  ...overrides,
});

/**
 * GET /api/v1/user: a session signed in as `user`, or none (401) when `user` is null; a function is asked on every
 * request, for a test that signs in or out.
 */
export function signedInAs(who: User | null | (() => User | null) = ada) {
  return http.get<never, never, CurrentUser | ErrorBody>('*/api/v1/user', () => {
    const user = typeof who === 'function' ? who() : who;
    return user ? HttpResponse.json<CurrentUser>({ user }) : failure(401, 'error authenticating request');
  });
}

/** GET /api/v1/config: the installation's version and block store. */
export function configured(config: Config = { version_config: { version: '1.0.0' }, storage_config: localBlockstore }) {
  return http.get('*/api/v1/config', () => HttpResponse.json<Config>(config));
}

/** GET /api/v1/setup_lakefs: the installation's setup state. */
export function setUp(state: SetupState = { state: 'initialized', comm_prefs_missing: false, login_config: loginConfig }) {
  return http.get('*/api/v1/setup_lakefs', () => HttpResponse.json<SetupState>(state));
}

/** GET /api/v1/auth/capabilities: what the sign-in screen may offer. */
export function capabilities(answer: AuthCapabilities = { invite_user: false, forgot_password: false }) {
  return http.get('*/api/v1/auth/capabilities', () => HttpResponse.json<AuthCapabilities>(answer));
}

/** A user allowed everything, as the server's admin is. */
export const fullAccessPolicy: Policy = {
  id: 'FullAccess',
  creation_date: 1,
  statement: [{ effect: 'allow', action: ['*'], resource: '*' }],
};

/** A user whose policies read everything and write nothing: every control that starts a server write is disabled. */
export const readOnlyPolicy: Policy = {
  id: 'ReadAll',
  creation_date: 1,
  statement: [{ effect: 'allow', action: ['fs:Read*', 'fs:List*', 'branches:Get*', 'retention:Get*', 'ci:Read*'], resource: '*' }],
};

/** The session's read of the signed-in user's effective policies, answering `policies`. */
export function effectivePolicies(policies: Policy[] = [fullAccessPolicy]) {
  return http.get('*/api/v1/auth/users/:id/policies', () => HttpResponse.json<PolicyList>(page(policies)));
}

/** What a control disabled for want of `action` says. */
export const missing = (action: string) => `Not allowed: you need the ${action} permission`;

/** Every other API call: not found, as the server answers a path it does not serve. */
export const elseNotFound = http.all('*/api/v1/*', ({ request }) => notFound(`unexpected ${request.method} ${request.url}`));

/**
 * The test file's fake server: `handlers` first, then the installation's defaults (signed in as Ada with full access,
 * initialised, version 1.0.0 on a local block store), then `elseNotFound` when given. It listens for the whole file, failing any request nothing answers, and
 * drops each test's `server.use(...)` overrides after it.
 */
export function fakeApi(...handlers: RequestHandler[]): SetupServer {
  // `elseNotFound` goes last, so that the installation's defaults still answer what the file does not.
  const own = handlers.filter((handler) => handler !== elseNotFound);
  const otherwise = handlers.includes(elseNotFound) ? [elseNotFound] : [];
  const server = setupServer(...own, signedInAs(), effectivePolicies(), configured(), setUp(), capabilities(), ...otherwise);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/**
 * Resolves with the next request `matches` accepts once the fake has answered it, so a test can wait for the
 * request that would have shown something before it checks that it is not shown.
 */
export function answered(server: SetupServer, matches: (request: Request) => boolean): Promise<Request> {
  return new Promise((resolve) => {
    const listener = ({ request }: { request: Request }) => {
      if (!matches(request)) return;
      server.events.removeListener('request:end', listener);
      resolve(request);
    };
    server.events.on('request:end', listener);
  });
}
