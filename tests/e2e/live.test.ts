// Journey: two pages of one repository follow each other without a reload. Page A lists main; a commit made from
// elsewhere (the API, as a data tool would) makes A say "main moved: 1 new commit" without changing its listing, and
// its button shows the new object. Then A watches the uncommitted changes while page B uploads a file: the file
// appears in A's list of changes on its own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, disappears, loginThroughUi, setupThroughApi, shows, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, watchPage, type RunningTarn } from './harness';
import { lakeApi, type LakeApi } from './lake-api';

const JOURNEY = 'live';
const REPO = 'live-lake';

describe(`journey: ${JOURNEY}`, () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let other: Page;
  let credentials: AdminCredentials | undefined;
  let lake: LakeApi;
  const { step, records, currentStep } = stepRunner(
    JOURNEY,
    () => page,
    () => tarn,
  );

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    ({ context, page } = await openJourneyPage(browser, tarn.url, currentStep));
    credentials = await setupThroughApi(tarn.url);
    lake = lakeApi(tarn.url, credentials);
    await lake.createRepository(REPO);
    await lake.commitFile(REPO, 'main', 'first.csv', 'a,b\n1,2\n', 'first file');
  });

  afterAll(async () => {
    await endJourney(JOURNEY, records, { context, browser, tarn });
  });

  const listing = (p: Page) => p.getByRole('grid', { name: 'Objects' });

  it('page A lists main; a commit made elsewhere makes it say main moved, and its button shows the new object', () =>
    step('branch moved', async () => {
      if (!credentials) throw new Error('no credentials: setup did not finish');
      await loginThroughUi(page, credentials);
      // The commit below must come after the page listens: the stream's answer is awaited.
      const streaming = page.waitForResponse((r) => r.url().includes(`/repositories/${REPO}/events`) && r.status() === 200, { timeout: 15_000 });
      await page.goto(`/repositories/${REPO}/objects?ref=main`);
      await shows(listing(page).getByRole('link', { name: 'first.csv', exact: true }), 'the committed file');
      await streaming;
      await lake.commitFile(REPO, 'main', 'second.csv', 'c,d\n3,4\n', 'second file');
      const notice = page.getByRole('status').filter({ hasText: 'main moved: 1 new commit' });
      await shows(notice, 'the notice that main moved', 15_000);
      // Never a silent jump: the listing still shows main as the page read it.
      expect(await listing(page).getByRole('link', { name: 'second.csv', exact: true }).count(), 'the new object, before the refresh').toBe(0);
      await screenshot(page, 'live-01-main-moved');
      await notice.getByRole('button', { name: 'Show the new commits' }).click();
      await shows(listing(page).getByRole('link', { name: 'second.csv', exact: true }), 'the new object after the refresh');
      await disappears(notice, 'the notice, once the new head is shown');
    }));

  it("page B uploads a file and page A's uncommitted changes show it without a reload", () =>
    step('changes follow', async () => {
      if (!context) throw new Error('no browser context');
      await page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Uncommitted Changes', exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/changes`));
      const changes = page.getByRole('list', { name: 'Uncommitted changes of main' });
      // A mark on the document that a reload would lose.
      await page.evaluate(() => void (document.body.dataset.liveJourney = 'same document'));
      other = await context.newPage();
      other.setDefaultTimeout(10_000);
      watchPage(other, currentStep);
      await other.goto(`/repositories/${REPO}/objects?ref=main`);
      const upload = other.getByRole('button', { name: 'Upload', exact: true });
      await upload.click();
      const dialog = other.getByRole('dialog', { name: "Upload Objects to Branch 'main'" });
      await dialog
        .locator('input[type="file"]')
        .and(dialog.getByLabel('Files to upload'))
        .setInputFiles({ name: 'third.csv', mimeType: 'text/csv', buffer: Buffer.from('e,f\n5,6\n') });
      await dialog.getByRole('button', { name: 'Upload 1 File' }).click();
      await shows(dialog.getByRole('status', { name: 'Upload finished' }), 'the upload’s receipt', 20_000);
      await shows(changes.getByRole('listitem', { name: 'third.csv', exact: true }), 'the upload in page A’s changes', 15_000);
      expect(await page.evaluate(() => document.body.dataset.liveJourney), 'page A was not reloaded').toBe('same document');
      await screenshot(page, 'live-02-changes-followed');
    }));
});
