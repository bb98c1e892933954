// Import (docs/behaviour.md, Objects page): the server may import from a local folder (`--import-root`); a user imports a folder
// of 1,000 files through the objects page's Import dialog, watches it run, and finds its commit and its files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, becomesEnabled, disappears, loginThroughUi, setupThroughApi, shows, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi, type LakeApi } from './lake-api';

const REPO = 'imports';
const FOLDER = 'survey';
const FILES = 1000;
const fileName = (i: number) => `obs-${String(i).padStart(4, '0')}.csv`;
const fileContent = (i: number) => `station,reading\ns${i % 7},${i}\n`;

describe('journey: import a local folder', () => {
  const importRoot = mkdtempSync(join(tmpdir(), 'tarn-import-root-'));
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let api: LakeApi | undefined;
  /** The sources the server accepts (storage config `import_validity_regex`). */
  let validityRegex = '';
  /** The folder as the server's pattern names it: by its path under the import root, or by its full path. */
  let source = '';
  const message = () => `Imported data from ${source}`;
  const { step, records, currentStep } = stepRunner('import', () => page, () => tarn);

  beforeAll(async () => {
    mkdirSync(join(importRoot, FOLDER));
    for (let i = 0; i < FILES; i += 1) writeFileSync(join(importRoot, FOLDER, fileName(i)), fileContent(i));
    [tarn, browser] = await Promise.all([startTarn(undefined, { importRoot }), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    api = lakeApi(tarn.url, credentials);
    await api.createRepository(REPO);
    await api.commitFile(REPO, 'main', 'README.md', '# Imports\n', 'Start the repository');
    const config = (await api.getConfig()) as { storage_config?: { import_support?: boolean; import_validity_regex?: string } };
    expect(config.storage_config?.import_support, 'the server reports import support with an import root').toBe(true);
    validityRegex = config.storage_config?.import_validity_regex ?? '';
    const pattern = new RegExp(validityRegex);
    source = [`local://${FOLDER}/`, `local://${join(importRoot, FOLDER)}/`].find((name) => pattern.test(name)) ?? '';
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, { viewport: { width: 1280, height: 900 } }));
  });

  afterAll(async () => {
    await endJourney('import', records, { context, browser, tarn });
    rmSync(importRoot, { recursive: true, force: true });
  });

  const dialog = () => page.getByRole('dialog', { name: "Import Data to Branch 'main'" });
  const objectsTable = () => page.getByRole('grid', { name: 'Objects' });
  const tab = (name: string) => page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name, exact: true });

  it('logs in and opens the import dialog from the objects page', () =>
    step('open the dialog', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
      await page.goto(`/repositories/${REPO}/objects?ref=main`);
      await shows(objectsTable().getByRole('link', { name: 'README.md', exact: true }), 'the repository’s listing');
      const button = page.getByRole('button', { name: 'Import', exact: true });
      await becomesEnabled(button, 'the Import button beside Upload');
      await button.click();
      await shows(dialog(), 'the import dialog');
      await arrivesAt(page, /[?&]importDialog=true(&|$)/);
    }));

  it('checks the source against the server’s pattern as it is typed', () =>
    step('validate the source', async () => {
      const submit = dialog().getByRole('button', { name: 'Import', exact: true });
      expect(await submit.isDisabled(), 'Import is disabled while the source is empty').toBe(true);
      expect(source, `a name of the folder that the server's pattern ${validityRegex} takes`).not.toBe('');
      const field = dialog().getByLabel(/Import from/);
      await field.fill('ftp://elsewhere/survey/');
      await shows(dialog().getByText(`Import source should match the following pattern: "${validityRegex}"`), 'the pattern message');
      expect(await submit.isDisabled(), 'Import is disabled for a source the server refuses').toBe(true);
      await field.fill(source);
      await disappears(dialog().getByText(/Import source should match/), 'the pattern message');
      expect(await dialog().getByLabel('Commit message').inputValue(), 'the commit message offered').toBe(message());
      await dialog().getByLabel('Destination').fill(`${FOLDER}/`);
      await dialog().getByRole('button', { name: 'Add Metadata field' }).click();
      await dialog().getByLabel('Metadata key 1').fill('origin');
      await dialog().getByLabel('Metadata value 1').fill('field survey');
      await screenshot(page, 'import-01-form');
    }));

  it(`imports the folder of ${FILES} files, showing its progress, then its commit`, () =>
    step('import', async () => {
      await dialog().getByRole('button', { name: 'Import', exact: true }).click();
      // Shown from the start until the import completes. The live stream brings each status as the server records it, so
      // on a fast run the completion can come before any count of objects ingested is drawn.
      const completed = dialog().getByText('Import completed');
      await shows(dialog().getByRole('status', { name: 'Import progress' }).or(completed).first(), 'the import’s progress');
      await shows(dialog().getByText(/objects? ingested/).or(completed).first(), 'the count of objects ingested, or the completed import');
      await screenshot(page, 'import-02-progress');
      await shows(completed, 'the completed import', 60_000);
      await shows(dialog().getByText(`1,000 objects were imported and committed to branch main.`), 'the number of objects imported');
      await shows(dialog().getByRole('link', { name: /^View commit [0-9a-f]{12}$/ }), 'the link to the import’s commit');
      await screenshot(page, 'import-03-completed');
      await dialog().getByRole('button', { name: 'Close', exact: true }).click();
      await disappears(dialog(), 'the import dialog');
      expect(new URL(page.url()).searchParams.has('importDialog'), 'closing takes the dialog out of the address').toBe(false);
    }));

  it('lists the imported files, whose content reads through from the import root', () =>
    step('imported files', async () => {
      // The listing was read again when the import completed.
      await objectsTable().getByRole('link', { name: `${FOLDER}/`, exact: true }).click();
      await arrivesAt(page, new RegExp(`[?&]path=${FOLDER}%2F(&|$)`));
      await shows(objectsTable().getByRole('link', { name: fileName(0), exact: true }), 'the first imported file');
      expect(await api?.readObject(REPO, 'main', `${FOLDER}/${fileName(742)}`)).toBe(fileContent(742));
      await screenshot(page, 'import-04-listing');
    }));

  it('shows the import’s commit in the Commits page, with its metadata', () =>
    step('commit', async () => {
      await tab('Commits').click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/commits`));
      const commit = page.getByRole('link', { name: message(), exact: true });
      await shows(commit, 'the import’s commit in the log');
      await commit.click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/commits/[0-9a-f]{12,}`));
      await shows(page.getByRole('heading', { name: message() }), 'the commit’s page');
      const metadata = page.getByRole('table', { name: 'Metadata' });
      await shows(metadata.getByText('field survey'), 'the metadata given in the dialog');
      await screenshot(page, 'import-05-commit');
    }));

  it('met no page error, console error, CSP violation or server error', () => {
    expect(problems, `problems seen:\n${problems.join('\n')}`).toEqual([]);
  });
});
