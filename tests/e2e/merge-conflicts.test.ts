// Resolving merge conflicts per path (Tarn's addition to lakeFS): two branches change the same files; before Merge is
// pressed the compare page says which paths conflict (the server's dry run), the merge dialog lists them with both
// sides (size, date, or deleted) as two visible choices, shows the two contents side by side, and merges with the
// version the user chose for each path; a receipt links the merge commit and offers to delete the merged branch. It
// needs the server's dry run, its detailed 409 body and its `conflict_resolutions` merge field.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomesEnabled, disappears, loginThroughUi, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi, type LakeApi } from './lake-api';

const REPO = 'merge-conflicts';
const SOURCE = 'left';
const SHARED = 'shared.csv';
const NOTES = 'notes.txt';
const DELETED_ON_MAIN = 'deleted-on-main.txt';
const LEFT_SHARED = 'id,value\n1,left\n2,left only\n';
const MAIN_NOTES = 'notes written on main\n';
const LEFT_KEPT = 'changed on left, deleted on main\n';
const MERGE_MESSAGE = 'Merge left, choosing per path';

describe('merge conflicts resolved per path', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let api: LakeApi | undefined;
  const { step, records, currentStep } = stepRunner('merge-conflicts', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    api = lakeApi(tarn.url, credentials);
    await api.createRepository(REPO);
    await api.commitFile(REPO, 'main', SHARED, 'id,value\n1,base\n', 'Base shared data');
    await api.commitFile(REPO, 'main', NOTES, 'base notes\n', 'Base notes');
    await api.commitFile(REPO, 'main', DELETED_ON_MAIN, 'base\n', 'Base file');
    await api.createBranch(REPO, SOURCE, 'main');
    await api.commitFile(REPO, SOURCE, SHARED, LEFT_SHARED, 'Left changes the shared data');
    await api.commitFile(REPO, SOURCE, NOTES, 'notes written on left\n', 'Left changes the notes');
    await api.commitFile(REPO, SOURCE, DELETED_ON_MAIN, LEFT_KEPT, 'Left changes the file main deletes');
    await api.commitFile(REPO, 'main', SHARED, 'id,value\n1,main\n', 'Main changes the shared data');
    await api.commitFile(REPO, 'main', NOTES, MAIN_NOTES, 'Main changes the notes');
    await api.deleteFile(REPO, 'main', DELETED_ON_MAIN, 'Main deletes the file');
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, { viewport: { width: 1280, height: 900 } }));
  });

  afterAll(async () => {
    await endJourney('merge-conflicts', records, { context, browser, tarn });
  });

  const dialog = () => page.getByRole('dialog', { name: `Merge branch ${SOURCE} into main` });
  const conflict = (path: string) => dialog().getByRole('list', { name: 'Conflicting paths' }).getByRole('listitem', { name: path, exact: true });

  it('opens the comparison of the two branches, which says before Merge is pressed what conflicts', () =>
    step('compare', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
      await visit(page, `/repositories/${REPO}/compare?ref=main&compare=${SOURCE}`);
      await shows(page.getByText(`Showing changes between main and ${SOURCE}`), 'the comparison');
      await shows(page.getByRole('heading', { name: '3 commits' }), 'the commits the branch brings');
      await shows(page.getByRole('heading', { name: '3 files changed' }), 'the count of changed files');
      const files = page.getByRole('list', { name: `Changes between main and ${SOURCE}` });
      await shows(files.getByRole('listitem', { name: SHARED, exact: true }), `${SHARED} among the changes`);
      const check = page.getByRole('status', { name: 'Merge check' });
      await shows(check.getByText(`3 paths conflict between ${SOURCE} and main.`), 'the dry run’s conflicts');
      await screenshot(page, 'merge-conflicts-00-compare');
    }));

  it('lists the conflicting paths with both sides as choices as soon as the merge opens', () =>
    step('conflicts listed', async () => {
      const merge = page.getByRole('button', { name: 'Merge', exact: true });
      await becomesEnabled(merge, 'the Merge button');
      await merge.click();
      await shows(dialog(), 'the merge modal');
      await dialog().getByLabel('Commit message').fill(MERGE_MESSAGE);
      await shows(dialog().getByText(`3 paths conflict between ${SOURCE} and main`), 'the conflict summary');
      for (const path of [SHARED, NOTES, DELETED_ON_MAIN]) await shows(conflict(path), `${path} among the conflicts`);
      await shows(conflict(SHARED).getByText('Keep main’s version'), 'the destination side of shared.csv');
      await shows(conflict(SHARED).getByText(/^\d+ B, modified \d\d\/\d\d\/\d{4}/).first(), 'the size and date of a side');
      await shows(conflict(SHARED).getByText(`Keep ${SOURCE}’s version`), 'the source side of shared.csv');
      await shows(conflict(DELETED_ON_MAIN).getByText('Deleted there'), 'the deleted destination side');
      await shows(dialog().getByRole('status', { name: 'Conflict choices' }).getByText('No version chosen yet. 3 left to choose.'), 'the choices so far');
      expect(
        await dialog().getByRole('button', { name: 'Merge', exact: true }).isDisabled(),
        'Merge waits until every path has a version chosen',
      ).toBe(true);
    }));

  it('shows the destination and source contents of a conflicting path side by side', () =>
    step('contents side by side', async () => {
      await conflict(SHARED).getByRole('button', { name: 'Compare contents' }).click();
      const contents = conflict(SHARED).getByRole('table', { name: `Content changes of ${SHARED}` });
      await shows(contents.getByRole('columnheader', { name: 'Destination (main)' }), 'the destination column');
      await shows(contents.getByRole('columnheader', { name: 'Source (left)' }), 'the source column');
      await shows(contents.getByRole('cell', { name: /1,main/ }), "main's line");
      await shows(contents.getByRole('cell', { name: /2,left only/ }), "left's added line");
      await screenshot(page, 'merge-conflicts-01-listed');
    }));

  /** Picks a side the way a user does, by its card's label (the radio input itself sits under it). */
  async function choose(path: string, side: RegExp): Promise<void> {
    await conflict(path).getByText(side).click();
    expect(await conflict(path).getByRole('radio', { name: side }).isChecked(), `${path}: ${side.source} chosen`).toBe(true);
  }

  it('merges with a version chosen per path, and leaves a receipt that offers to delete the branch', () =>
    step('resolve and merge', async () => {
      await choose(SHARED, /^Keep left’s version/);
      await choose(NOTES, /^Keep main’s version/);
      await choose(DELETED_ON_MAIN, /^Keep left’s version/);
      await shows(
        dialog().getByRole('status', { name: 'Conflict choices' }).getByText('Keeping main’s version of 1 path and left’s version of 2 paths.'),
        'the choices repeated above the button',
      );
      const merge = dialog().getByRole('button', { name: 'Merge', exact: true });
      await becomesEnabled(merge, 'Merge once every path has a version chosen');
      await screenshot(page, 'merge-conflicts-02-chosen');
      await merge.click();
      await disappears(dialog(), 'the merge modal', 20_000);
      await shows(page.getByText(`${SOURCE} has no changes against main.`), 'nothing left to merge');
      const receipt = page.getByRole('status', { name: 'Merge made' });
      await shows(receipt.getByText(`Merged ${SOURCE} into main:`), 'the merge receipt');
      await screenshot(page, 'merge-conflicts-03-receipt');
    }));

  it('keeps on main the version chosen for each path', () =>
    step('result', async () => {
      if (!api) throw new Error('no API client');
      expect(await api.readObject(REPO, 'main', SHARED), `${SHARED} takes the source's version`).toBe(LEFT_SHARED);
      expect(await api.readObject(REPO, 'main', NOTES), `${NOTES} keeps the destination's version`).toBe(MAIN_NOTES);
      expect(await api.readObject(REPO, 'main', DELETED_ON_MAIN), `${DELETED_ON_MAIN} comes back from the source`).toBe(LEFT_KEPT);
      await page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Commits', exact: true }).click();
      await shows(page.getByRole('table', { name: 'Commits of main' }).getByRole('link', { name: MERGE_MESSAGE }), 'the merge commit on main');
    }));

  it('raised no page errors, console errors or server errors along the way', () => {
    expect(problems, `problems seen during the journey:\n${problems.join('\n')}`).toEqual([]);
  });
});
