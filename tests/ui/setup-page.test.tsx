import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createActor } from 'xstate';
import type { CommPrefsInput, CredentialsWithSecret, ErrorBody, Setup, SetupState } from '../../server/http/wire';
import { liveSetupMachine } from '../../src/machines/setup';
import type { Navigation } from '../../src/lib/screen';
import { SetupPage } from '../../src/ui/setup/SetupPage';
import { renderUi } from './render';
import { fakeApi } from './fake-api';

/** The setup page over the live flow, as the route wires it: `onRedirect` stands for the router. */
function renderSetup(onRedirect: (navigation: Navigation) => void = () => undefined) {
  const setup = createActor(liveSetupMachine.provide({ actions: { navigate: (_, redirect) => onRedirect(redirect) } })).start();
  return renderUi(<SetupPage setup={setup} />);
}

const FIND = { timeout: 5_000 };
const keys: CredentialsWithSecret = { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'sekret/key', creation_date: 1 };

/**
 * A fake installation. By default it behaves as the server does: it refuses what `refuse` names before creating
 * anything, and a created admin with an e-mail has its preferences. `ignoresPrefs` makes it an older server that
 * takes only the name in the setup call.
 */
let installation: {
  state: SetupState;
  refuse: (setup: Setup) => string | undefined;
  ignoresPrefs: boolean;
  prefsAnswer: () => Response | undefined;
};
const requests: { path: string; body: unknown }[] = [];

function freshInstallation(): typeof installation {
  return { state: { state: 'not_initialized', comm_prefs_missing: true }, refuse: () => undefined, ignoresPrefs: false, prefsAnswer: () => undefined };
}

const refusal = (message: string) => HttpResponse.json<ErrorBody>({ message }, { status: 400 });

const server = fakeApi(
  http.get('*/api/v1/setup_lakefs', () => HttpResponse.json<SetupState>(installation.state)),
  http.post<never, Setup, CredentialsWithSecret | ErrorBody>('*/api/v1/setup_lakefs', async ({ request }) => {
    const body = await request.json();
    requests.push({ path: 'setup_lakefs', body });
    if (installation.state.state === 'initialized') return HttpResponse.json<ErrorBody>({ message: 'lakeFS already initialized' }, { status: 409 });
    const refused = installation.refuse(body);
    if (refused) return refusal(refused);
    installation.state = { state: 'initialized', comm_prefs_missing: installation.ignoresPrefs || !body.email };
    return HttpResponse.json<CredentialsWithSecret>(keys);
  }),
  http.post<never, CommPrefsInput>('*/api/v1/setup_comm_prefs', async ({ request }) => {
    requests.push({ path: 'setup_comm_prefs', body: await request.json() });
    const answer = installation.prefsAnswer();
    if (answer) return answer;
    installation.state = { ...installation.state, comm_prefs_missing: false };
    return new HttpResponse(null, { status: 200 });
  }),
);

afterEach(() => {
  installation = freshInstallation();
  requests.length = 0;
  vi.restoreAllMocks();
});
installation = freshInstallation();

const usernameField = () => screen.getByLabelText(/Admin Username/) as HTMLInputElement;
const emailField = () => screen.getByLabelText(/Email/) as HTMLInputElement;

describe('SetupPage', () => {
  it('creates the admin with its preferences in one call and shows the keys once with a lakectl config', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderSetup();
    await screen.findByText('User Configuration', {}, FIND);
    expect(usernameField().value).toBe('admin');
    // Both fields are required and marked so; the page carries the product's name above its card.
    for (const input of [usernameField(), emailField()]) {
      expect(input.required).toBe(true);
      expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toMatch(/\*$/);
    }
    expect(screen.getByText('Tarn').textContent).toBe('Tarn');

    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));
    expect((await screen.findByText('Please enter your email address.', {}, FIND)).textContent).toBe('Please enter your email address.');
    expect(requests).toEqual([]);

    fireEvent.change(emailField(), { target: { value: 'ops@acme.example' } });
    fireEvent.click(screen.getByRole('checkbox', { name: "I'd like to receive security, product and feature updates" }));
    // The checkbox reports its change a moment after the click.
    await waitFor(() => expect(document.querySelector('[data-scope="checkbox"][data-part="root"][data-state="checked"]')).not.toBeNull(), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));

    await screen.findByText("You're all set!", {}, FIND);
    expect(requests).toEqual([
      { path: 'setup_lakefs', body: { username: 'admin', email: 'ops@acme.example', featureUpdates: true, securityUpdates: true } },
    ]);
    expect(screen.getByTestId('Access Key ID').textContent).toBe('AKIAEXAMPLE');
    expect(screen.getByTestId('Secret Access Key').textContent).toBe('sekret/key');
    expect(screen.getByText(/cannot recover it later/).textContent).toContain(
      'This is the only time that the secret access key can be viewed or downloaded.',
    );
    expect(screen.queryByRole('alert')).toBeNull();

    const download = screen.getByRole('link', { name: 'Download credentials' });
    expect(download.getAttribute('download')).toBe('.lakectl.yaml');
    const yaml = decodeURIComponent((download.getAttribute('href') ?? '').replace(/^data:[^,]*,/, ''));
    expect(yaml).toContain('access_key_id: "AKIAEXAMPLE"');
    expect(yaml).toContain('secret_access_key: "sekret/key"');
    expect(yaml).toContain(`endpoint_url: "${window.location.origin}/api/v1"`);

    fireEvent.click(screen.getByRole('button', { name: 'Go To Login' }));
    expect(open).toHaveBeenCalledWith('/auth/login', '_blank', 'noopener');
  });

  it("shows the server's refusal of an e-mail in the form, with no keys, and sets up once it is corrected", async () => {
    installation.refuse = (setup) =>
      setup.email === 'ops@acme' ? 'invalid email address' : setup.email?.endsWith('@gmail.com') ? 'please use a business email address' : undefined;
    renderSetup();
    await screen.findByText('User Configuration', {}, FIND);
    fireEvent.change(usernameField(), { target: { value: 'ops' } });

    for (const [email, shown] of [
      ['ops@acme', 'Invalid email address'],
      ['ops@gmail.com', 'Please use a business email address'],
    ] as const) {
      fireEvent.change(emailField(), { target: { value: email } });
      fireEvent.click(screen.getByRole('button', { name: 'Setup' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(shown), FIND);
      expect(screen.queryByTestId('Secret Access Key')).toBeNull();
      expect(usernameField().value).toBe('ops');
      expect(emailField().value).toBe(email);
    }
    expect(installation.state.state).toBe('not_initialized');

    fireEvent.change(emailField(), { target: { value: 'ops@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));
    await screen.findByText("You're all set!", {}, FIND);
    expect(screen.getByTestId('Secret Access Key').textContent).toBe('sekret/key');
    expect(requests.map((r) => r.path)).toEqual(['setup_lakefs', 'setup_lakefs', 'setup_lakefs']);
  });

  it('shows the keys with what failed when the admin was created but the preferences could not be saved', async () => {
    installation.ignoresPrefs = true;
    installation.prefsAnswer = () => HttpResponse.json<ErrorBody>({ message: 'store unavailable' }, { status: 503 });
    renderSetup();
    await screen.findByText('User Configuration', {}, FIND);
    fireEvent.change(emailField(), { target: { value: 'ops@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));

    await waitFor(
      () =>
        expect(screen.getByRole('alert').textContent).toBe(
          'The admin was created, but the e-mail preferences were not saved: store unavailable. ' +
            'Keep the keys below and log in with them: the console asks for the e-mail again at login.',
        ),
      FIND,
    );
    expect(screen.getByText("You're all set!").textContent).toBe("You're all set!");
    expect(screen.getByTestId('Access Key ID').textContent).toBe('AKIAEXAMPLE');
    expect(screen.getByTestId('Secret Access Key').textContent).toBe('sekret/key');
    expect(requests.map((r) => r.path)).toEqual(['setup_lakefs', 'setup_comm_prefs']);
  });

  it('sends only the preferences when the admin exists, then goes home', async () => {
    installation.state = { state: 'initialized', comm_prefs_missing: true };
    const onRedirect = vi.fn();
    renderSetup(onRedirect);
    fireEvent.change(await screen.findByLabelText(/Email/, {}, FIND), { target: { value: 'ops@acme.example' } });
    expect(screen.queryByLabelText(/Admin Username/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith({ href: '/', replace: true }), FIND);
    expect(requests).toEqual([
      { path: 'setup_comm_prefs', body: { email: 'ops@acme.example', featureUpdates: false, securityUpdates: false } },
    ]);
  });

  it('copies a key to the clipboard', async () => {
    installation.state = { state: 'not_initialized', comm_prefs_missing: false };
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderSetup();
    fireEvent.click(await screen.findByRole('button', { name: 'Setup' }, FIND));
    expect(screen.queryByLabelText(/Email/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Secret Access Key' }, FIND));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('sekret/key'), FIND);
    await screen.findByRole('button', { name: 'Copied Secret Access Key' }, FIND);
    expect(requests).toEqual([{ path: 'setup_lakefs', body: { username: 'admin' } }]);
  });

  it('asks for the admin username when it is cleared', async () => {
    installation.state = { state: 'not_initialized', comm_prefs_missing: false };
    renderSetup();
    fireEvent.change(await screen.findByLabelText(/Admin Username/, {}, FIND), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));
    expect((await screen.findByText('Please enter your admin username.', {}, FIND)).textContent).toBe('Please enter your admin username.');
    expect(requests).toEqual([]);
  });

  it("shows 'Setup is already complete.' when the server answers 409", async () => {
    installation.state = { state: 'not_initialized', comm_prefs_missing: false };
    server.use(http.post('*/api/v1/setup_lakefs', () => HttpResponse.json<ErrorBody>({ message: 'lakeFS already initialized' }, { status: 409 })));
    renderSetup();
    fireEvent.click(await screen.findByRole('button', { name: 'Setup' }, FIND));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Setup is already complete.'), FIND);
    expect(screen.getByText('User Configuration').textContent).toBe('User Configuration');
  });

  it('names what failed when the setup state cannot be read, and reads it again on Retry', async () => {
    server.use(
      http.get('*/api/v1/setup_lakefs', () => HttpResponse.json<ErrorBody>({ message: 'store unavailable' }, { status: 503 }), { once: true }),
    );
    renderSetup();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not get the setup state: store unavailableRetry'), FIND);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('User Configuration', {}, FIND);
    expect(usernameField().value).toBe('admin');
  });

  it("goes to '/' when setup is already done", async () => {
    installation.state = { state: 'initialized', comm_prefs_missing: false };
    const onRedirect = vi.fn();
    renderSetup(onRedirect);
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith({ href: '/', replace: true }), FIND);
  });
});
