// DOMPurify needs the DOM fixes of this helper under happy-dom; it must load before the sanitiser does.
import './viewer-dom-env';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderUi } from './render';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { LoginPage } from '../../src/ui/auth/LoginPage';
import { liveLoginMachine } from '../../src/machines/login';
import type { Navigation } from '../../src/lib/screen';
import type { SessionActorRef } from '../../src/machines/session';
import type { LoginConfig, SetupState } from '../../server/http/wire';
import { fakeApi, signedInAs } from './fake-api';

const loginConfig: LoginConfig = {
  login_url: '/auth/login',
  login_cookie_names: ['internal_auth_session'],
  logout_url: '/logout',
};
let setupState: SetupState = { state: 'initialized', comm_prefs_missing: false, login_config: loginConfig };
let loginAnswer: () => Response = () => HttpResponse.json({ token: 't' });
const loginBodies: unknown[] = [];

fakeApi(
  http.get('*/api/v1/setup_lakefs', () => HttpResponse.json<SetupState>(setupState)),
  http.post('*/api/v1/auth/login', async ({ request }) => {
    loginBodies.push(await request.json());
    return loginAnswer();
  }),
  signedInAs({ id: 'admin', creation_date: 1 }),
);

afterEach(() => {
  setupState = { state: 'initialized', comm_prefs_missing: false, login_config: loginConfig };
  loginAnswer = () => HttpResponse.json({ token: 't' });
  loginBodies.length = 0;
});

/** The login page over the live flow, as the route wires it: `onRedirect` stands for the router, the session hears nothing. */
function renderLogin({ next, onRedirect = () => undefined }: { next?: string; onRedirect?: (navigation: Navigation) => void } = {}) {
  const machine = liveLoginMachine.provide({ actions: { navigate: (_, navigation: Navigation) => onRedirect(navigation) } });
  const session = createActor(fromCallback<EventObject>(() => undefined)).start() as unknown as SessionActorRef;
  const login = createActor(machine, { input: { session, next: next ?? null, redirected: false } }).start();
  return renderUi(<LoginPage login={login} />);
}

async function fillAndSubmit() {
  fireEvent.change(await screen.findByLabelText('Access Key ID'), { target: { value: 'AKIAEXAMPLE' } });
  fireEvent.change(screen.getByLabelText('Secret Access Key'), { target: { value: 'sekret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('shows the product above the login card', async () => {
    renderLogin();
    const heading = await screen.findByRole('heading', { name: 'Login' });
    const logo = screen.getByText('Tarn');
    // The logo comes first in the page, before the card's heading.
    expect(logo.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('logs in with the typed keys and goes to next', async () => {
    const onRedirect = vi.fn();
    renderLogin({ next: '/repositories/r/objects', onRedirect });
    await fillAndSubmit();
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith({ href: '/repositories/r/objects', replace: true }), { timeout: 5000 });
    expect(loginBodies).toEqual([{ access_key_id: 'AKIAEXAMPLE', secret_access_key: 'sekret' }]);
  });

  it("shows the server's failure message as sanitised markup on 401", async () => {
    setupState = {
      ...setupState,
      login_config: { ...loginConfig, login_failed_message: 'Wrong <b>keys</b><img src="x" onerror="alert(1)">' },
    };
    loginAnswer = () => HttpResponse.json({ message: 'error authenticating request' }, { status: 401 });
    const onRedirect = vi.fn();
    renderLogin({ onRedirect });
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Wrong keys'), { timeout: 5000 });
    expect(alert.querySelector('b')?.textContent).toBe('keys');
    expect(alert.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it("says 'Credentials don't match.' when no message is configured, and 'Unknown authentication error' otherwise", async () => {
    loginAnswer = () => HttpResponse.json({ message: 'error authenticating request' }, { status: 401 });
    renderLogin();
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain("Credentials don't match.");

    loginAnswer = () => HttpResponse.json({ message: 'internal server error' }, { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Unknown authentication error'), { timeout: 5000 });
  });

  it('sends the user to /setup when setup is not finished', async () => {
    setupState = { state: 'not_initialized', comm_prefs_missing: true, login_config: loginConfig };
    const onRedirect = vi.fn();
    renderLogin({ onRedirect });
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith({ href: '/setup', replace: true }), { timeout: 5000 });
  });

  it('offers the fallback login, which clears the configured cookies and leaves for the fallback address', async () => {
    setupState = {
      ...setupState,
      login_config: { ...loginConfig, fallback_login_url: 'https://idp.example.com/start', login_cookie_names: ['sso_session'] },
    };
    document.cookie = 'sso_session=abc; path=/';
    const onRedirect = vi.fn();
    renderLogin({ onRedirect });
    fireEvent.click(await screen.findByText('Try another way to login'));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith({ href: 'https://idp.example.com/start', reloadDocument: true }), { timeout: 5000 });
    expect(document.cookie).not.toContain('sso_session=abc');
  });

  it('shows no fallback link when none is configured', async () => {
    renderLogin();
    await screen.findByLabelText('Access Key ID');
    expect(screen.queryByText('Try another way to login')).toBeNull();
  });
});
