// The core loop, as a newcomer walks it on a fresh server: the sample repository (whose main is protected: its
// controls are disabled, saying why), a branch made from the ref picker, an upload and a commit with its receipt,
// Compare with the branch's commits and its files in one flat list and the merge check, a conflicting merge resolved
// with visible choices, the merge's receipt and the merged branch deleted, the not-found pages, and the layout of an
// 800-pixel window. Axe checks the main screens on the way; screenshots of each step are kept for review.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { arrivesAt, becomesEnabled, disappears, loginThroughUi, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi, type LakeApi } from './lake-api';

const SAMPLE = 'quickstart';
const BRANCH = 'fix-readme';
const HOTFIX = 'hotfix';
const FILE = 'README.md';
const OUR_README = '# Lakes\n\nThe branch rewrites the readme.\n';

describe('journey: the core loop', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let api: LakeApi | undefined;
  /** The commit dialog's suggestion, taken as the message. */
  let commitMessage = '';
  const { step, records, currentStep } = stepRunner('journey-core-loop', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    api = lakeApi(tarn.url, credentials);
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, { viewport: { width: 1280, height: 900 } }));
  });

  afterAll(async () => {
    await endJourney('journey-core-loop', records, { context, browser, tarn });
  });

  const tab = (name: string) => page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name, exact: true });
  const axeClean = async (what: string) => expect(await seriousViolations(page), `axe on ${what}`).toEqual([]);

  it('creates the sample repository, whose protected main refuses uploads and says why', () =>
    step('sample', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
      await page.getByRole('button', { name: 'Create Sample Repository' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/objects`), 20_000);
      await shows(page.getByRole('grid', { name: 'Objects' }).getByRole('link', { name: FILE, exact: true }), 'the sample’s readme');
      await shows(page.getByText('Protected', { exact: true }).first(), 'the Protected badge of main');
      const upload = page.getByRole('button', { name: 'Upload', exact: true });
      expect(await upload.isDisabled(), 'Upload is disabled on the protected main').toBe(true);
      expect(await upload.getAttribute('title')).toBe('Branch main is protected (Settings › Branch Protection): make the change on another branch, then merge it in.');
      await screenshot(page, 'core-01-sample-protected');
      await axeClean('the objects page');
    }));

  it('creates a branch by typing its name in the ref picker', () =>
    step('branch from the picker', async () => {
      await page.getByRole('button', { name: 'branch: main' }).click();
      await page.getByLabel('Filter branches or find a commit by ID').fill(BRANCH);
      const offer = page.getByRole('option', { name: `Create branch ${BRANCH} from main` });
      await shows(offer, 'the offer to create the branch');
      await screenshot(page, 'core-02-create-from-picker');
      await offer.click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/objects\\?ref=${BRANCH}`));
      await shows(page.getByRole('button', { name: `branch: ${BRANCH}` }), 'the new branch in the picker');
    }));

  it('uploads a file on the branch and commits it with a suggested message, leaving a receipt', () =>
    step('upload and commit', async () => {
      const upload = page.getByRole('button', { name: 'Upload', exact: true });
      await becomesEnabled(upload, 'the Upload button on the new branch');
      await upload.click();
      const dialog = page.getByRole('dialog', { name: `Upload Objects to Branch '${BRANCH}'` });
      await dialog
        .locator('input[type="file"]')
        .and(dialog.getByLabel('Files to upload'))
        .setInputFiles({ name: FILE, mimeType: 'text/markdown', buffer: Buffer.from(OUR_README) });
      await dialog.getByRole('button', { name: 'Upload 1 File' }).click();
      await shows(dialog.getByRole('status', { name: 'Upload finished' }), 'the upload’s receipt', 20_000);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await disappears(dialog, 'the upload dialog');
      await tab('Uncommitted Changes').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/changes\\?ref=${BRANCH}`));
      const commitButton = page.getByRole('button', { name: 'Commit Changes' });
      await becomesEnabled(commitButton, 'the Commit Changes button');
      await commitButton.click();
      const commit = page.getByRole('dialog', { name: 'Commit Changes' });
      const submit = commit.getByRole('button', { name: 'Commit Changes' });
      expect(await submit.isDisabled(), 'Commit waits for a message').toBe(true);
      await commit.getByRole('button', { name: 'Use this message' }).click();
      commitMessage = await commit.getByLabel('Commit message').inputValue();
      expect(commitMessage, 'the suggestion names the file').toContain(FILE);
      await becomesEnabled(submit, 'Commit once there is a message');
      await submit.click();
      await disappears(commit, 'the commit dialog', 20_000);
      const receipt = page.getByRole('status', { name: 'Commit made' });
      await shows(receipt.getByText(commitMessage), 'the commit’s receipt');
      await screenshot(page, 'core-03-commit-receipt');
    }));

  it('compares the branch with main: its commit, its file, and a merge check that finds the conflict', () =>
    step('compare', async () => {
      if (!api) throw new Error('no API client');
      // Meanwhile main moves: another branch changes the same file and is merged (a protected branch takes merges).
      await api.createBranch(SAMPLE, HOTFIX, 'main');
      await api.commitFile(SAMPLE, HOTFIX, FILE, '# Lakes\n\nThe hotfix rewrites the readme too.\n', 'Hotfix the readme');
      await api.merge(SAMPLE, HOTFIX, 'main', 'Merge the hotfix');
      await tab('Compare').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/compare\\?ref=main&compare=${BRANCH}$`));
      await shows(page.getByRole('heading', { name: '1 commit' }), 'the branch’s one commit');
      await shows(page.getByRole('link', { name: commitMessage }), 'its message, linked');
      await shows(page.getByRole('heading', { name: '1 file changed' }), 'the count of changed files');
      await shows(page.getByRole('list', { name: `Changes between main and ${BRANCH}` }).getByRole('listitem', { name: FILE, exact: true }), 'the changed readme');
      const check = page.getByRole('status', { name: 'Merge check' });
      await shows(check.getByText(`1 path conflicts between ${BRANCH} and main.`), 'the conflict, before Merge is pressed');
      await shows(check.getByText(/main is protected: merges are its only way to change/), 'the protected destination, which takes merges');
      await screenshot(page, 'core-04-compare');
      await axeClean('the compare page');
    }));

  it('merges with the version chosen, then deletes the merged branch from the receipt', () =>
    step('merge', async () => {
      await page.getByRole('button', { name: 'Merge', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Merge branch ${BRANCH} into main` });
      const conflict = dialog.getByRole('list', { name: 'Conflicting paths' }).getByRole('listitem', { name: FILE, exact: true });
      await shows(conflict, 'the conflicting readme, listed as the dialog opens');
      const merge = dialog.getByRole('button', { name: 'Merge', exact: true });
      expect(await merge.isDisabled(), 'Merge waits for a choice').toBe(true);
      await conflict.getByText(`Keep ${BRANCH}’s version`).click();
      expect(await conflict.getByRole('radio', { name: new RegExp(`^Keep ${BRANCH}’s version`) }).isChecked()).toBe(true);
      await shows(dialog.getByRole('status', { name: 'Conflict choices' }).getByText(`Keeping ${BRANCH}’s version of 1 path.`), 'the choice repeated');
      await becomesEnabled(merge, 'Merge once the path has a choice');
      await screenshot(page, 'core-05-merge-choices');
      await axeClean('the merge dialog');
      await merge.click();
      await disappears(dialog, 'the merge dialog', 20_000);
      const receipt = page.getByRole('status', { name: 'Merge made' });
      await shows(receipt.getByText(`Merged ${BRANCH} into main:`), 'the merge’s receipt');
      await receipt.getByRole('button', { name: `Delete branch ${BRANCH}` }).click();
      await receipt.getByRole('button', { name: `Delete ${BRANCH}` }).click();
      await shows(receipt.getByText(`Branch ${BRANCH} was deleted; its commits live on in main.`), 'the branch deleted');
      await screenshot(page, 'core-06-merged-and-deleted');
      if (!api) throw new Error('no API client');
      expect(await api.readObject(SAMPLE, 'main', FILE), 'main has the branch’s readme').toBe(OUR_README);
    }));

  it('names what is missing on a repository, a ref or a page that does not exist, with a way back', () =>
    step('not found', async () => {
      await visit(page, '/repositories/no-such-lake/objects');
      await shows(page.getByRole('heading', { name: 'Not found' }), 'the not-found page of a repository');
      await shows(page.getByRole('link', { name: 'Go to the repository list' }), 'the way back to the list');
      await screenshot(page, 'core-07-missing-repository');
      await visit(page, `/repositories/${SAMPLE}/objects?ref=${BRANCH}`);
      await shows(page.getByText(`'${BRANCH}' is not a branch, tag or commit of ${SAMPLE}.`), 'the deleted branch named');
      await shows(page.getByRole('link', { name: `Open ${SAMPLE} on its default branch` }), 'the way to the default branch');
      await screenshot(page, 'core-08-missing-ref');
      await visit(page, `/repositories/${SAMPLE}/no-such-page`);
      await shows(page.getByRole('heading', { name: 'Not found' }), 'the not-found page of an unknown address');
      await screenshot(page, 'core-09-no-such-page');
    }));

  it('fits an 800-pixel window: tabs that do not fit go into More', () =>
    step('800 pixels', async () => {
      await page.setViewportSize({ width: 800, height: 900 });
      await visit(page, `/repositories/${SAMPLE}/objects`);
      const more = page.getByRole('navigation', { name: 'Repository' }).getByRole('button', { name: /More/ });
      await shows(more, 'the More menu of the tabs');
      await more.click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/settings`));
      await screenshot(page, 'core-10-800-settings');
      await axeClean('the settings page at 800 pixels');
    }));

  it('raised no page errors, console errors or server errors along the way', () => {
    expect(problems, `problems seen during the journey:\n${problems.join('\n')}`).toEqual([]);
  });
});
