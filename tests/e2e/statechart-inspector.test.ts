// The statechart inspector in `npm run dev`: the Vite dev server in front of a real Tarn server, in Chromium. The
// login page's machine is listed, drawn with its active state, and logs the events the form sends.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, setupThroughApi, shows, type AdminCredentials } from './flows';
import { formatTimings, launchChromium, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { startDevServer, type RunningDevServer } from './dev-server';

const JOURNEY = 'statechart-inspector';

describe(`journey: ${JOURNEY}`, () => {
  let tarn: RunningTarn | undefined;
  let dev: RunningDevServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let credentials: AdminCredentials | undefined;
  const pageErrors: string[] = [];
  const { step, records } = stepRunner(JOURNEY, () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    [dev, credentials] = await Promise.all([startDevServer(tarn.url), setupThroughApi(tarn.url)]);
    context = await browser.newContext({ viewport: { width: 1600, height: 900 }, baseURL: dev.url });
    page = await context.newPage();
    // The dev server compiles modules on first request; the first load takes longer than a built console's.
    page.setDefaultTimeout(60_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    console.log(formatTimings(JOURNEY, records));
    await context?.close();
    await browser?.close();
    await dev?.stop();
    await tarn?.stop();
  });

  const panel = () => page.getByRole('region', { name: 'Statechart inspector' });
  const chart = () => panel().getByRole('figure', { name: 'Statechart of login' });
  const eventLog = () => panel().getByRole('list', { name: 'Event log' }).getByRole('listitem');
  const activeStates = () =>
    chart()
      .locator('[data-active="true"]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-state')));

  it('opens the inspector on the login page and shows the login machine with its active state', () =>
    step('open the inspector', async () => {
      await page.goto('/auth/login');
      await shows(page.getByRole('heading', { name: 'Login' }), 'the Login card', 60_000);
      const toggle = page.getByRole('button', { name: 'Statecharts' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await shows(panel(), 'the statechart inspector panel');
      const actors = panel().getByRole('list', { name: 'Live actors' });
      await shows(actors.getByRole('button', { name: /^session/ }), 'the session actor in the list');
      await actors.getByRole('button', { name: /^login/ }).click();
      await shows(chart(), "the login machine's chart");
      await expect.poll(activeStates, { message: 'the login machine waits in idle' }).toEqual(['', 'idle']);
      await screenshot(page, 'statechart-inspector-login');
    }));

  it('logs the events the login form sends, secrets masked, and follows the machine back to idle', () =>
    step('type credentials', async () => {
      if (!credentials) throw new Error('the server is not set up');
      const before = await eventLog().count();
      expect(before, 'the log holds at least the start event').toBeGreaterThan(0);
      await page.getByLabel('Access Key ID').fill(credentials.accessKeyId);
      await page.getByLabel('Secret Access Key').fill('not-the-secret');
      await page.getByLabel('Secret Access Key').press('Enter');
      await shows(page.getByText("Credentials don't match."), 'the refused login');
      await expect.poll(() => eventLog().count(), { message: 'the event log grows' }).toBeGreaterThan(before);
      const logText = await panel().getByRole('list', { name: 'Event log' }).innerText();
      expect(logText).toContain('login.submit');
      expect(logText).toContain(credentials.accessKeyId);
      expect(logText, 'the typed secret is masked').not.toContain('not-the-secret');
      await expect.poll(activeStates, { message: 'the machine is back in idle' }).toEqual(['', 'idle']);
    }));

  it('sends an event from the panel and lists the next screen\'s actors after a real login', () =>
    step('log in', async () => {
      if (!credentials) throw new Error('the server is not set up');
      const form = panel().getByRole('form', { name: 'Send an event' });
      await form.getByLabel('Event type').fill('login.submit');
      await form
        .getByLabel('Payload (JSON)')
        .fill(JSON.stringify({ accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey }));
      await form.getByRole('button', { name: 'Send' }).click();
      await arrivesAt(page, /^\/repositories\/?(\?|$)/, 30_000);
      const actors = panel().getByRole('list', { name: 'Live actors' });
      await shows(actors.getByRole('button', { name: /^repositories/ }), 'the repositories screen actor in the list', 30_000);
      expect(pageErrors, 'errors thrown in the page').toEqual([]);
    }));
});
