// The repository pages' keyboard shortcuts, in Chromium on the real server: `t` opens the file finder, which
// searches the whole ref for the typed letters and ranks what it finds; the arrows move through the matches and Enter
// opens one, which the finder then lists as recent; `y` turns the address's branch into the commit it points at; `?`
// lists every shortcut.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, disappears, loginThroughUi, setupThroughApi, shows, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi } from './lake-api';
import { shortcutGroups } from '../../src/lib/shortcuts';

const REPO = 'finder-journey';
const FILES: Record<string, string> = {
  'data/sales.txt': 'Sales by day.\n',
  'reports/2024/sales-summary.txt': 'The sales summary of 2024.\n',
  'notes/readme.txt': 'Nothing about money.\n',
  'TODO.txt': 'Count the lakes.\n',
};

describe('journey: file finder and keyboard shortcuts', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let head = '';
  const { step, records, currentStep } = stepRunner('finder', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    const api = lakeApi(tarn.url, credentials);
    await api.createRepository(REPO);
    for (const [path, content] of Object.entries(FILES)) await api.uploadObject(REPO, 'main', path, content, 'text/plain');
    head = await api.commit(REPO, 'main', 'Sales files');
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep));
  });

  afterAll(async () => {
    await endJourney('finder', records, { context, browser, tarn });
  });

  const finder = () => page.getByRole('dialog', { name: 'Find a file' });
  const search = () => finder().getByRole('combobox', { name: 'Find a file in main' });
  /** Keys go to the page, not to whatever control a click or a closed dialog left focused. */
  const pressOnPage = async (key: string) => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(key);
  };

  it('logs in and opens the repository', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
      await page.goto(`/repositories/${REPO}/objects`);
      await shows(page.getByRole('link', { name: 'notes/', exact: true }), 'the root folder listing');
    }));

  it('finds files anywhere in the ref with t, ranked, and opens one with the arrows and Enter', () =>
    step('finder', async () => {
      await pressOnPage('t');
      await shows(search(), 'the finder’s search box');
      expect(await search().evaluate((el) => el === document.activeElement), 'the search box has the focus').toBe(true);
      await search().fill('SALES');
      const options = finder().getByRole('option');
      await shows(finder().getByText('2 matches', { exact: true }), 'the number of matches');
      expect(await options.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual([
        'data/sales.txt',
        'reports/2024/sales-summary.txt',
      ]);
      expect(await options.first().locator('mark').innerText()).toBe('sales');
      await screenshot(page, 'finder-01-matches');
      await search().press('ArrowDown');
      const active = finder().getByRole('option', { selected: true });
      expect(await active.getAttribute('aria-label')).toBe('reports/2024/sales-summary.txt');
      expect(await search().getAttribute('aria-activedescendant')).toBe(await active.getAttribute('id'));
      await search().press('Enter');
      await disappears(finder(), 'the finder');
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/object\\?`));
      const address = new URL(page.url());
      expect(Object.fromEntries(address.searchParams)).toEqual({ ref: 'main', path: 'reports/2024/sales-summary.txt' });
      await shows(page.getByText('The sales summary of 2024.'), 'the opened file’s content');
    }));

  it('lists the file just opened as recent, and finds a file by letters typed apart', () =>
    step('recent and fuzzy', async () => {
      await pressOnPage('t');
      await shows(search(), 'the finder’s search box');
      const recent = finder().getByRole('group', { name: 'Recent' });
      await shows(recent, 'the recent files');
      expect(await recent.getByRole('option').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual([
        'reports/2024/sales-summary.txt',
      ]);
      const topLevel = finder().getByRole('group', { name: 'Top-level files' });
      await shows(topLevel, 'the top-level files');
      expect(await topLevel.getByRole('option').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual(['TODO.txt']);
      await screenshot(page, 'finder-02-recent');
      await search().fill('dsls');
      await shows(finder().getByText('1 match', { exact: true }), 'the one file holding the letters');
      const match = finder().getByRole('option', { name: 'data/sales.txt' });
      expect(await match.locator('mark').allInnerTexts()).toEqual(['d', 's', 'l', 's']);
      await search().press('Escape');
      await disappears(finder(), 'the finder');
    }));

  it('makes the address a permalink with y', () =>
    step('permalink', async () => {
      await pressOnPage('y');
      await arrivesAt(page, new RegExp(`[?&]ref=${head}(&|$)`));
      expect(new URL(page.url()).searchParams.get('path')).toBe('reports/2024/sales-summary.txt');
      await shows(page.getByText(`Permalink: the address now names commit ${head.slice(0, 12)}`), 'the permalink toast');
      await shows(page.getByText('The sales summary of 2024.'), 'the same file at the commit');
      await screenshot(page, 'finder-03-permalink');
    }));

  it('lists the shortcuts with ?', () =>
    step('shortcuts', async () => {
      await pressOnPage('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await shows(dialog.getByText('Find a file in the current ref'), 'the finder’s shortcut');
      const listing = dialog.getByRole('table', { name: 'Object listing' });
      await shows(listing, 'the object listing’s keys');
      const group = shortcutGroups.find((g) => g.title === 'Object listing');
      const keys = group?.shortcuts.flatMap((shortcut) => shortcut.chords.flat()) ?? [];
      expect(keys).toContain('F2');
      expect(await listing.locator('kbd').allInnerTexts()).toEqual(keys);
      await screenshot(page, 'finder-04-shortcuts');
      await page.keyboard.press('Escape');
      await disappears(dialog, 'the shortcuts dialog');
    }));

  it('raised no page errors, console errors or server errors along the way', () => {
    expect(problems, `problems seen during the journey:\n${problems.join('\n')}`).toEqual([]);
  });
});
