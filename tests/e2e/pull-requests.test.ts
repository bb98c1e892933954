// Pull requests (issue 12): a branch with a changed file becomes a pull request, opened from the Pull Requests tab
// with the changes shown; it is closed, reopened and merged, then listed as merged (under Closed and All) with its
// merge commit, and the change is on main. A second pull request, opened from Compare, conflicts with main: the
// merge dialog lists the conflicting path and merges with the version chosen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, becomesEnabled, disappears, loginThroughUi, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi, type LakeApi } from './lake-api';

const REPO = 'pull-requests';
const BRANCH = 'more-lakes';
const FILE = 'lakes.csv';
const LAKES = 'name,depth\nTarn,12\nLoch,230\n';
const TITLE = 'Add Loch to the lakes';
const DESCRIPTION = 'Adds **Loch**, measured last week.';
const CONFLICT_BRANCH = 'rename-notes';
const NOTES = 'notes.txt';
const NOTES_ON_BRANCH = 'notes from the branch\n';
const CONFLICT_TITLE = 'Rewrite the notes';

describe('pull requests', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let api: LakeApi | undefined;
  const { step, records, currentStep } = stepRunner('pull-requests', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    api = lakeApi(tarn.url, credentials);
    await api.createRepository(REPO);
    await api.commitFile(REPO, 'main', FILE, 'name,depth\nTarn,12\n', 'First lakes');
    await api.commitFile(REPO, 'main', NOTES, 'first notes\n', 'First notes');
    await api.createBranch(REPO, BRANCH, 'main');
    await api.commitFile(REPO, BRANCH, FILE, LAKES, 'Add Loch');
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, { viewport: { width: 1280, height: 900 } }));
  });

  afterAll(async () => {
    await endJourney('pull-requests', records, { context, browser, tarn });
  });

  const tab = (name: string) => page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name, exact: true });
  const statusLink = (name: string) => page.getByRole('group', { name: 'Pull request status' }).getByRole('link', { name, exact: true });
  const pullsTable = () => page.getByRole('table', { name: 'Pull requests' });
  const actions = () => page.getByRole('group', { name: 'Pull request actions' });
  const mergeDialog = (source: string) => page.getByRole('dialog', { name: `Merge branch ${source} into main` });

  it('opens the Pull Requests tab, with none open yet', () =>
    step('empty list', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
      await visit(page, `/repositories/${REPO}/objects`);
      await tab('Pull Requests').click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/pulls`));
      await shows(page.getByText('No open pull requests'), 'the empty open list');
    }));

  it('creates a pull request from the branch, seeing its changes first', () =>
    step('create', async () => {
      await page.getByRole('button', { name: 'Create pull request' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/pulls/create`));
      await shows(page.getByRole('button', { name: 'Merge into branch: main' }), 'main as the destination');
      await page.getByRole('button', { name: 'From Choose a branch...' }).click();
      await page.getByRole('option', { name: new RegExp(BRANCH) }).click();
      const tree = page.getByRole('list', { name: `Changes between main and ${BRANCH}` });
      await shows(tree.getByRole('listitem', { name: FILE, exact: true }), `${FILE} among the changes`);
      await shows(page.getByText('Give the pull request a title.'), 'the reason Create waits');
      await page.getByLabel('Title').fill(TITLE);
      await page.getByLabel('Description').fill(DESCRIPTION);
      const create = page.getByRole('button', { name: 'Create pull request' });
      await becomesEnabled(create, 'Create pull request');
      await screenshot(page, 'pull-requests-01-create');
      await create.click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/pulls/[^/]+$`));
      await shows(page.getByRole('heading', { name: TITLE }), 'the pull request title');
      await shows(page.getByText(/admin wants to merge/), 'who wants to merge what');
      await shows(page.getByRole('region', { name: 'Description' }).locator('strong', { hasText: 'Loch' }), 'the description as markdown');
    }));

  it('closes and reopens it', () =>
    step('close and reopen', async () => {
      await actions().getByRole('button', { name: 'Close pull request' }).click();
      await shows(actions().getByRole('button', { name: 'Reopen pull request' }), 'Reopen once closed');
      await shows(page.getByText(/admin wanted to merge/), 'the closed wording');
      await actions().getByRole('button', { name: 'Reopen pull request' }).click();
      await shows(actions().getByRole('button', { name: 'Close pull request' }), 'Close once reopened');
    }));

  it('merges it through the merge dialog', () =>
    step('merge', async () => {
      const merge = actions().getByRole('button', { name: 'Merge', exact: true });
      await becomesEnabled(merge, 'the Merge button');
      await merge.click();
      await shows(mergeDialog(BRANCH), 'the merge dialog');
      await mergeDialog(BRANCH).getByRole('button', { name: 'Merge', exact: true }).click();
      await disappears(mergeDialog(BRANCH), 'the merge dialog', 20_000);
      await shows(page.getByText(/^Merged .* as commit/), 'the merged line');
      await shows(page.getByRole('list', { name: /^Changes of the merge commit/ }).getByRole('listitem', { name: FILE, exact: true }), 'the merge commit’s change');
      await screenshot(page, 'pull-requests-02-merged');
    }));

  it('lists it as merged under Closed and All, with its merge commit, and the change is on main', () =>
    step('merged in the list', async () => {
      if (!api) throw new Error('no API client');
      await tab('Pull Requests').click();
      await shows(page.getByText('No open pull requests'), 'no open pull request left');
      await statusLink('Closed').click();
      const row = pullsTable().getByRole('row').filter({ has: page.getByRole('link', { name: TITLE }) });
      await shows(row.getByText('Merged', { exact: true }), 'the merged badge under Closed');
      await statusLink('All').click();
      await shows(row.getByText('Merged', { exact: true }), 'the merged badge under All');
      await screenshot(page, 'pull-requests-04-list');
      await row.getByRole('link', { name: TITLE }).click();
      const commitLink = page.getByText(/^Merged .* as commit/).getByRole('link', { name: /^[0-9a-f]{12}$/ });
      await commitLink.click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/commits/[0-9a-f]{64}`));
      expect(await api.readObject(REPO, 'main', FILE), `${FILE} on main`).toBe(LAKES);
    }));

  it('opens a second pull request from Compare and resolves its conflict in the merge dialog', () =>
    step('conflict', async () => {
      if (!api) throw new Error('no API client');
      await api.createBranch(REPO, CONFLICT_BRANCH, 'main');
      await api.commitFile(REPO, CONFLICT_BRANCH, NOTES, NOTES_ON_BRANCH, 'Notes on the branch');
      await api.commitFile(REPO, 'main', NOTES, 'notes from main\n', 'Notes on main');
      await visit(page, `/repositories/${REPO}/compare?ref=main&compare=${CONFLICT_BRANCH}`);
      await page.getByRole('link', { name: 'Create pull request' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/pulls/create`));
      await shows(page.getByRole('list', { name: `Changes between main and ${CONFLICT_BRANCH}` }), 'the branch’s changes');
      await page.getByLabel('Title').fill(CONFLICT_TITLE);
      await page.getByRole('button', { name: 'Create pull request' }).click();
      await shows(page.getByRole('heading', { name: CONFLICT_TITLE }), 'the second pull request');
      const merge = actions().getByRole('button', { name: 'Merge', exact: true });
      await becomesEnabled(merge, 'the Merge button');
      await merge.click();
      const conflict = mergeDialog(CONFLICT_BRANCH).getByRole('list', { name: 'Conflicting paths' }).getByRole('listitem', { name: NOTES, exact: true });
      await shows(conflict, `${NOTES} among the conflicts`);
      await conflict.getByText(`Keep ${CONFLICT_BRANCH}’s version`).click();
      const again = mergeDialog(CONFLICT_BRANCH).getByRole('button', { name: 'Merge', exact: true });
      await becomesEnabled(again, 'Merge once the version is chosen');
      await screenshot(page, 'pull-requests-03-conflict');
      await again.click();
      await disappears(mergeDialog(CONFLICT_BRANCH), 'the merge dialog', 20_000);
      await shows(page.getByText(/^Merged .* as commit/), 'the second pull request merged');
      expect(await api.readObject(REPO, 'main', NOTES), `${NOTES} takes the branch's version`).toBe(NOTES_ON_BRANCH);
    }));

  it('raised no page errors, console errors or server errors along the way', () => {
    expect(problems, `problems seen during the journey:\n${problems.join('\n')}`).toEqual([]);
  });
});
