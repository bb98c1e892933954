// History in Chromium: three committed versions of a file, opened from its row of the objects listing, listed newest
// first with their sizes; two of them compared line by line; the oldest restored onto main, where it shows among the
// uncommitted changes; and the history of the folder, with what each commit added, changed and removed under it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { arrivesAt, loginThroughUi, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi, type LakeApi } from './lake-api';

const REPO = 'notes';
const FILE = 'docs/plan.txt';
const VERSIONS = ['draft\n', 'draft\nreviewed\n', 'draft\nreviewed\napproved\n'] as const;
const short = (id: string) => id.slice(0, 12);

describe('history', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let lake: LakeApi;
  /** The commits of the three versions, oldest first. */
  const commits: string[] = [];
  const { step, records, currentStep } = stepRunner('history', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    lake = lakeApi(tarn.url, credentials);
    await lake.createRepository(REPO);
    for (const [index, content] of VERSIONS.entries()) commits.push(await lake.commitFile(REPO, 'main', FILE, content, `Plan, version ${index + 1}`));
    // Under the folder, beside the plan: an object added, then removed.
    await lake.commitFile(REPO, 'main', 'docs/notes.txt', 'a note\n', 'Add a note');
    await lake.deleteFile(REPO, 'main', 'docs/notes.txt', 'Drop the note');
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, { viewport: { width: 1280, height: 900 } }));
  });

  afterAll(async () => {
    await endJourney('history', records, { context, browser, tarn });
  });

  const versionRows = () => page.getByRole('table', { name: `History of ${FILE}` }).getByRole('row');

  it('logs in', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
    }));

  it("opens a file's history from its row and lists its three versions, newest first, with their sizes", () =>
    step('object history', async () => {
      await visit(page, `/repositories/${REPO}/objects?ref=main&path=docs%2F`);
      await page.getByRole('grid', { name: 'Objects' }).getByRole('link', { name: 'History of plan.txt' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/history\\?`));
      await shows(versionRows().nth(3), 'the third version');
      const rows = await versionRows().evaluateAll((trs) => trs.slice(1).map((tr) => tr.textContent ?? ''));
      expect(rows).toHaveLength(3);
      const sizes = VERSIONS.map((content) => `${content.length} B`).reverse();
      rows.forEach((row, index) => {
        expect(row).toContain(`Plan, version ${3 - index}`);
        expect(row).toContain(sizes[index]);
        expect(row).toContain(short(commits[2 - index]!));
      });
      await screenshot(page, 'history-01-versions');
      expect(await seriousViolations(page), 'axe on the History page').toEqual([]);
    }));

  it('compares the newest and the oldest version line by line', () =>
    step('compare', async () => {
      await versionRows().nth(1).getByRole('checkbox').check();
      await versionRows().nth(3).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Compare picked versions' }).click();
      const region = page.getByRole('region', { name: 'Comparison of two versions' });
      const diff = region.getByRole('table', { name: `Content changes of ${FILE}` });
      await shows(diff, 'the line changes');
      expect(await region.getByRole('heading').textContent()).toBe(`${short(commits[0]!)} → ${short(commits[2]!)}`);
      // The two lines the newest version added, marked as added.
      const added = await diff.locator('[data-op="insert"]').allTextContents();
      expect(added.join('\n')).toContain('reviewed');
      expect(added.join('\n')).toContain('approved');
      await screenshot(page, 'history-02-compare');
    }));

  it('restores the oldest version onto main and finds it among the uncommitted changes', () =>
    step('restore', async () => {
      await versionRows().nth(3).getByRole('button', { name: `Restore version ${short(commits[0]!)}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Restore this version?' });
      await shows(dialog, 'the confirmation');
      expect(await dialog.textContent()).toContain(short(commits[0]!));
      expect(await dialog.textContent()).toContain(`copied to ${FILE} on branch main`);
      await screenshot(page, 'history-03-confirm');
      await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
      const receipt = page.getByRole('status', { name: 'Version restored' });
      await shows(receipt, 'the receipt');
      expect(await lake.readObject(REPO, 'main', FILE)).toBe(VERSIONS[0]);
      await receipt.getByRole('link', { name: 'Uncommitted changes of main' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/changes\\?ref=main`));
      const changes = page.getByRole('list', { name: 'Uncommitted changes of main' });
      await changes.getByRole('button', { name: 'Expand docs/' }).click();
      await shows(changes.getByRole('button', { name: `Show object changes of ${FILE}` }), 'the restored file among the changes');
      await screenshot(page, 'history-04-uncommitted');
    }));

  it("opens the same history from the object's page", () =>
    step('from the viewer', async () => {
      await visit(page, `/repositories/${REPO}/object?ref=main&path=${encodeURIComponent(FILE)}`);
      await page.getByRole('link', { name: 'History', exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/history\\?ref=main&path=docs%2Fplan\\.txt$`));
      await shows(versionRows().nth(3), 'the three versions');
    }));

  it("lists a folder's history with what each commit added, changed and removed under it", () =>
    step('prefix history', async () => {
      await visit(page, `/repositories/${REPO}/objects?ref=main`);
      await page.getByRole('grid', { name: 'Objects' }).getByRole('link', { name: 'History of docs' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/history\\?`));
      const rows = page.getByRole('table', { name: 'History of docs/' }).getByRole('row');
      await shows(rows.nth(5).getByText('1 added · 0 changed · 0 removed'), 'the counts of the first version');
      const column = await rows.first().getByRole('columnheader').evaluateAll((ths) => ths.findIndex((th) => th.textContent === 'Changes under the folder'));
      const counts = await rows.evaluateAll((trs, at) => trs.slice(1).map((tr) => tr.children[at]?.textContent), column);
      expect(counts).toEqual([
        '0 added · 0 changed · 1 removed',
        '1 added · 0 changed · 0 removed',
        '0 added · 1 changed · 0 removed',
        '0 added · 1 changed · 0 removed',
        '1 added · 0 changed · 0 removed',
      ]);
      await screenshot(page, 'history-05-prefix');
    }));

  it('raised no page errors, console errors or server errors', () => {
    expect(problems, `problems seen:\n${problems.join('\n')}`).toEqual([]);
  });
});
