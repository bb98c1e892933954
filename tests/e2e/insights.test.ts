// Insights in Chromium: a committed history prepared over the API, then objects uploaded through the Upload dialog into
// two folders (one on main, one on a branch), left uncommitted; the Insights tab's treemap shows each folder's size, a folder opens with Enter (its prefix in the address) and the
// path leads back up; the growth chart and the uncommitted volume of each branch are there.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, becomesEnabled, disappears, loginThroughUi, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi } from './lake-api';

const REPO = 'usage';

describe('insights', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  const { step, records, currentStep } = stepRunner('insights', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    const lake = lakeApi(tarn.url, credentials);
    await lake.createRepository(REPO);
    await lake.uploadObject(REPO, 'main', 'images/cat.png', 'c'.repeat(3000), 'image/png');
    await lake.uploadObject(REPO, 'main', 'images/dog.png', 'd'.repeat(2000), 'image/png');
    await lake.uploadObject(REPO, 'main', 'docs/guide.md', 'g'.repeat(400), 'text/markdown');
    await lake.commit(REPO, 'main', 'Pictures and a guide');
    await lake.createBranch(REPO, 'dev', 'main');
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, { viewport: { width: 1280, height: 900 } }));
  });

  afterAll(async () => {
    await endJourney('insights', records, { context, browser, tarn });
  });

  const treemap = (under: string) => page.getByRole('list', { name: `Sizes under ${under}` });

  it('logs in', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
    }));

  /** Uploads one file into `folder` of `branch` through the Objects page's Upload dialog, leaving it uncommitted. */
  async function uploadThroughUi(branch: string, folder: string, name: string, bytes: number, mimeType: string): Promise<void> {
    await visit(page, `/repositories/${REPO}/objects?ref=${branch}`);
    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    await becomesEnabled(upload, `the Upload button on ${branch}`);
    await upload.click();
    const dialog = page.getByRole('dialog', { name: `Upload Objects to Branch '${branch}'` });
    await dialog.getByLabel('Destination Directory').fill(folder);
    await dialog.locator('input[type="file"]').and(dialog.getByLabel('Files to upload')).setInputFiles({ name, mimeType, buffer: Buffer.alloc(bytes, 120) });
    await dialog.getByRole('button', { name: 'Upload 1 File' }).click();
    await shows(dialog.getByRole('status', { name: 'Upload finished' }), 'the upload’s receipt', 20_000);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await disappears(dialog, 'the upload dialog');
  }

  it('uploads a picture into images/ on main and a video into videos/ on a branch', () =>
    step('upload', async () => {
      await uploadThroughUi('main', 'images/', 'bird.png', 700, 'image/png');
      await uploadThroughUi('dev', 'videos/', 'clip.mp4', 5000, 'video/mp4');
    }));

  it('opens the Insights tab and sees each folder’s size, uncommitted objects included', () =>
    step('treemap', async () => {
      await visit(page, `/repositories/${REPO}/objects?ref=main`);
      await page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Insights' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/insights`));
      const root = treemap('the root');
      const images = root.getByRole('button', { name: 'images/ 5.6 KB in 3 objects, folder: open' });
      await shows(images, 'the images folder’s cell with its size', 20_000);
      await shows(root.getByRole('button', { name: 'docs/ 400 B in 1 object, folder: open' }), 'the docs folder’s cell');
      // The cell shows its name and size, not only its label.
      expect(await images.innerText()).toMatch(/images\/\s+5\.6 KB/);
      await shows(page.getByTestId('usage-totals').getByText('In main: 6.0 KB in 4 objects, of which uncommitted: +700 B (1 added, 0 changed, 0 removed)'), 'the totals');
      await screenshot(page, 'insights-01-treemap');
    }));

  it('opens a folder with Enter, its prefix in the address, and goes back up by the path', () =>
    step('drill', async () => {
      await treemap('the root').getByRole('button', { name: /^images\/ .*, folder: open$/ }).focus();
      await page.keyboard.press('Enter');
      await arrivesAt(page, /[?&]prefix=images%2F/);
      const folder = treemap('images/');
      await shows(folder.getByRole('link', { name: 'cat.png 2.9 KB in 1 object, object: open' }), 'the cat picture’s cell');
      await shows(folder.getByRole('link', { name: 'bird.png 700 B in 1 object, object: open' }), 'the uncommitted bird picture’s cell');
      await screenshot(page, 'insights-02-folder');
      await page.getByRole('button', { name: 'main', exact: true }).click();
      await shows(treemap('the root').getByRole('button', { name: /^docs\/ .*, folder: open$/ }), 'the root’s cells again');
      expect(new URL(page.url()).searchParams.has('prefix')).toBe(false);
    }));

  it('sees the growth over the commits and the uncommitted volume of each branch', () =>
    step('volumes', async () => {
      await shows(page.getByRole('img', { name: /^Bytes at the last 2 commits: from 0 B to 5\.3 KB$/ }), 'the growth of the bytes', 20_000);
      const volumes = page.getByRole('table', { name: 'Uncommitted volume per branch' });
      await shows(volumes, 'the uncommitted volume per branch', 20_000);
      const row = async (branch: string) =>
        (await volumes.locator(`tr[data-branch="${branch}"]`).locator('td').allInnerTexts()).map((text) => text.trim());
      // Branch, added, changed, removed, data written, net objects, net bytes; the most data written first.
      expect(await row('dev')).toEqual(['dev', '1', '0', '0', '4.9 KB', '+1', '+4.9 KB']);
      expect(await row('main')).toEqual(['main', '1', '0', '0', '700 B', '+1', '+700 B']);
      expect(await volumes.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-branch')))).toEqual(['dev', 'main']);
      await screenshot(page, 'insights-03-volumes');
    }));

  it('raised no page errors, console errors or server errors', () => {
    expect(problems, `problems seen:\n${problems.join('\n')}`).toEqual([]);
  });
});
