// Journey: the console in narrow windows (docs/behaviour.md, Conventions). At 800 px the repository tabs that do not
// fit are in a More menu, whose links lead to their screens (by mouse and by keyboard) and mark the current one; at
// 1024 and 800 px the main screens (objects, commits, branches, compare, administration) have no date cut off or
// wrapped, no control drawn over another, and nothing wider than the window; the policy picker says that more
// policies match than it shows. Screenshots of each at both widths are kept with
// TARN_E2E_SCREENSHOTS=1.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, loginThroughUi, requestTracker, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi } from './lake-api';

const JOURNEY = 'narrow-windows';
const REPO = 'narrow-lake';
const BRANCH = 'feature-with-a-rather-long-name';
const TABS = ['Objects', 'Tables', 'Uncommitted Changes', 'Commits', 'Branches', 'Tags', 'Compare', 'Pull Requests', 'Insights', 'Actions', 'Settings'];

/** The screens looked at in each width, by the name of their screenshot. */
const SCREENS: Array<[string, string, string]> = [
  ['repositories', '/repositories', REPO],
  ['objects', `/repositories/${REPO}/objects?ref=main`, 'README.txt'],
  ['objects-on-branch', `/repositories/${REPO}/objects?ref=${BRANCH}&path=tables%2F`, 'third.csv'],
  ['changes', `/repositories/${REPO}/changes?ref=${BRANCH}`, `Branch ${BRANCH} has no uncommitted changes.`],
  ['commits', `/repositories/${REPO}/commits?ref=main`, 'Add the second table'],
  ['branches', `/repositories/${REPO}/branches`, BRANCH],
  ['tags', `/repositories/${REPO}/tags`, "There aren't any tags yet."],
  ['compare', `/repositories/${REPO}/compare?ref=main&compare=${BRANCH}`, `Showing changes between main and ${BRANCH}`],
  ['pulls', `/repositories/${REPO}/pulls`, 'Create pull request'],
  ['actions', `/repositories/${REPO}/actions`, 'No action runs have been logged yet.'],
  ['settings', `/repositories/${REPO}/settings/general`, 'Delete Repository'],
  ['branch-protection', `/repositories/${REPO}/settings/branches`, "There aren't any rules yet."],
  ['users', '/auth/users', 'admin'],
  ['user-groups', '/auth/users/admin/groups', 'Admins'],
  ['groups', '/auth/groups', 'Developers'],
  ['group-members', '/auth/groups/Admins/members', 'admin'],
  ['policies', '/auth/policies', 'FSReadAll'],
  ['policy', '/auth/policies/FSReadAll', 'FSReadAll'],
  ['credentials', '/auth/credentials', 'Create Access Key'],
];

/**
 * What is cut or crowded on the page: each date (MM/DD/YYYY HH:mm:ss) shown clipped or on more than one line, each
 * pair of controls of the main region drawn over one another (a toolbar that did not wrap), and the width by which
 * the page is wider than the window (0 when nothing sticks out).
 */
function layoutFaults(page: Page): Promise<{ dates: string[]; overlaps: string[]; overflow: number }> {
  return page.evaluate(() => {
    const shown = (element: Element) => !element.closest('[aria-hidden="true"]') && element.getClientRects().length > 0;
    const dates: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/.test(text)) continue;
      const element = node.parentElement;
      if (!element || !shown(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      const clipped = element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible';
      if (lines > 1 || clipped) dates.push(`${text.trim()} (${lines > 1 ? `${lines} lines` : 'clipped'})`);
    }
    // Controls big enough to be seen (a checkbox's input is a 1 px square under its drawn box).
    const controls = [...document.querySelectorAll('main :is(button, a[href], input, select, textarea, [role="button"])')]
      .filter(shown)
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 2 && rect.height > 2);
    const overlaps: string[] = [];
    const name = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40) || element.tagName;
    controls.forEach((a, i) => {
      for (const b of controls.slice(i + 1)) {
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (width > 1 && height > 1) overlaps.push(`${name(a.element)} / ${name(b.element)}`);
      }
    });
    return { dates, overlaps, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });
}

describe(`journey: ${JOURNEY}`, () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let requests: ReturnType<typeof requestTracker>;
  const { step, records, currentStep } = stepRunner(JOURNEY, () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    const api = lakeApi(tarn.url, credentials);
    await api.createRepository(REPO);
    await api.commitFile(REPO, 'main', 'README.txt', 'Narrow windows.\n', 'Initial data');
    await api.commitFile(REPO, 'main', 'tables/second.csv', 'id\n1\n', 'Add the second table');
    await api.createBranch(REPO, BRANCH, 'main');
    await api.commitFile(REPO, BRANCH, 'tables/third.csv', 'id\n2\n', 'Add the third table on the branch');
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, { viewport: { width: 800, height: 900 } }));
    requests = requestTracker(page);
  });

  afterAll(async () => {
    await endJourney(JOURNEY, records, { context, browser, tarn });
  });

  const nav = (name = 'Repository') => page.getByRole('navigation', { name });
  const more = (name = 'Repository') => nav(name).getByRole('button', { name: 'More' });
  const menu = () => page.getByRole('menu');

  /** The tabs in the row, then those in the More menu (opened and closed again), by name. */
  async function tabsShown(name = 'Repository'): Promise<{ row: string[]; menu: string[] }> {
    const row = (await nav(name).getByRole('link').allInnerTexts()).map((text) => text.trim());
    await more(name).click();
    await shows(menu(), 'the More menu');
    const items = (await menu().getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
    await page.keyboard.press('Escape');
    await menu().waitFor({ state: 'hidden' });
    return { row, menu: items };
  }

  it('at 800 px puts the tabs that do not fit into the More menu, in order', () =>
    step('more menu', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
      await visit(page, `/repositories/${REPO}/objects?ref=main`, requests);
      await shows(more(), 'the More button at the end of the tabs');
      const { row, menu: inMenu } = await tabsShown();
      expect(row.length, 'tabs in the row').toBeGreaterThan(2);
      expect(inMenu.length, 'tabs in the menu').toBeGreaterThan(0);
      expect([...row, ...inMenu]).toEqual(TABS);
      // The row and the More button stay on one line, inside the window.
      const bar = await nav().boundingBox();
      const button = await more().boundingBox();
      expect(bar && button && button.x + button.width <= bar.x + bar.width + 1, 'More inside the tab bar').toBe(true);
      expect(bar && button && button.y - bar.y < button.height, 'More on the tabs’ line').toBe(true);
      await more().click();
      await screenshot(page, 'narrow-800-more-menu');
      await page.keyboard.press('Escape');
    }));

  it('leads to a tab’s screen from the menu, and marks it there as the current one', () =>
    step('menu navigates', async () => {
      await more().click();
      await menu().getByRole('menuitem', { name: 'Settings' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/settings`));
      await more().click();
      const current = menu().getByRole('menuitem', { name: 'Settings' });
      await shows(current, 'Settings in the More menu');
      expect(await current.getAttribute('aria-current')).toBe('page');
      expect(await nav().locator('[aria-current="page"]').count(), 'no tab of the row marked').toBe(0);
      await page.keyboard.press('Escape');
    }));

  it('opens the menu and follows one of its links from the keyboard', () =>
    step('menu by keyboard', async () => {
      await more().focus();
      await page.keyboard.press('Enter');
      await shows(menu(), 'the More menu, opened by Enter');
      const items = (await menu().getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
      const target = items.indexOf('Actions');
      expect(target, 'Actions in the menu').toBeGreaterThanOrEqual(0);
      // Enter opens on the first item; the arrows move to Actions.
      for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/actions`));
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') === null)).toBe(true);
    }));

  it('puts the tabs of a user that do not fit into a More menu too', () =>
    step('user tabs', async () => {
      await visit(page, '/auth/users/admin/groups', requests);
      await shows(more('Tabs'), 'the More button at the end of the user’s tabs');
      const { row, menu: inMenu } = await tabsShown('Tabs');
      expect([...row, ...inMenu]).toEqual(['Group Memberships', 'Directly Attached Policies', 'Effective Attached Policies', 'Access Credentials']);
      expect(inMenu).toContain('Access Credentials');
      await more('Tabs').click();
      await menu().getByRole('menuitem', { name: 'Access Credentials' }).click();
      await arrivesAt(page, /^\/auth\/users\/admin\/credentials/);
      await shows(page.getByRole('button', { name: 'Create Access Key' }), 'the user’s credentials');
    }));

  it('offers 5 of the policies in the picker, says more match, and takes several', () =>
    step('policy picker', async () => {
      await visit(page, '/auth/users/admin/policies', requests);
      await page.getByRole('button', { name: 'Attach Policy', exact: true }).click();
      const picker = page.getByRole('dialog', { name: 'Attach Policy' });
      // The server has its policies from setup: the picker shows five and says how many match in all.
      await shows(picker.getByText(/^5 of \d+ — type to search$/), 'how many policies match');
      const choices = picker.getByRole('group', { name: 'Choose policies' });
      expect(await choices.getByRole('checkbox').count()).toBe(5);
      await choices.getByText('AuthFullAccess', { exact: true }).click();
      await choices.getByText('CatalogReadAll', { exact: true }).click();
      await shows(picker.getByRole('button', { name: 'Add 2 policies' }), 'the button adding both');
      await screenshot(page, 'narrow-800-policy-picker');
      await picker.getByRole('button', { name: 'Cancel' }).click();
      await picker.waitFor({ state: 'hidden' });
    }));

  for (const width of [1024, 800]) {
    it(`at ${width} px cuts no date and keeps every screen within the window`, () =>
      step(`screens at ${width}`, async () => {
        await page.setViewportSize({ width, height: 900 });
        const found: string[] = [];
        for (const [name, path, marker] of SCREENS) {
          await visit(page, path, requests);
          await shows(page.getByRole('main').getByText(marker, { exact: true }), `${marker} on ${path}`);
          const { dates, overlaps, overflow } = await layoutFaults(page);
          if (dates.length > 0) found.push(`${path}: dates cut: ${dates.join(', ')}`);
          if (overlaps.length > 0) found.push(`${path}: controls over one another: ${overlaps.join(', ')}`);
          if (overflow > 0) found.push(`${path}: ${overflow} px wider than the window`);
          await screenshot(page, `narrow-${width}-${name}`);
        }
        expect(found).toEqual([]);
      }));
  }

  it('had no page errors or failed requests', () => {
    expect(problems).toEqual([]);
  });
});
