// Bulk operations on the objects listing, in the real console against the real server: 2,500 committed objects under
// one prefix (some a level or two deeper) are found by keyboard in the listing's grid; the 250 of its folder 2024/
// are all selected with "Select all in this prefix" (most of them never loaded) and downloaded as one zip made in the
// browser (read back here through its central directory); then all 2,500 are selected and deleted with lakeFS's
// deleteObjects in three requests of at most 1,000 paths.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, disappears, loginThroughUi, setupThroughApi, shows, type AdminCredentials } from './flows';
import { downloadedBytes, endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi, type LakeApi } from './lake-api';
import { readZip } from './fixtures/zip-reader';

const REPO = 'bulk-ops';
const PREFIX = 'events/';
const COUNT = 2500;
/**
 * Every tenth object lives a level deeper, under events/2024/, so the listing starts with that folder; every
 * hundredth one more, under events/2024/q1/, so the zip of events/2024/ holds a folder.
 */
const FOLDER = `${PREFIX}2024/`;
const IN_FOLDER = COUNT / 10;
const pathAt = (i: number) => `${i % 100 === 0 ? `${FOLDER}q1/` : i % 10 === 0 ? FOLDER : PREFIX}part-${String(i).padStart(5, '0')}.json`;
const contentAt = (i: number) => `{"event":${i}}\n`;
const UPLOADS_AT_ONCE = 8;

describe('bulk operations: zip a folder of 250 objects, select and delete 2,500; the listing as a keyboard grid', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let api: LakeApi | undefined;
  const { step, records, currentStep } = stepRunner('bulk-operations', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    const lake = lakeApi(tarn.url, credentials);
    api = lake;
    await lake.createRepository(REPO);
    const queue = Array.from({ length: COUNT }, (_, i) => i);
    await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          await lake.uploadObject(REPO, 'main', pathAt(i), contentAt(i), 'application/json');
        }
      }),
    );
    await lake.uploadObject(REPO, 'main', 'keep.txt', 'outside the prefix\n', 'text/plain');
    await lake.commit(REPO, 'main', 'Add 2,500 events');
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, {
      acceptDownloads: true,
      // Playwright cannot answer the browser's own save dialog (the File System Access API's picker), so the page is
      // given a browser without it: the zip then comes as a download, which Playwright captures. The picker's path is
      // covered by the UI tests.
      prepare: (opened) => opened.addInitScript(() => Reflect.deleteProperty(window, 'showSaveFilePicker')),
    }));
  });

  afterAll(async () => {
    await endJourney('bulk-operations', records, { context, browser, tarn });
  });

  const grid = () => page.getByRole('grid', { name: 'Objects' });
  /** Opens the listing of `folder` on main and waits for its first object. */
  const openFolder = async (folder: string, firstObject: string) => {
    await page.goto(`/repositories/${REPO}/objects?ref=main&path=${encodeURIComponent(folder)}`);
    await shows(grid().getByRole('link', { name: firstObject, exact: true }), `${firstObject}, the first object of ${folder}`);
  };
  const selectionStatus = () => page.getByRole('group', { name: 'Selection' }).getByRole('status');
  /** The focused cell's row (0 = the first body row) and column. */
  const focusedCell = () =>
    page.evaluate(() => {
      const cell = document.activeElement;
      return {
        role: cell?.getAttribute('role'),
        row: Number(cell?.parentElement?.getAttribute('aria-rowindex')) - 2,
        col: Number(cell?.getAttribute('data-grid-col')),
        text: cell?.parentElement?.textContent ?? '',
      };
    });

  it('logs in and opens the prefix', () =>
    step('open prefix', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
      await openFolder(PREFIX, 'part-00001.json');
    }));

  it('moves through the listing by keyboard and opens a folder with Enter', () =>
    step('keyboard grid', async () => {
      const tabStops = grid().locator('[role="gridcell"][tabindex="0"]');
      expect(await tabStops.count(), 'one cell of the grid in the tab order').toBe(1);
      await tabStops.focus();
      expect(await focusedCell()).toMatchObject({ role: 'gridcell', row: 0, col: 0 });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      expect(await focusedCell()).toMatchObject({ row: 2, col: 1 });
      expect((await focusedCell()).text).toContain('part-00002.json');
      // The first page holds 100 entries: End goes to the last one loaded, scrolled in from outside the window.
      await page.keyboard.press('End');
      await expect.poll(async () => (await focusedCell()).row, { timeout: 10_000 }).toBe(99);
      await expect.poll(async () => grid().getByRole('link', { name: 'part-00109.json', exact: true }).count(), { message: 'the next page', timeout: 10_000 }).toBe(1);
      expect(await focusedCell(), 'the focus stays on its row while the next page loads').toMatchObject({ row: 99, col: 1 });
      await page.keyboard.press('Control+Home');
      // The first row is scrolled back into the window first, then focused.
      await expect.poll(async () => (await focusedCell()).row, { timeout: 10_000 }).toBe(0);
      expect(await focusedCell()).toMatchObject({ row: 0, col: 1 });
      expect((await focusedCell()).text).toContain('2024/');
      await screenshot(page, 'bulk-01-grid-focus');
      // Scrolled away, the focused row leaves the DOM: the grid keeps the focus, and gives it back when the row returns.
      const viewport = page.locator('[data-scroll-viewport]').filter({ has: grid() });
      await viewport.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await disappears(grid().getByRole('link', { name: '2024/', exact: true }), 'the first row, scrolled out of the window');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'the focus held by the grid').toBe('grid');
      await viewport.evaluate((element) => element.scrollTo({ top: 0 }));
      await expect.poll(async () => (await focusedCell()).text, { message: 'the focus back on the first row' }).toContain('2024/');
      await page.keyboard.press('Enter');
      await arrivesAt(page, /[?&]path=events%2F2024%2F/);
      await shows(page.getByRole('link', { name: 'part-00010.json', exact: true }), 'the folder opened by Enter');
      await page.goBack();
      await shows(grid().getByRole('link', { name: 'part-00001.json', exact: true }), 'the prefix again');
    }));

  it("downloads a folder's objects, the ones not loaded included, as one zip made in the browser", () =>
    step('download zip', async () => {
      await openFolder(FOLDER, 'part-00010.json');
      await page.getByRole('button', { name: 'Select all in this prefix' }).click();
      await shows(selectionStatus().getByText(`250 selected (all objects under ${FOLDER})`), 'the whole folder selected', 20_000);
      const objectReads: string[] = [];
      const onRequest = (request: Request) => {
        const url = new URL(request.url());
        if (url.pathname === `/api/v1/repositories/${REPO}/refs/main/objects`) objectReads.push(url.searchParams.get('path') ?? '');
      };
      page.on('request', onRequest);
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        page.getByRole('button', { name: 'Download as zip' }).click(),
      ]);
      page.off('request', onRequest);
      expect(download.suggestedFilename()).toBe(`${REPO}-main-events-2024.zip`);
      const entries = readZip(await downloadedBytes(download));
      expect(entries).toHaveLength(IN_FOLDER);
      const byName = new Map(entries.map((entry) => [entry.name, entry.content.toString()]));
      // The first page of the listing held 100 entries: 2490 and 2000 were never loaded.
      for (const i of [10, 100, 990, 2000, 2490]) expect(byName.get(pathAt(i).slice(FOLDER.length)), pathAt(i)).toBe(contentAt(i));
      expect(byName.has('q1/part-00100.json')).toBe(true);
      expect(objectReads).toHaveLength(IN_FOLDER);
      const summary = page.getByRole('dialog', { name: 'Download as zip: summary' });
      await shows(summary.getByText(/^Zipped 250 objects of 250/), 'the zip summary');
      await screenshot(page, 'bulk-02-zip-summary');
      await summary.getByRole('button', { name: 'Close', exact: true }).click();
      await disappears(summary, 'the zip summary');
    }));

  it('selects every object under the prefix, the ones not loaded included', () =>
    step('select all in prefix', async () => {
      await openFolder(PREFIX, 'part-00001.json');
      await page.getByRole('button', { name: 'Select all in this prefix' }).click();
      await shows(selectionStatus().getByText(`2,500 selected (all objects under ${PREFIX})`), 'the whole prefix selected', 20_000);
      expect(await grid().getByRole('checkbox', { name: 'Select part-00001.json' }).isChecked()).toBe(true);
      await screenshot(page, 'bulk-03-selected');
    }));

  it('deletes the selection in three requests of at most 1,000 paths, and the prefix is empty', () =>
    step('bulk delete', async () => {
      const deleteRequests: string[] = [];
      const onRequest = (request: Request) => {
        const { pathname } = new URL(request.url());
        if (request.method() === 'POST' && pathname === `/api/v1/repositories/${REPO}/branches/main/objects/delete`) deleteRequests.push(pathname);
      };
      page.on('request', onRequest);
      // The client sends request bodies as streams, which Chromium does not show Playwright: the page's fetch is
      // wrapped to count the paths of each deleteObjects request.
      await page.evaluate(() => {
        const sizes: number[] = [];
        Object.assign(window, { deleteSizes: sizes });
        const original = window.fetch.bind(window);
        window.fetch = async (input, init) => {
          if (input instanceof Request && input.url.endsWith('/objects/delete')) {
            sizes.push(((await input.clone().json()) as { paths: string[] }).paths.length);
          }
          return original(input, init);
        };
      });
      await page.getByRole('group', { name: 'Selection' }).getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete objects' });
      await shows(confirm.getByText('Are you sure you wish to delete 2,500 objects from branch main?'), 'the confirmation with count and branch');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      const summary = page.getByRole('dialog', { name: 'Delete objects: summary' });
      await shows(summary.getByText('Deleted 2,500 objects of 2,500.'), 'the delete summary', 30_000);
      page.off('request', onRequest);
      expect(deleteRequests).toHaveLength(3);
      expect(await page.evaluate(() => (window as unknown as { deleteSizes: number[] }).deleteSizes)).toEqual([1000, 1000, 500]);
      await screenshot(page, 'bulk-04-delete-summary');
      await summary.getByRole('button', { name: 'Close', exact: true }).click();
      await disappears(summary, 'the delete summary');
      // Everything under the folder went, so the branch no longer has it.
      await shows(page.getByText(/ does not exist on main$/), 'the folder gone');
      expect(await api?.readObject(REPO, 'main', 'keep.txt'), 'the object outside the prefix').toBe('outside the prefix\n');
      expect(problems, `problems seen during the journey:\n${problems.join('\n')}`).toEqual([]);
    }));
});
