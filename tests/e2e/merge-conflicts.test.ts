// Resolving merge conflicts per path (Tarn's addition to lakeFS): two branches change the same files; the merge
// lists the conflicting paths with both sides (size, date, or deleted), shows the two contents side by side, and
// merges again with the version the user chose for each path. It needs the server's detailed 409 body and its
// `conflict_resolutions` merge field.
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

  it('opens the comparison of the two branches', () =>
    step('compare', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
      await visit(page, `/repositories/${REPO}/compare?ref=main&compare=${SOURCE}`);
      await shows(page.getByRole('heading', { name: `Showing changes between main and ${SOURCE}` }), 'the comparison heading');
      const tree = page.getByRole('list', { name: `Changes between main and ${SOURCE}` });
      await shows(tree.getByRole('listitem', { name: SHARED, exact: true }), `${SHARED} among the changes`);
    }));

  it('lists the conflicting paths with both sides when the default merge meets them', () =>
    step('conflicts listed', async () => {
      const merge = page.getByRole('button', { name: 'Merge', exact: true });
      await becomesEnabled(merge, 'the Merge button');
      await merge.click();
      await shows(dialog(), 'the merge modal');
      await dialog().getByLabel('Commit message').fill(MERGE_MESSAGE);
      await dialog().getByRole('button', { name: 'Merge', exact: true }).click();
      await shows(dialog().getByText(`3 paths conflict between ${SOURCE} and main`), 'the conflict summary');
      for (const path of [SHARED, NOTES, DELETED_ON_MAIN]) await shows(conflict(path), `${path} among the conflicts`);
      await shows(conflict(SHARED).getByText(/^Keep Destination \(main\): \d+ B, modified \d\d\/\d\d\/\d{4}/), 'the destination side of shared.csv');
      await shows(conflict(SHARED).getByText(/^Keep Source \(left\): \d+ B, modified \d\d\/\d\d\/\d{4}/), 'the source side of shared.csv');
      await shows(conflict(DELETED_ON_MAIN).getByText('Keep Destination (main): deleted'), 'the deleted destination side');
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

  /** Picks a side the way a user does, by its label (the radio input itself sits under it). */
  async function choose(path: string, side: RegExp): Promise<void> {
    await conflict(path).getByText(side).click();
    expect(await conflict(path).getByRole('radio', { name: side }).isChecked(), `${path}: ${side.source} chosen`).toBe(true);
  }

  it('merges with a version chosen per path', () =>
    step('resolve and merge', async () => {
      await choose(SHARED, /^Keep Source \(left\)/);
      await choose(NOTES, /^Keep Destination \(main\)/);
      await choose(DELETED_ON_MAIN, /^Keep Source \(left\)/);
      const merge = dialog().getByRole('button', { name: 'Merge', exact: true });
      await becomesEnabled(merge, 'Merge once every path has a version chosen');
      await screenshot(page, 'merge-conflicts-02-chosen');
      await merge.click();
      await disappears(dialog(), 'the merge modal', 20_000);
      await shows(page.getByText(`${SOURCE} has no changes against main.`), 'nothing left to merge');
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
