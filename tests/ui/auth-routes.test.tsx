import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import type { AuthenticationToken, RepositoryList, SetupState } from '../../server/http/wire';
import { fakeApi, page, signedInAs } from './fake-api';

const loginConfig = { login_url: '/auth/login', login_cookie_names: ['internal_auth_session'], logout_url: '/logout' };
let setupState: SetupState = { state: 'initialized', comm_prefs_missing: false, login_config: loginConfig };
let loggedIn = false;

fakeApi(
  http.get('*/api/v1/setup_lakefs', () => HttpResponse.json<SetupState>(setupState)),
  http.post('*/api/v1/auth/login', () => {
    loggedIn = true;
    return HttpResponse.json<AuthenticationToken>({ token: 't' });
  }),
  signedInAs(() => (loggedIn ? { id: 'admin', creation_date: 1 } : null)),
  http.get('*/api/v1/repositories', () => HttpResponse.json<RepositoryList>(page([]))),
);

afterEach(() => {
  setupState = { state: 'initialized', comm_prefs_missing: false, login_config: loginConfig };
  loggedIn = false;
});

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
