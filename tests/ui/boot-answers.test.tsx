// A page the server filled with the answers to its first reads (server/http/console-boot.ts) opens without asking
// them again; once that first load is over they are stale, so signing in asks the server, not the signed-out page.
import { afterAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BootAnswers } from '../../server/http/console-boot';
import { setBootAnswers } from '../../src/api/boot-answers';
import type { AuthCapabilities, AuthenticationToken, ErrorBody, RepositoryList, SetupState } from '../../server/http/wire';
import { ada, fakeApi, loginConfig, page, signedInAs } from './fake-api';
import { renderApp } from './render';

let signedIn = false;
const server = fakeApi(
  http.post('*/api/v1/auth/login', () => {
    signedIn = true;
    return HttpResponse.json<AuthenticationToken>({ token: 't' });
  }),
  signedInAs(() => (signedIn ? ada : null)),
  http.get('*/api/v1/repositories', () => HttpResponse.json<RepositoryList>(page([]))),
);
const asked: string[] = [];
server.events.on('request:start', ({ request }) => void asked.push(new URL(request.url).pathname));

const signedOut: ErrorBody = { message: 'error authenticating request' };
/** What the server puts in a page it serves to someone not signed in. */
const signedOutPage: BootAnswers = {
  '/api/v1/user': { status: 401, body: signedOut },
  '/api/v1/config': { status: 401, body: signedOut },
  '/api/v1/setup_lakefs': { status: 200, body: { state: 'initialized', comm_prefs_missing: false, login_config: loginConfig } satisfies SetupState },
  '/api/v1/auth/capabilities': { status: 200, body: { invite_user: false, forgot_password: false } satisfies AuthCapabilities },
};

describe('a page with the answers to its first reads', () => {
  afterAll(() => setBootAnswers(''));

  it('goes to login without asking who is signed in, and asks the server once the user signs in', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'tarn-boot';
    block.textContent = JSON.stringify(signedOutPage);
    document.head.append(block);
    // The page's answers are read once, at the first call of a page (the other files of this project share the module).
    setBootAnswers();

    const { router } = renderApp('/repositories?prefix=a');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), { timeout: 5000 });
    fireEvent.change(await screen.findByLabelText('Access Key ID'), { target: { value: 'AKIA' } });
    // The session's reads were the page's. (The login screen reads the setup state for itself once it shows.)
    expect(asked.filter((path) => path !== '/api/v1/setup_lakefs')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Secret Access Key'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.href).toBe('/repositories?prefix=a'), { timeout: 5000 });
    // The page's configuration was refused to nobody; the signed-in user's is asked for.
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/config', '/api/v1/repositories'])), {
      timeout: 5000,
    });
  });
});
