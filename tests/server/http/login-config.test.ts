// The login configuration is the installation's: reported by GET /setup_lakefs (and the RBAC mode by GET /config)
// as configured, never taken from the request, and logging out goes to the configured login address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, SetupState } from '../../../server/http/wire';
import { setupAdmin, client, startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(undefined, {
    login: {
      rbac: 'internal',
      loginUrl: 'https://sso.example.com/login',
      loginFailedMessage: 'Use your <b>company</b> account.',
      fallbackLoginUrl: '/auth/login',
      fallbackLoginLabel: 'Log in with an access key',
      loginCookieNames: ['sso_session', 'internal_auth_session'],
      logoutUrl: 'https://sso.example.com/logout',
    },
  });
});
afterAll(async () => {
  await server.close();
});

describe('login configuration', () => {
  it('is reported as configured, whatever the request says', async () => {
    const res = await fetch(`${server.api}/setup_lakefs?login_url=https://evil.example`, { headers: { host: 'evil.example', referer: 'https://evil.example' } });
    const state = (await res.json()) as SetupState;
    expect(state.login_config).toEqual({
      RBAC: 'internal',
      username_ui_placeholder: 'Access Key ID',
      password_ui_placeholder: 'Secret Access Key',
      login_url: 'https://sso.example.com/login',
      login_url_method: 'none',
      login_failed_message: 'Use your <b>company</b> account.',
      fallback_login_url: '/auth/login',
      fallback_login_label: 'Log in with an access key',
      login_cookie_names: ['sso_session', 'internal_auth_session'],
      logout_url: 'https://sso.example.com/logout',
    });
    const admin = client(server, (await setupAdmin(server)).authorization);
    expect((await admin.get<Config>('/config')).body.ui_config).toEqual({ custom_viewers: [], RBAC: 'internal' });
  });

  it('sends a logged-out browser to the configured login address', async () => {
    const res = await fetch(`${server.url}/logout`, { redirect: 'manual' });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('https://sso.example.com/login');
  });
});
