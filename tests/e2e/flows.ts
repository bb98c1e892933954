// Waiting helpers with readable failures, and the steps several journeys share (setup, login).
import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the locator is visible; the failure says what the user should have seen. */
export async function shows(locator: Locator, what: string, timeout = 10_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`expected to see ${what} within ${timeout} ms (${String(locator)}), but it did not appear`);
  }
}

/** Waits until nothing matching the locator is visible any more. */
export async function disappears(locator: Locator, what: string, timeout = 10_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch {
    throw new Error(`expected ${what} to go away within ${timeout} ms (${String(locator)}), but it is still shown`);
  }
}

/** Waits until the page's address path matches. */
export async function arrivesAt(page: Page, path: RegExp, timeout = 10_000): Promise<void> {
  try {
    await page.waitForURL((url) => path.test(url.pathname + url.search), { timeout });
  } catch {
    throw new Error(`expected the address to match ${String(path)} within ${timeout} ms, but it is ${page.url()}`);
  }
}

/** Waits until the locator is enabled (e.g. a button waiting for a permission check). */
export async function becomesEnabled(locator: Locator, what: string, timeout = 10_000): Promise<void> {
  await shows(locator, what, timeout);
  await expect
    .poll(() => locator.first().isEnabled(), { timeout, message: `expected ${what} to become enabled within ${timeout} ms` })
    .toBe(true);
}

export interface AdminCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** First-run setup over the API (for journeys that are not about setup): the admin and the preferences. */
export async function setupThroughApi(baseUrl: string): Promise<AdminCredentials> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const setup = await post('/setup_lakefs', { username: 'admin' });
  if (setup.status !== 200) throw new Error(`POST /setup_lakefs answered ${setup.status}: ${await setup.text()}`);
  const credentials = (await setup.json()) as { access_key_id: string; secret_access_key: string };
  const prefs = await post('/setup_comm_prefs', { email: 'e2e@example.com', featureUpdates: false, securityUpdates: false });
  if (prefs.status !== 200) throw new Error(`POST /setup_comm_prefs answered ${prefs.status}: ${await prefs.text()}`);
  return { accessKeyId: credentials.access_key_id, secretAccessKey: credentials.secret_access_key };
}

/**
 * Logs in through the login form and waits for the repositories list. Stays on the login page the browser is
 * on (so a `next` address is kept); opens /auth/login otherwise.
 */
export async function loginThroughUi(page: Page, credentials: AdminCredentials): Promise<void> {
  if (new URL(page.url()).pathname !== '/auth/login') await page.goto('/auth/login');
  await shows(page.getByRole('heading', { name: 'Login' }), 'the Login card');
  await page.getByLabel('Access Key ID').fill(credentials.accessKeyId);
  await page.getByLabel('Secret Access Key').fill(credentials.secretAccessKey);
  await page.getByRole('button', { name: 'Login' }).click();
  await arrivesAt(page, /^\/repositories\/?(\?|$)/);
}

/**
 * Follows the requests `page` has in flight (but its live event stream), from Playwright's request events: `settled` waits until none is in
 * flight and no spinner shows, twice in a row a poll apart (a screen that draws its first answer may start the next
 * read a moment later). Playwright's 'networkidle' waits half a second after the last request on every check.
 */
export function requestTracker(page: Page): { settled(what: string, timeout?: number): Promise<void> } {
  const inFlight = new Set<Request>();
  // A repository's live stream stays open for as long as its pages are shown: it is never "in flight" to wait for.
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  const quiet = async () => inFlight.size === 0 && (await page.locator('.chakra-spinner').count()) === 0;
  return {
    async settled(what, timeout = 30_000) {
      let quietPolls = 0;
      await expect
        .poll(async () => (quietPolls = (await quiet()) ? quietPolls + 1 : 0), { timeout, interval: 100, message: `${what} settles: no request in flight, no spinner` })
        .toBeGreaterThanOrEqual(2);
    },
  };
}

/**
 * Goes to `path` (resolved against the page's address) as a link in the console would, through its router, once a
 * screen of the console is loaded, and loads it otherwise: loading the console again costs Chromium a second or more
 * of CPU (its JavaScript evaluated, DuckDB started again), a route change a fraction of that. The elements of the
 * screen left are marked, so the new screen is known to be there when an unmarked element shows in the main region
 * (React may keep an element of the same kind: wait for what the new screen says, not for an unmarked element).
 * Given the page's request tracker, it returns once no request is in flight and no spinner shows.
 */
export async function visit(page: Page, path: string, requests?: ReturnType<typeof requestTracker>): Promise<void> {
  const here = await page.evaluate(() => (document.querySelector('main') ? window.location.href : null));
  const target = here === null ? null : new URL(path, here);
  if (here === null || target === null || target.origin !== new URL(here).origin) {
    await page.goto(path);
    await shows(page.getByRole('main'), `the main region of ${path}`);
  } else if (target.href !== here) {
    await page.evaluate((to) => {
      for (const element of document.querySelectorAll('main, main *')) element.setAttribute('data-left', '');
      window.history.pushState(null, '', to);
    }, target.href);
    await expect
      .poll(() => page.evaluate(() => document.querySelector('main:not([data-left]), main *:not([data-left])') !== null), {
        timeout: 15_000,
        message: `the console shows ${path}`,
      })
      .toBe(true);
  }
  await requests?.settled(path);
}
