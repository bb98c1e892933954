// Journey 2: a new user creates the quickstart sample from the welcome card, reads its README under the listing
// (a tour of Tarn with its pictures), browses its folders and back, opens the CSV and finds the commit that last
// changed an object; then, as lakeFS's own UI tests do with the sample, deletes several pictures in turn on a branch,
// committing each.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, disappears, loginThroughUi, setupThroughApi, shows, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi } from './lake-api';

const SAMPLE = 'quickstart';
const SAMPLE_COMMIT = 'Add sample data';
const PRUNE_BRANCH = 'fewer-images';

describe('journey: sample repository', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  const { step, records, currentStep } = stepRunner('journey-sample', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep));
  });

  afterAll(async () => {
    await endJourney('journey-sample', records, { context, browser, tarn });
  });

  const objectsTable = () => page.getByRole('grid', { name: 'Objects' });
  const entry = (name: string) => objectsTable().getByRole('link', { name, exact: true });
  const breadcrumb = () => page.getByRole('navigation', { name: 'Path' });

  it('logs in through the login form after setup over the API', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      // Signed out, a console page sends the user to login, which brings them back to it afterwards.
      await page.goto('/repositories');
      await arrivesAt(page, /^\/auth\/login\?/);
      const login = new URL(page.url());
      expect(login.searchParams.get('redirected'), 'the login address says the user was redirected').toBe('true');
      expect(login.searchParams.get('next'), 'the login address remembers the page').toBe('/repositories');
      await loginThroughUi(page, credentials);
      await shows(page.getByText('Welcome to Tarn!'), 'the welcome card');
    }));

  it('creates the quickstart sample from the welcome card', () =>
    step('create sample', async () => {
      await page.getByRole('button', { name: 'Create Sample Repository' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/objects`), 20_000);
      for (const name of ['README.md', 'data/', 'images/', 'lakes.parquet']) {
        await shows(entry(name), `${name} in the sample’s listing`);
      }
      await screenshot(page, 'j2-01-sample-objects');
    }));

  it('renders README.md under the objects listing', () =>
    step('readme preview', async () => {
      const readme = page.getByRole('region', { name: 'README.md' });
      await shows(readme.getByRole('heading', { name: 'Welcome to the Lake!' }), 'the README’s title rendered as a heading');
      await shows(readme.getByRole('table').first(), 'the README’s table rendered as a table');
      await shows(readme.getByRole('cell', { name: 'data/lakes.csv' }), 'a row of the README’s table');
      await shows(readme.getByText(/READ_PARQUET\('lakefs:\/\/quickstart\/main\/lakes\.parquet'\)/).first(), 'the README’s example SQL');
      const image = readme.getByRole('img', { name: /^Evening on a mountain lake/ });
      await shows(image, 'the README’s image');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 10_000,
          message: 'the README’s image (images/lake.png, a relative link) should load',
        })
        .toBe(true);
      // Every picture of the tour loads from images/ (relative links, resolved against the README's ref).
      const pictures = readme.locator('img[src]');
      await expect.poll(() => pictures.count(), { message: 'the README shows the tour’s pictures' }).toBeGreaterThanOrEqual(11);
      await expect
        .poll(
          () =>
            pictures.evaluateAll((imgs) =>
              imgs.filter((img) => !((img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).map((img) => img.getAttribute('src')),
            ),
          { timeout: 20_000, message: 'every picture of the README should load' },
        )
        .toEqual([]);
      const [listingBox, readmeBox] = await Promise.all([objectsTable().boundingBox(), readme.boundingBox()]);
      expect(listingBox && readmeBox && readmeBox.y >= listingBox.y + listingBox.height, 'the README is under the listing').toBe(
        true,
      );
      await readme.scrollIntoViewIfNeeded();
      await screenshot(page, 'j2-02-readme-preview');
    }));

  it('browses into a prefix and back through the breadcrumbs', () =>
    step('browse prefixes', async () => {
      await entry('images/').click();
      await arrivesAt(page, /[?&]path=images%2F(&|$)/);
      await shows(entry('lake.png'), 'lake.png inside images/');
      // The folder is in the address, so a reload (or a shared link) opens the same place.
      await page.reload();
      await shows(entry('lake.png'), 'lake.png again after reloading images/');
      await shows(breadcrumb().getByRole('link', { name: 'images', exact: true }), 'the images crumb');
      await screenshot(page, 'j2-03-browse-prefix');
      await breadcrumb().getByRole('link', { name: `lakefs://${SAMPLE}/main` }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/objects\\?(?!.*path=)`));
      await shows(entry('README.md'), 'README.md again at the repository root');
    }));

  it('opens the CSV in the object viewer', () =>
    step('csv viewer', async () => {
      await entry('data/').click();
      await arrivesAt(page, /[?&]path=data%2F(&|$)/);
      await entry('lakes.csv').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/object\\?`));
      await shows(page.getByText('lakes.csv', { exact: true }), 'the object’s name in the path');
      await shows(page.getByText(/^text\/csv/), 'the CSV content type');
      await shows(page.getByRole('link', { name: 'Download' }), 'the Download button');
      // The SQL preview runs its opening query over the CSV (the SQL journey tests it further).
      await shows(page.getByRole('cell', { name: 'Lake Superior' }).first(), 'a row of the CSV as a table cell', 30_000);
      await screenshot(page, 'j2-04-csv-viewer');
    }));

  it('opens the blame dialog for an object and sees its commit', () =>
    step('blame', async () => {
      await page.goBack();
      await arrivesAt(page, /[?&]path=data%2F(&|$)/);
      await objectsTable().getByRole('button', { name: 'Blame lakes.csv' }).click();
      const dialog = page.getByRole('dialog', { name: 'Last commit to modify object' });
      await shows(dialog, 'the blame dialog');
      await shows(dialog.getByText('data/lakes.csv', { exact: true }), 'the blamed path');
      await shows(dialog.getByText(SAMPLE_COMMIT, { exact: true }), 'the sample commit’s message');
      await shows(dialog.getByRole('link', { name: /^[0-9a-f]{12}$/ }), 'a link to the commit by its short id');
      await screenshot(page, 'j2-05-blame-dialog');
      await dialog.getByRole('link', { name: /^[0-9a-f]{12}$/ }).click();
      await disappears(dialog, 'the blame dialog');
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/commits/[0-9a-f]{12,}`));
      await shows(page.getByRole('heading', { name: SAMPLE_COMMIT }), 'the sample commit’s page');
      const diff = page.getByRole('list', { name: /^Changes of commit / });
      await shows(diff.getByRole('listitem', { name: 'README.md', exact: true }), 'README.md added by the sample commit');
    }));

  it('browses the objects at the sample commit, read-only', () =>
    step('objects at a commit', async () => {
      await page.getByRole('link', { name: 'Browse objects' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/objects\\?ref=[0-9a-f]{12,}`));
      const commitId = new URL(page.url()).searchParams.get('ref') ?? '';
      await shows(
        breadcrumb().getByRole('link', { name: `lakefs://${SAMPLE}/${commitId.slice(0, 12)}`, exact: true }),
        'the commit shown by its 12-character id in the path',
      );
      await shows(entry('README.md'), 'README.md at the commit');
      const upload = page.getByRole('button', { name: 'Upload', exact: true });
      expect(await upload.isDisabled(), 'Upload is disabled on a commit').toBe(true);
      expect(await objectsTable().getByRole('button', { name: 'Delete README.md' }).count(), 'no Delete on a commit').toBe(0);
      await screenshot(page, 'j2-06-objects-at-commit');
    }));

  it('opens the sample picture in the object viewer at that commit', () =>
    step('image viewer', async () => {
      await entry('images/').click();
      await arrivesAt(page, /[?&]path=images%2F(&|$)/);
      await entry('lake.png').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/object\\?`));
      const image = page.getByRole('img', { name: 'lake.png' });
      await shows(image, 'the picture in the viewer');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 10_000,
          message: 'the picture should load in the viewer',
        })
        .toBe(true);
      await screenshot(page, 'j2-07-image-viewer');
    }));

  it('shows the objects and the README readably in dark mode', () =>
    step('dark mode', async () => {
      await page.goto(`/repositories/${SAMPLE}/objects?ref=main`);
      await shows(page.getByRole('region', { name: 'README.md' }), 'the README preview at the root');
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await shows(page.getByRole('button', { name: 'Switch to light mode' }), 'the toggle offering light mode again');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), 'the page is dark').toBe(true);
      await screenshot(page, 'j2-08-dark-objects-readme');
      await page.getByRole('button', { name: 'Switch to light mode' }).click();
      await shows(page.getByRole('button', { name: 'Switch to dark mode' }), 'the toggle offering dark mode again');
    }));

  it('deletes several pictures in turn on a branch, committing each, as lakeFS’s UI tests do', () =>
    step('delete pictures', async () => {
      if (!tarn || !credentials) throw new Error('no server or credentials');
      await lakeApi(tarn.url, credentials).createBranch(SAMPLE, PRUNE_BRANCH, 'main');
      const changes = () => page.getByRole('list', { name: `Uncommitted changes of ${PRUNE_BRANCH}` });
      const deleted: string[] = [];
      for (let turn = 1; turn <= 3; turn++) {
        await page.goto(`/repositories/${SAMPLE}/objects?ref=${PRUNE_BRANCH}&path=images%2F`);
        // The first object of images/, whatever it is called.
        const remove = objectsTable().getByRole('button', { name: /^Delete / }).first();
        await shows(remove, 'a Delete button in images/');
        const name = ((await remove.getAttribute('aria-label')) ?? '').replace(/^Delete /, '');
        expect(name, 'the first picture’s name').toMatch(/\.png$/);
        await remove.click();
        const confirm = page.getByRole('alertdialog', { name: 'Delete object' });
        await shows(confirm.getByText(`Are you sure you wish to delete object "images/${name}"?`), 'the delete question');
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await disappears(confirm, 'the delete confirmation');
        await disappears(entry(name), `${name} in the listing`);

        await page.getByRole('link', { name: 'Uncommitted Changes' }).click();
        await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/changes\\?ref=${PRUNE_BRANCH}`));
        await changes().getByRole('button', { name: 'Expand images/' }).click();
        await shows(changes().getByRole('listitem', { name: `images/${name}`, exact: true }), `images/${name} as a change`);
        expect(await changes().getByRole('listitem').count(), 'one change: the folder and the picture in it').toBe(2);
        await page.getByRole('button', { name: 'Commit Changes' }).click();
        const dialog = page.getByRole('dialog', { name: 'Commit Changes' });
        await dialog.getByLabel('Commit message').fill(`Delete ${name}`);
        await dialog.getByRole('button', { name: 'Commit Changes' }).click();
        await disappears(dialog, 'the commit dialog', 20_000);
        await shows(page.getByText(`Branch ${PRUNE_BRANCH} has no uncommitted changes.`), 'no changes left after the commit');
        deleted.push(name);
      }
      expect(new Set(deleted).size, 'three different pictures').toBe(3);
      await page.goto(`/repositories/${SAMPLE}/commits?ref=${PRUNE_BRANCH}`);
      const log = page.getByRole('table', { name: `Commits of ${PRUNE_BRANCH}` });
      for (const name of deleted) await shows(log.getByRole('link', { name: `Delete ${name}` }), `the commit deleting ${name}`);
      await screenshot(page, 'j2-09-pictures-deleted');
    }));

  it('raised no page errors, console errors or server errors along the way', () => {
    expect(problems, `problems seen during the journey:\n${problems.join('\n')}`).toEqual([]);
  });
});
