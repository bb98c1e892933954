import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderUi } from './render';
import { createActor } from 'xstate';
import { SetupPage } from '../../src/ui/setup/SetupPage';
import { liveSetupMachine } from '../../src/machines/setup';
import type { Redirect } from '../../src/lib/redirect';

/** The setup page over the live flow, as the route wires it: `onRedirect` stands for the router. */
function renderSetup(onRedirect: (redirect: Redirect) => void = () => undefined) {
  const setup = createActor(liveSetupMachine.provide({ actions: { navigate: (_, redirect) => onRedirect(redirect) } })).start();
  return renderUi(<SetupPage setup={setup} />);
}
import type { SetupState } from '../../src/api/types';

let state: SetupState = { state: 'not_initialized', comm_prefs_missing: true };
let setupAnswer: () => Response = () =>
  HttpResponse.json({ access_key_id: 'AKIAEXAMPLE', secret_access_key: 'sekret/key', creation_date: 1 });
const requests: { path: string; body: unknown }[] = [];

const server = setupServer(
  http.get('*/api/v1/setup_lakefs', () => HttpResponse.json(state)),
  http.post('*/api/v1/setup_lakefs', async ({ request }) => {
    requests.push({ path: 'setup_lakefs', body: await request.json() });
    return setupAnswer();
  }),
  http.post('*/api/v1/setup_comm_prefs', async ({ request }) => {
    requests.push({ path: 'setup_comm_prefs', body: await request.json() });
    return new HttpResponse(null, { status: 200 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  state = { state: 'not_initialized', comm_prefs_missing: true };
  setupAnswer = () => HttpResponse.json({ access_key_id: 'AKIAEXAMPLE', secret_access_key: 'sekret/key', creation_date: 1 });
  requests.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('SetupPage', () => {
  it("creates the admin, saves the preferences and shows the keys once with a lakectl config", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderSetup();
    expect(await screen.findByText('User Configuration')).toBeTruthy();
    expect((screen.getByLabelText(/Admin Username/) as HTMLInputElement).value).toBe('admin');
    // Both fields are required and marked so; the page carries the product's name above its card.
    for (const name of [/Admin Username/, /Email/]) {
      const input = screen.getByLabelText(name) as HTMLInputElement;
      expect(input.required).toBe(true);
      expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toMatch(/\*$/);
    }
    expect(screen.getByText('Tarn')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));
    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    expect(requests).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ops@example.com' } });
    fireEvent.click(screen.getByRole('checkbox', { name: "I'd like to receive security, product and feature updates" }));
    // The checkbox reports its change a moment after the click.
    await waitFor(() => expect(document.querySelector('[data-scope="checkbox"][data-part="root"][data-state="checked"]')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));

    expect(await screen.findByText("You're all set!")).toBeTruthy();
    expect(requests).toEqual([
      { path: 'setup_lakefs', body: { username: 'admin' } },
      { path: 'setup_comm_prefs', body: { email: 'ops@example.com', featureUpdates: true, securityUpdates: true } },
    ]);
    expect(screen.getByTestId('Access Key ID').textContent).toBe('AKIAEXAMPLE');
    expect(screen.getByTestId('Secret Access Key').textContent).toBe('sekret/key');
    expect(screen.getByText(/cannot recover it later/).textContent).toContain(
      'This is the only time that the secret access key can be viewed or downloaded.',
    );

    const download = screen.getByRole('link', { name: 'Download credentials' });
    expect(download.getAttribute('download')).toBe('.lakectl.yaml');
    const yaml = decodeURIComponent((download.getAttribute('href') ?? '').replace(/^data:[^,]*,/, ''));
    expect(yaml).toContain('access_key_id: "AKIAEXAMPLE"');
    expect(yaml).toContain('secret_access_key: "sekret/key"');
    expect(yaml).toContain(`endpoint_url: "${window.location.origin}/api/v1"`);

    fireEvent.click(screen.getByRole('button', { name: 'Go To Login' }));
    expect(open).toHaveBeenCalledWith('/auth/login', '_blank', 'noopener');
  });

  it('copies a key to the clipboard', async () => {
    state = { state: 'not_initialized', comm_prefs_missing: false };
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderSetup();
    expect(screen.queryByLabelText(/Email/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Setup' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Secret Access Key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('sekret/key'));
    expect(await screen.findByRole('button', { name: 'Copied Secret Access Key' })).toBeTruthy();
  });

  it('asks for the admin username when it is cleared', async () => {
    state = { state: 'not_initialized', comm_prefs_missing: false };
    renderSetup();
    fireEvent.change(await screen.findByLabelText(/Admin Username/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));
    expect(await screen.findByText('Please enter your admin username.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("shows 'Setup is already complete.' when the server answers 409", async () => {
    state = { state: 'not_initialized', comm_prefs_missing: false };
    setupAnswer = () => HttpResponse.json({ message: 'lakeFS already initialized' }, { status: 409 });
    renderSetup();
    fireEvent.click(await screen.findByRole('button', { name: 'Setup' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Setup is already complete.');
    expect(screen.getByText('User Configuration')).toBeTruthy();
  });

  it("goes to '/' when setup is already done", async () => {
    state = { state: 'initialized', comm_prefs_missing: false };
    const onRedirect = vi.fn();
    renderSetup(onRedirect);
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith({ to: '/', external: false }));
  });
});
