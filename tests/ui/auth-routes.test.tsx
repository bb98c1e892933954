import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderApp } from './render';
import type { SetupState } from '../../src/api/types';

const loginConfig = { login_url: '/auth/login', login_cookie_names: ['internal_auth_session'], logout_url: '/logout' };
let setupState: SetupState = { state: 'initialized', comm_prefs_missing: false, login_config: loginConfig };
let loggedIn = false;
const emptyPage = { results: [], pagination: { has_more: false, next_offset: '', results: 0, max_per_page: 1000 } };

const server = setupServer(
  http.get('*/api/v1/setup_lakefs', () => HttpResponse.json(setupState)),
  http.post('*/api/v1/auth/login', () => {
    loggedIn = true;
    return HttpResponse.json({ token: 't' });
  }),
  http.get('*/api/v1/user', () =>
    loggedIn
      ? HttpResponse.json({ user: { id: 'admin', creation_date: 1 } })
      : HttpResponse.json({ message: 'error authenticating request' }, { status: 401 }),
  ),
  http.get('*/api/v1/config', () => HttpResponse.json({ version_config: { version: '1.0.0' } })),
  http.get('*/api/v1/auth/capabilities', () => HttpResponse.json({ invite_user: false, forgot_password: false })),
  http.get('*/api/v1/repositories', () => HttpResponse.json(emptyPage)),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  setupState = { state: 'initialized', comm_prefs_missing: false, login_config: loginConfig };
  loggedIn = false;
});
afterAll(() => server.close());

describe('auth and setup routes', () => {
  it('sends a signed-out visitor to login, then back to the page after logging in', async () => {
    const { router } = renderApp('/repositories?prefix=a');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), { timeout: 5000 });
    expect(router.state.location.search).toMatchObject({ redirected: true, next: '/repositories?prefix=a' });

    fireEvent.change(await screen.findByLabelText('Access Key ID'), { target: { value: 'AKIA' } });
    fireEvent.change(screen.getByLabelText('Secret Access Key'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.href).toBe('/repositories?prefix=a'), { timeout: 5000 });
  });

  it('goes from login to /setup when setup is not done', async () => {
    setupState = { state: 'not_initialized', comm_prefs_missing: true, login_config: loginConfig };
    const { router } = renderApp('/auth/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup'), { timeout: 5000 });
    expect(await screen.findByText('User Configuration')).toBeVisible();
  });

  it('shows the setup page under /setup/*', async () => {
    setupState = { state: 'not_initialized', comm_prefs_missing: false, login_config: loginConfig };
    renderApp('/setup/anything/else');
    expect(await screen.findByText('User Configuration')).toBeVisible();
  });
});
