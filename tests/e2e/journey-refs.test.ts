// Journey 3: branches, tags, compare and merge. A user creates a branch from main, uploads and commits on it, finds
// it under Branches, compares it with main, merges it (default strategy) and sees the merge; then creates, lists,
// filters and deletes tags (one from a commit found by its id), and deletes the branch.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, becomesEnabled, disappears, loginThroughUi, setupThroughApi, shows, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi, type LakeApi } from './lake-api';

const REPO = 'refs-journey';
const BRANCH = 'feature';
const FILE = 'feature.csv';
const COMMIT_MESSAGE = 'Add feature data';
const MERGE_MESSAGE = 'Merge feature for the refs journey';

describe('journey: branches, tags, compare and merge', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let api: LakeApi | undefined;
  let firstCommit = '';
  const { step, records, currentStep } = stepRunner('journey-refs', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    api = lakeApi(tarn.url, credentials);
    await api.createRepository(REPO);
    firstCommit = await api.commitFile(REPO, 'main', 'README.txt', 'The refs journey.\n', 'Initial data');
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep));
  });

  afterAll(async () => {
    await endJourney('journey-refs', records, { context, browser, tarn });
  });

  const tab = (name: string) => page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name, exact: true });
  const branchesTable = () => page.getByRole('table', { name: 'Branches' });
  const tagsTable = () => page.getByRole('table', { name: 'Tags' });
  const compareTree = (base: string, compared: string) => page.getByRole('list', { name: `Changes between ${base} and ${compared}` });

  it('logs in and opens the repository’s branches', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
      await page.goto(`/repositories/${REPO}/objects`);
      await tab('Branches').click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/branches`));
      const main = branchesTable().getByRole('row').filter({ has: page.getByRole('link', { name: 'main', exact: true }) });
      await shows(main.getByText('Default', { exact: true }), 'main marked as the default branch');
      await shows(page.getByText(/movable pointer to a commit, as in Git/), 'the footer on the branching model');
    }));

  it('creates a branch from main in the Create Branch modal', () =>
    step('create branch', async () => {
      await page.getByRole('button', { name: 'Create Branch' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Branch' });
      await shows(dialog, 'the Create Branch modal');
      await shows(dialog.getByRole('button', { name: 'From branch: main' }), "the source picker 'From main'");
      await dialog.getByPlaceholder('Branch Name').fill(BRANCH);
      await screenshot(page, 'j3-01-create-branch');
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await disappears(dialog, 'the Create Branch modal');
      await shows(branchesTable().getByRole('link', { name: BRANCH, exact: true }), 'the new branch in the list');
      await screenshot(page, 'j3-02-branches');
    }));

  it('uploads a file on the branch and commits it', () =>
    step('upload and commit', async () => {
      await branchesTable().getByRole('link', { name: BRANCH, exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/objects\\?ref=${BRANCH}`));
      const upload = page.getByRole('button', { name: 'Upload', exact: true });
      await becomesEnabled(upload, 'the Upload button');
      await upload.click();
      const dialog = page.getByRole('dialog', { name: `Upload Objects to Branch '${BRANCH}'` });
      await dialog
        .locator('input[type="file"]')
        .and(dialog.getByLabel('Files to upload'))
        .setInputFiles({ name: FILE, mimeType: 'text/csv', buffer: Buffer.from('id,value\n1,feature\n') });
      await dialog.getByRole('button', { name: 'Upload 1 File' }).click();
      await shows(dialog.getByRole('button', { name: 'Close', exact: true }), 'the end of the upload', 20_000);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await disappears(dialog, 'the upload dialog');
      await tab('Uncommitted Changes').click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/changes\\?ref=${BRANCH}`));
      await becomesEnabled(page.getByRole('button', { name: 'Commit Changes' }), 'the Commit Changes button');
      await page.getByRole('button', { name: 'Commit Changes' }).click();
      const commit = page.getByRole('dialog', { name: 'Commit Changes' });
      await commit.getByLabel('Commit message').fill(COMMIT_MESSAGE);
      await commit.getByRole('button', { name: 'Commit Changes' }).click();
      await disappears(commit, 'the commit dialog', 20_000);
      await shows(page.getByText(`Branch ${BRANCH} has no uncommitted changes.`), 'no changes left after the commit');
    }));

  it('compares the branch with main, switching directions', () =>
    step('compare', async () => {
      // From the branch, Compare opens as a pull request would: main as the base, the branch as the compared side.
      await tab('Compare').click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/compare\\?ref=main&compare=${BRANCH}$`));
      await shows(page.getByText(`Showing changes between main and ${BRANCH}`), 'the comparison');
      await shows(compareTree('main', BRANCH).getByRole('listitem', { name: FILE, exact: true }), `${FILE} as an added object`);
      await page.getByRole('button', { name: 'Switch directions' }).click();
      await arrivesAt(page, new RegExp(`[?&]ref=${BRANCH}&compare=main|[?&]compare=main&ref=${BRANCH}`));
      await shows(page.getByText(`Showing changes between ${BRANCH} and main`), 'the switched comparison');
      await shows(page.getByText(`main has no changes against ${BRANCH}.`), 'no changes on main since the branch split');
      expect(await page.getByRole('button', { name: 'Merge', exact: true }).isDisabled(), 'Merge is disabled without changes').toBe(true);
      await page.getByRole('button', { name: 'Switch directions' }).click();
      await arrivesAt(page, new RegExp(`[?&]ref=main&compare=${BRANCH}|[?&]compare=${BRANCH}&ref=main`));
      await shows(compareTree('main', BRANCH).getByRole('listitem', { name: FILE, exact: true }), `${FILE} as an added object again`);
      await screenshot(page, 'j3-03-compare');
    }));

  it('merges the branch into main with the default strategy', () =>
    step('merge', async () => {
      const merge = page.getByRole('button', { name: 'Merge', exact: true });
      await becomesEnabled(merge, 'the Merge button');
      await merge.click();
      const dialog = page.getByRole('dialog', { name: `Merge branch ${BRANCH} into main` });
      await shows(dialog, 'the merge modal');
      expect(await dialog.getByLabel('Strategy').inputValue(), 'the strategy is Default (empty)').toBe('');
      await dialog.getByLabel('Commit message').fill(MERGE_MESSAGE);
      await screenshot(page, 'j3-04-merge-modal');
      await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
      await disappears(dialog, 'the merge modal', 20_000);
      await shows(page.getByText(`${BRANCH} has no changes against main.`), 'no changes left to merge after the merge');
    }));

  it('sees the merge in the commits and objects of main', () =>
    step('see the merge', async () => {
      await tab('Commits').click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/commits\\?ref=main`));
      await shows(page.getByRole('table', { name: 'Commits of main' }).getByRole('link', { name: MERGE_MESSAGE }), 'the merge commit');
      await tab('Objects').click();
      await shows(page.getByRole('grid', { name: 'Objects' }).getByRole('link', { name: FILE, exact: true }), `${FILE} on main`);
    }));

  it('creates tags, one from a commit found by its id, then lists, filters and deletes them', () =>
    step('tags', async () => {
      await tab('Tags').click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/tags`));
      await shows(page.getByText("There aren't any tags yet."), 'the empty tags text');

      await page.getByRole('button', { name: 'Create Tag' }).click();
      let dialog = page.getByRole('dialog', { name: 'Create Tag' });
      const create = dialog.getByRole('button', { name: 'Create', exact: true });
      expect(await create.isDisabled(), 'Create is disabled while the name is empty').toBe(true);
      await dialog.getByPlaceholder('Tag Name').fill('v1.0');
      await dialog.getByRole('button', { name: 'Select Source' }).click();
      await dialog.getByRole('option', { name: /^main/ }).click();
      await becomesEnabled(create, 'Create once the tag has a name and a source');
      await create.click();
      await disappears(dialog, 'the Create Tag modal');
      await shows(tagsTable().getByRole('link', { name: 'v1.0', exact: true }), 'the tag v1.0');

      await page.getByRole('button', { name: 'Create Tag' }).click();
      dialog = page.getByRole('dialog', { name: 'Create Tag' });
      await dialog.getByPlaceholder('Tag Name').fill('rc-1');
      await dialog.getByRole('button', { name: 'Select Source' }).click();
      await dialog.getByLabel('Filter branches or find a commit by ID').fill(firstCommit.slice(0, 10));
      await dialog.getByRole('listbox', { name: 'Commit' }).getByRole('option', { name: /Initial data/ }).click();
      await shows(dialog.getByRole('button', { name: `commit: ${firstCommit}` }), 'the commit chosen as the source');
      await screenshot(page, 'j3-05-create-tag-from-commit');
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await disappears(dialog, 'the Create Tag modal');
      const rc = tagsTable().getByRole('row').filter({ has: page.getByRole('link', { name: 'rc-1', exact: true }) });
      await shows(rc.getByRole('link', { name: firstCommit.slice(0, 12), exact: true }), 'rc-1 pointing at the first commit');
      await screenshot(page, 'j3-06-tags');

      await page.getByRole('searchbox', { name: 'Find Tag' }).fill('v');
      await arrivesAt(page, /[?&]prefix=v(&|$)/);
      await disappears(tagsTable().getByRole('link', { name: 'rc-1', exact: true }), 'rc-1, filtered out');
      await tagsTable().getByRole('button', { name: 'Delete tag v1.0' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Tag' });
      await shows(confirm.getByText('Are you sure you wish to delete tag v1.0?'), 'the delete question');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await disappears(confirm, 'the delete confirmation');
      await shows(page.getByText('No tags match.'), 'no tag left under the filter');
      await page.getByRole('searchbox', { name: 'Find Tag' }).fill('');
      await shows(tagsTable().getByRole('link', { name: 'rc-1', exact: true }), 'rc-1 once the filter is cleared');
    }));

  it('deletes the branch', () =>
    step('delete branch', async () => {
      await tab('Branches').click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/branches`));
      await branchesTable().getByRole('button', { name: `Delete branch ${BRANCH}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Branch' });
      await shows(confirm.getByText(`Are you sure you wish to delete branch ${BRANCH}?`), 'the delete question');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await disappears(confirm, 'the delete confirmation');
      await disappears(branchesTable().getByRole('link', { name: BRANCH, exact: true }), 'the deleted branch');
      expect(await branchesTable().getByRole('button', { name: 'Delete branch main' }).count(), 'main cannot be deleted').toBe(0);
    }));

  it('raised no page errors, console errors or server errors along the way', () => {
    expect(problems, `problems seen during the journey:\n${problems.join('\n')}`).toEqual([]);
  });
});
