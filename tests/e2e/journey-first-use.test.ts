// Journey 1: a first-time administrator sets Tarn up, logs in, creates a repository, uploads, commits,
// inspects the commit and an object, reverts a change and logs out — all through the console.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, becomesEnabled, disappears, shows, type AdminCredentials } from './flows';
import { downloadedBytes, endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';

const REPO = 'e2e-journey';
const NOTES = 'Notes written by the first-use journey.\nSecond line of the notes.\n';
const NOTES_V2 = 'Notes, second version.\n';
const VALUES_CSV = 'day,value\n2026-01-01,3\n2026-01-02,5\n';
const COMMIT_MESSAGE = 'Add notes and daily values';

describe('journey: first use', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let files: string;
  let credentials: AdminCredentials | undefined;
  const { step, records, currentStep } = stepRunner('journey-first-use', () => page, () => tarn);

  beforeAll(async () => {
    files = mkdtempSync(join(tmpdir(), 'tarn-e2e-files-'));
    // A folder to pick with the folder picker: its files keep their paths below the picked folder.
    mkdirSync(join(files, 'tables', 'daily'), { recursive: true });
    writeFileSync(join(files, 'tables', 'daily', 'values.csv'), VALUES_CSV);
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, {
      acceptDownloads: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    }));
  });

  afterAll(async () => {
    await endJourney('journey-first-use', records, { context, browser, tarn });
    rmSync(files, { recursive: true, force: true });
  });

  const objectsTable = () => page.getByRole('grid', { name: 'Objects' });
  const changesTree = () => page.getByRole('list', { name: 'Uncommitted changes of main' });

  it('sets up the first admin at /setup and shows the credentials once', () =>
    step('setup', async () => {
      await page.goto('/setup');
      await shows(page.getByRole('heading', { name: 'User Configuration' }), "the 'User Configuration' card");
      const username = page.getByLabel('Admin Username');
      expect(await username.inputValue(), 'the admin username defaults to admin').toBe('admin');
      await username.fill('');
      await page.getByRole('button', { name: 'Setup' }).click();
      await shows(page.getByText('Please enter your admin username.'), 'the message for an empty admin username');
      await username.fill('admin');
      const email = page.getByLabel('Email');
      if (await email.isVisible()) await email.fill('admin@example.com');
      await screenshot(page, 'j1-01-setup-form');
      await page.getByRole('button', { name: 'Setup' }).click();
      await shows(page.getByRole('heading', { name: "You're all set!" }), "the 'You're all set!' card");
      const accessKeyId = (await page.getByTestId('Access Key ID').innerText()).trim();
      const secretAccessKey = (await page.getByTestId('Secret Access Key').innerText()).trim();
      expect(accessKeyId, 'an access key id is shown').toMatch(/^\S{8,}$/);
      expect(secretAccessKey, 'a secret access key is shown').toMatch(/^\S{16,}$/);
      credentials = { accessKeyId, secretAccessKey };
      await shows(page.getByText('only', { exact: true }), 'the warning that the secret is shown only once');
      await page.getByRole('button', { name: 'Copy Secret Access Key' }).click();
      await shows(page.getByRole('button', { name: 'Copied Secret Access Key' }), 'the copy feedback');
      expect(await page.evaluate(() => navigator.clipboard.readText()), 'the secret is on the clipboard').toBe(secretAccessKey);
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 10_000 }),
        page.getByRole('link', { name: 'Download credentials' }).click(),
      ]);
      // Chromium drops the leading dot of a downloaded file's name, so the page tells the user where to save it.
      expect(download.suggestedFilename(), 'the config file name').toMatch(/^\.?lakectl\.yaml$/);
      const config = (await downloadedBytes(download)).toString('utf8');
      expect(config, 'the config file holds the access key id').toContain(accessKeyId);
      expect(config, 'the config file holds the secret').toContain(secretAccessKey);
      expect(config, 'the config file holds the server endpoint').toContain(`${tarn?.url ?? ''}/api/v1`);
      await screenshot(page, 'j1-02-setup-done');
      const [loginTab] = await Promise.all([
        page.context().waitForEvent('page', { timeout: 10_000 }),
        page.getByRole('button', { name: 'Go To Login' }).click(),
      ]);
      await loginTab.waitForURL((url) => url.pathname === '/auth/login', { timeout: 10_000 }).catch(() => {
        throw new Error(`'Go To Login' opened ${loginTab.url()} instead of /auth/login`);
      });
      await loginTab.close();
    }));

  it('logs in with those credentials at /auth/login', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup did not finish');
      await page.goto('/auth/login');
      await shows(page.getByRole('heading', { name: 'Login' }), 'the Login card');
      await page.getByLabel('Access Key ID').fill(credentials.accessKeyId);
      await page.getByLabel('Secret Access Key').fill('not-the-secret');
      await page.getByRole('button', { name: 'Login' }).click();
      await shows(
        page.getByRole('alert').filter({ hasText: /credentials don.t match/i }),
        'the alert for wrong credentials',
      );
      expect(new URL(page.url()).pathname, 'wrong credentials stay on the login page').toBe('/auth/login');
      await page.getByLabel('Secret Access Key').fill(credentials.secretAccessKey);
      await screenshot(page, 'j1-03-login');
      await page.getByRole('button', { name: 'Login' }).click();
      await arrivesAt(page, /^\/repositories\/?(\?|$)/);
    }));

  it('greets the new user with the welcome card on the empty repositories list', () =>
    step('welcome card', async () => {
      await shows(page.getByRole('heading', { name: 'Repositories' }), 'the Repositories heading');
      await shows(page.getByText('Welcome to Tarn!'), 'the welcome card');
      await shows(page.getByRole('button', { name: 'Create Sample Repository' }), 'the sample repository button');
      await shows(page.getByRole('button', { name: 'Create an empty repository' }), 'the empty repository button');
      await screenshot(page, 'j1-04-repositories-welcome');
    }));

  it('creates a repository through the Create Repository dialog', () =>
    step('create repository', async () => {
      await page.getByRole('button', { name: 'Create Repository' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create A New Repository' });
      await shows(dialog, 'the Create Repository dialog');
      const create = dialog.getByRole('button', { name: 'Create Repository' });
      expect(await create.isEnabled(), 'Create is disabled while the form is empty').toBe(false);
      await dialog.getByLabel('Repository ID').fill('A');
      await shows(
        dialog.getByText("Min 3 characters. Only lowercase alphanumeric characters and '-' allowed."),
        'the repository ID rule for an invalid ID',
      );
      await dialog.getByLabel('Repository ID').fill(REPO);
      await disappears(dialog.getByText(/^Min 3 characters/), 'the repository ID rule once the ID is valid');
      expect(await dialog.getByLabel('Default Branch Name').inputValue(), 'the default branch defaults to main').toBe('main');
      const namespace = dialog.getByLabel('Storage Namespace');
      if ((await namespace.inputValue()) === '') await namespace.fill(`local://${REPO}`);
      await becomesEnabled(create, 'the dialog’s Create Repository button');
      await screenshot(page, 'j1-05-create-repository-dialog');
      await create.click();
      await disappears(dialog, 'the Create Repository dialog');
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/objects`));
      await shows(page.getByText('Your repository is ready!'), 'the empty-repository message');
      await screenshot(page, 'j1-06-objects-empty');
    }));

  it('shows Import disabled, with the reason, on a server that cannot import; a link to the dialog says why', () =>
    step('import unavailable', async () => {
      const importButton = page.getByRole('button', { name: 'Import', exact: true });
      await shows(importButton, 'the Import button beside Upload');
      await expect
        .poll(() => importButton.getAttribute('title'), { timeout: 10_000, message: 'the reason Import is disabled' })
        .toMatch(/^This server's storage does not support import/);
      expect(await importButton.isDisabled(), 'Import is disabled').toBe(true);
      await page.goto(`/repositories/${REPO}/objects?ref=main&importDialog=true`);
      const alert = page.getByRole('alert').filter({ hasText: 'The import dialog cannot open here' });
      await shows(alert, 'why the import dialog cannot open');
      expect(await alert.innerText(), 'the alert gives the reason').toContain("This server's storage does not support import");
      expect(await page.getByRole('dialog').count(), 'no dialog opens').toBe(0);
      await screenshot(page, 'j1-06b-import-unavailable');
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await disappears(alert, 'the import alert');
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/objects\\?ref=main$`));
    }));

  it('uploads a file and a folder through the upload dialog, previewing their destinations', () =>
    step('upload', async () => {
      const upload = page.getByRole('button', { name: 'Upload', exact: true });
      await becomesEnabled(upload, 'the Upload button');
      await upload.click();
      const dialog = page.getByRole('dialog', { name: "Upload Objects to Branch 'main'" });
      await shows(dialog, 'the upload dialog');
      await dialog
        .locator('input[type="file"]')
        .and(dialog.getByLabel('Files to upload'))
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTES) });
      await dialog.getByLabel('Folder to upload').setInputFiles(join(files, 'tables'));
      const queued = dialog.getByRole('list', { name: 'Files to upload' });
      await shows(queued.getByRole('listitem', { name: 'notes.txt', exact: true }), 'notes.txt previewed at the root');
      await shows(
        queued.getByRole('listitem', { name: 'tables/daily/values.csv', exact: true }),
        'the folder’s file previewed at tables/daily/values.csv',
      );
      await shows(dialog.getByText('Files to Upload (2)'), 'the count of files to upload');
      await screenshot(page, 'j1-07-upload-dialog');
      await dialog.getByRole('button', { name: 'Upload 2 Files' }).click();
      await shows(dialog.getByRole('button', { name: 'Close', exact: true }), 'the end of the upload run', 20_000);
      expect(await dialog.getByText('Done').count(), 'both uploads are done').toBe(2);
      await screenshot(page, 'j1-08-upload-done');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await disappears(dialog, 'the upload dialog');
      await shows(objectsTable().getByRole('link', { name: 'notes.txt', exact: true }), 'notes.txt in the listing');
      await shows(objectsTable().getByRole('link', { name: 'tables/', exact: true }), 'the tables/ folder in the listing');
      await screenshot(page, 'j1-09-objects-listing');
    }));

  it('lists both uploads under Uncommitted Changes', () =>
    step('uncommitted changes', async () => {
      await page.getByRole('link', { name: 'Uncommitted Changes' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/changes`));
      await shows(changesTree().getByRole('listitem', { name: 'notes.txt', exact: true }), 'notes.txt as a change');
      await shows(changesTree().getByRole('listitem', { name: 'tables/', exact: true }), 'the tables/ folder as a change');
      await changesTree().getByRole('button', { name: 'Expand tables/' }).click();
      await changesTree().getByRole('button', { name: 'Expand tables/daily/' }).click();
      await shows(
        changesTree().getByRole('listitem', { name: 'tables/daily/values.csv', exact: true }),
        'tables/daily/values.csv inside the expanded folders',
      );
      await screenshot(page, 'j1-10-changes');
    }));

  it('commits the changes with a message and a metadata key/value', () =>
    step('commit', async () => {
      await becomesEnabled(page.getByRole('button', { name: 'Commit Changes' }), 'the Commit Changes button');
      await page.getByRole('button', { name: 'Commit Changes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Commit Changes' });
      await shows(dialog, 'the commit dialog');
      await dialog.getByLabel('Commit message').fill(COMMIT_MESSAGE);
      await dialog.getByRole('button', { name: 'Add Metadata field' }).click();
      await dialog.getByLabel('Metadata key 1').fill('source');
      await dialog.getByLabel('Metadata value 1').fill('e2e-journey');
      await screenshot(page, 'j1-11-commit-dialog');
      await dialog.getByRole('button', { name: 'Commit Changes' }).click();
      await disappears(dialog, 'the commit dialog', 20_000);
      await shows(page.getByText('Branch main has no uncommitted changes.'), 'an empty change list after the commit');
    }));

  it('finds the commit in the Commits list and opens it to see its metadata and diff', () =>
    step('commit detail', async () => {
      await page.getByRole('link', { name: 'Commits', exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/commits`));
      const log = page.getByRole('table', { name: 'Commits of main' });
      await shows(log.getByRole('link', { name: COMMIT_MESSAGE }), 'the new commit in the log');
      await screenshot(page, 'j1-12-commits');
      await log.getByRole('link', { name: COMMIT_MESSAGE }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/commits/[0-9a-f]{12,}`));
      await shows(page.getByRole('heading', { name: COMMIT_MESSAGE }), 'the commit message as the heading');
      const metadata = page.getByRole('table', { name: 'Metadata' });
      await shows(metadata.getByRole('cell', { name: 'source', exact: true }), 'the metadata key');
      await shows(metadata.getByRole('cell', { name: 'e2e-journey', exact: true }), 'the metadata value');
      const diff = page.getByRole('list', { name: /^Changes of commit / });
      await shows(diff.getByRole('listitem', { name: 'notes.txt', exact: true }), 'notes.txt in the commit’s diff');
      await shows(diff.getByRole('listitem', { name: 'tables/', exact: true }), 'tables/ in the commit’s diff');
      await diff.getByRole('button', { name: 'Show object changes of notes.txt' }).click();
      const content = page.getByRole('table', { name: 'Content changes of notes.txt' });
      await shows(content.getByRole('cell', { name: 'Second line of the notes.' }), 'the added lines of notes.txt');
      await screenshot(page, 'j1-13-commit-detail');
    }));

  it('opens an object in the viewer', () =>
    step('object viewer', async () => {
      await page.getByRole('link', { name: 'Objects', exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/objects`));
      await objectsTable().getByRole('link', { name: 'notes.txt', exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/object\\?`));
      await shows(page.getByText('Second line of the notes.'), 'the text of notes.txt');
      await shows(page.getByRole('button', { name: 'Blame' }), 'the Blame button');
      await screenshot(page, 'j1-14-object-viewer');
    }));

  it('uploads a new version and a new file, then reverts one change from Uncommitted Changes', () =>
    step('change and revert', async () => {
      await page.getByRole('link', { name: 'Objects', exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/objects`));
      const upload = page.getByRole('button', { name: 'Upload', exact: true });
      await becomesEnabled(upload, 'the Upload button');
      await upload.click();
      const dialog = page.getByRole('dialog', { name: "Upload Objects to Branch 'main'" });
      const fileInput = dialog.locator('input[type="file"]').and(dialog.getByLabel('Files to upload'));
      await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTES_V2) });
      await dialog.getByRole('button', { name: 'Upload 1 File' }).click();
      await shows(dialog.getByRole('button', { name: 'Upload More' }), 'the end of the first upload run', 20_000);
      await dialog.getByRole('button', { name: 'Upload More' }).click();
      await dialog.getByLabel('Destination Directory').fill('docs/');
      await fileInput.setInputFiles({ name: 'extra.txt', mimeType: 'text/plain', buffer: Buffer.from('extra\n') });
      await shows(dialog.getByRole('listitem', { name: 'docs/extra.txt', exact: true }), 'extra.txt previewed under docs/');
      await dialog.getByRole('button', { name: 'Upload 1 File' }).click();
      await shows(dialog.getByRole('button', { name: 'Close', exact: true }), 'the end of the second upload run', 20_000);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await disappears(dialog, 'the upload dialog');

      await page.getByRole('link', { name: 'Uncommitted Changes' }).click();
      const notes = changesTree().getByRole('listitem', { name: 'notes.txt', exact: true });
      await shows(notes, 'the new version of notes.txt as a change');
      await shows(notes.getByText('Changed', { exact: true }), 'notes.txt marked as changed');
      await shows(changesTree().getByRole('listitem', { name: 'docs/', exact: true }), 'docs/ as a change');
      await page.getByRole('button', { name: 'Show object changes of notes.txt' }).click();
      const content = page.getByRole('table', { name: 'Content changes of notes.txt' });
      // Each line's sign cell carries visually hidden 'added' / 'removed' text, which is what a screen reader hears.
      await shows(content.getByRole('row').filter({ hasText: 'added' }).filter({ hasText: 'Notes, second version.' }), 'the added line of notes.txt');
      await shows(content.getByRole('row').filter({ hasText: 'removed' }).filter({ hasText: 'Second line of the notes.' }), 'the removed line of notes.txt');
      await screenshot(page, 'j1-15-changes-before-revert');
      await page.getByRole('button', { name: 'Revert notes.txt' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Revert change' });
      await shows(confirm.getByText('Are you sure you wish to revert "notes.txt" (object)?'), 'the revert question');
      await screenshot(page, 'j1-16-revert-confirm');
      await confirm.getByRole('button', { name: 'Revert', exact: true }).click();
      await disappears(confirm, 'the revert confirmation');
      await disappears(changesTree().getByRole('listitem', { name: 'notes.txt', exact: true }), 'the reverted notes.txt change');
      await shows(changesTree().getByRole('listitem', { name: 'docs/', exact: true }), 'the docs/ change, which was not reverted');
      await screenshot(page, 'j1-17-changes-after-revert');
    }));

  it('blames a committed object and an uncommitted one', () =>
    step('blame', async () => {
      await page.getByRole('link', { name: 'Objects', exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/objects`));
      await objectsTable().getByRole('button', { name: 'Blame notes.txt' }).click();
      let dialog = page.getByRole('dialog', { name: 'Last commit to modify object' });
      await shows(dialog.getByText(COMMIT_MESSAGE, { exact: true }), 'the commit that added notes.txt');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await disappears(dialog, 'the blame dialog');
      await objectsTable().getByRole('link', { name: 'docs/', exact: true }).click();
      await arrivesAt(page, /[?&]path=docs%2F(&|$)/);
      await objectsTable().getByRole('button', { name: 'Blame extra.txt' }).click();
      dialog = page.getByRole('dialog', { name: 'Last commit to modify object' });
      await shows(
        dialog.getByText(/^No commit found, perhaps this is an\s*uncommitted change\s*\?$/),
        "'No commit found, perhaps this is an uncommitted change?'",
      );
      await shows(dialog.getByRole('link', { name: 'uncommitted change' }), 'the link to the uncommitted changes');
      await screenshot(page, 'j1-18-blame-uncommitted');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await disappears(dialog, 'the blame dialog');
    }));

  it('reverts all remaining changes', () =>
    step('revert all', async () => {
      await page.getByRole('link', { name: 'Uncommitted Changes' }).click();
      await shows(changesTree().getByRole('listitem', { name: 'docs/', exact: true }), 'the docs/ change');
      await page.getByRole('button', { name: 'Revert', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Revert all changes' });
      await shows(confirm.getByText('Are you sure you want to revert all uncommitted changes?'), 'the revert-all question');
      await confirm.getByRole('button', { name: 'Revert', exact: true }).click();
      await disappears(confirm, 'the revert-all confirmation');
      await shows(page.getByText('Branch main has no uncommitted changes.'), 'an empty change list after reverting all');
      expect(await page.getByRole('button', { name: 'Commit Changes' }).isDisabled(), 'Commit is disabled without changes').toBe(
        true,
      );
    }));

  it('finds the repository in the repositories list and filters it by prefix', () =>
    step('repositories list', async () => {
      await page.getByRole('link', { name: 'Repositories', exact: true }).first().click();
      await arrivesAt(page, /^\/repositories\/?(\?|$)/);
      const list = page.getByRole('table', { name: 'Repositories' });
      await shows(list.getByRole('link', { name: REPO, exact: true }), 'the new repository in the list');
      await screenshot(page, 'j1-19-repositories-list');
      const search = page.getByRole('searchbox', { name: 'Search repositories' });
      await search.fill('no-such-repo');
      await arrivesAt(page, /[?&]prefix=no-such-repo/);
      await shows(page.getByText('No repositories match.'), "'No repositories match.' for an unknown prefix");
      await search.fill('e2e');
      await arrivesAt(page, /[?&]prefix=e2e(&|$)/);
      await shows(list.getByRole('link', { name: REPO, exact: true }), 'the repository found by its prefix');
    }));

  it('logs out and ends on the login page', () =>
    step('logout', async () => {
      await page.getByRole('button', { name: /^User menu for / }).click();
      await shows(page.getByRole('menuitem', { name: 'Logout' }), 'Logout in the user menu');
      await screenshot(page, 'j1-20-user-menu');
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await arrivesAt(page, /^\/auth\/login/);
      await shows(page.getByRole('heading', { name: 'Login' }), 'the Login card after logout');
      await screenshot(page, 'j1-21-logged-out');
      // The session really ended: a repository page now sends the user back to login, remembering where to return.
      await page.goto(`/repositories/${REPO}/objects`);
      await arrivesAt(page, /^\/auth\/login\?.*redirected=true/);
      expect(new URL(page.url()).searchParams.get('next'), 'login remembers the page to return to').toMatch(
        new RegExp(`^/repositories/${REPO}/objects`),
      );
    }));

  it('raised no page errors, console errors or server errors along the way', () => {
    expect(problems, `problems seen during the journey:\n${problems.join('\n')}`).toEqual([]);
  });
});
