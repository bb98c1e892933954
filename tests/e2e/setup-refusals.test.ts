// First-run setup on a fresh server when the server refuses the admin's e-mail: each refusal shows the server's
// message and no keys, and leaves the installation as it was (a reload offers the whole form again); a good
// address then sets it up, and the keys shown sign in.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughUi, shows, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';

const ADMIN = 'ops';

describe('journey: setup refusals', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  const { step, records, currentStep } = stepRunner('setup-refusals', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep));
  });

  afterAll(() => endJourney('setup-refusals', records, { context, browser, tarn }));

  const username = () => page.getByLabel('Admin Username');
  const email = () => page.getByLabel('Email');

  /** The whole form of a fresh installation: the admin's name (the default until typed) and the e-mail. */
  async function showsWholeForm(what: string) {
    await shows(page.getByRole('heading', { name: 'User Configuration' }), `the 'User Configuration' card ${what}`);
    await shows(username(), `the Admin Username field ${what}`);
    await shows(email(), `the Email field ${what}`);
  }

  async function submitRefused(address: string, message: string, shot: string) {
    await page.goto('/setup');
    await showsWholeForm('on a fresh installation');
    await username().fill(ADMIN);
    await email().fill(address);
    await page.getByRole('button', { name: 'Setup' }).click();
    const alert = page.getByRole('alert').filter({ hasText: message });
    await shows(alert, `the server's refusal '${message}'`);
    expect((await alert.innerText()).trim(), 'the alert says only what the server said').toBe(message);
    expect(await page.getByTestId('Secret Access Key').count(), 'no keys are shown after a refusal').toBe(0);
    expect(await username().inputValue(), 'the admin name is kept').toBe(ADMIN);
    await screenshot(page, shot);

    await page.reload();
    await showsWholeForm(`after reloading past '${address}'`);
    expect(await username().inputValue(), 'a reload offers the admin name again, at its default').toBe('admin');
    const state = (await (await fetch(`${tarn?.url ?? ''}/api/v1/setup_lakefs`)).json()) as { state?: string };
    expect(state.state, `the server is not set up after refusing '${address}'`).toBe('not_initialized');
  }

  it("refuses an invalid address ('ops@acme') and keeps the installation fresh", () =>
    step('invalid address', () => submitRefused('ops@acme', 'Invalid email address', 'setup-01-invalid-address')));

  it("refuses a free-mail address ('ops@gmail.com') and keeps the installation fresh", () =>
    step('free-mail address', () =>
      submitRefused('ops@gmail.com', 'Please use a business email address', 'setup-02-free-mail-address'),
    ));

  it('sets up with a business address and shows the keys', () =>
    step('valid setup', async () => {
      await username().fill(ADMIN);
      await email().fill('ops@acme.example');
      await page.getByRole('button', { name: 'Setup' }).click();
      await shows(page.getByRole('heading', { name: "You're all set!" }), "the 'You're all set!' card");
      expect(await page.getByRole('alert').count(), 'nothing failed').toBe(0);
      const accessKeyId = (await page.getByTestId('Access Key ID').innerText()).trim();
      const secretAccessKey = (await page.getByTestId('Secret Access Key').innerText()).trim();
      expect(accessKeyId, 'an access key id is shown').toMatch(/^\S{8,}$/);
      expect(secretAccessKey, 'a secret access key is shown').toMatch(/^\S{16,}$/);
      credentials = { accessKeyId, secretAccessKey };
      await screenshot(page, 'setup-03-keys');
    }));

  it('signs in with the keys shown', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup did not finish');
      await loginThroughUi(page, credentials);
      await shows(page.getByRole('heading', { name: 'Repositories' }), 'the Repositories heading');
      await shows(page.getByRole('button', { name: `User menu for ${ADMIN}` }), `the user menu of '${ADMIN}'`);
      expect(problems, 'page problems').toEqual([]);
    }));
});
