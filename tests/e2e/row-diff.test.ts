// Row diff in Chromium: a csv committed on main is changed on a branch (one row added, one removed, one amount
// changed); "Compare rows" on the branch's Uncommitted Changes, then on the Compare screen once committed, finds
// them with DuckDB-WASM reading both versions over range requests, offline.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, loginThroughUi, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, refuseOffsite, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi, type LakeApi } from './lake-api';

const REPO = 'ledger';
const BRANCH = 'edit';
const FILE = 'sales/amounts.csv';
/** Starting the engine compiles 18 MB of WebAssembly: slow on a busy machine. */
const ENGINE_TIMEOUT = 60_000;

const OLD = 'id,name,amount\n1,ada,10\n2,bob,20\n3,cy,30\n4,dee,40\n5,eve,50\n';
// Row 2 removed, row 3's amount changed, row 6 added.
const NEW = 'id,name,amount\n1,ada,10\n3,cy,31\n4,dee,40\n5,eve,50\n6,fay,60\n';

describe('row diff', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let lake: LakeApi;
  const offsite: string[] = [];
  const { step, records, currentStep } = stepRunner('row-diff', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    lake = lakeApi(tarn.url, credentials);
    await lake.createRepository(REPO);
    await lake.commitFile(REPO, 'main', FILE, OLD, 'Amounts');
    await lake.createBranch(REPO, BRANCH, 'main');
    await lake.uploadObject(REPO, BRANCH, FILE, NEW, 'text/csv');
    // Offline: any request that leaves the local server (a CDN, DuckDB's extension site) fails the test.
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, {
      viewport: { width: 1280, height: 900 },
      prepare: refuseOffsite(tarn.url, offsite),
    }));
  });

  afterAll(async () => {
    await endJourney('row-diff', records, { context, browser, tarn });
  });

  /** Opens the folder of the file in the tree, presses Compare rows and checks what it finds. */
  /** In a tree the file's folder is opened first; Compare's files view lists the file itself. */
  async function compareRows(tree: Locator, shot: string, inFolder = true): Promise<void> {
    if (inFolder) await tree.getByRole('button', { name: 'Expand sales/' }).click();
    await tree.getByRole('button', { name: `Compare rows of ${FILE}` }).click();
    const region = page.getByRole('region', { name: `Row changes of ${FILE}` });
    await shows(region.getByText('1 row added, 1 removed, 1 changed.'), 'the counts', ENGINE_TIMEOUT);
    expect(await region.getByRole('combobox', { name: `Key column of ${FILE}` }).inputValue()).toBe('id');
    const table = region.getByRole('table', { name: `Differing rows of ${FILE}` });
    const rows = await table.getByRole('row').evaluateAll((trs) =>
      trs.map((tr) => [...tr.children].map((cell) => cell.textContent).join('|')),
    );
    expect(rows).toEqual(['Change|id|name|amount', 'removed|2|bob|20', 'changed|3|cy|3031', 'added|6|fay|60']);
    // The changed cell, highlighted: the old value struck through, the new one marked, both said to screen readers.
    const changed = table.getByRole('cell', { name: 'amount: 30 → 31' });
    await shows(changed, 'the changed amount');
    expect(await changed.locator('del').textContent()).toBe('30');
    expect(await changed.locator('ins').textContent()).toBe('31');
    const highlight = await changed.locator('ins').evaluate((ins) => getComputedStyle(ins).backgroundColor);
    expect(highlight).not.toBe('rgba(0, 0, 0, 0)');
    await screenshot(page, shot);
  }

  it('logs in', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
    }));

  it("compares the rows of the branch's uncommitted csv with its last commit", () =>
    step('uncommitted', async () => {
      await visit(page, `/repositories/${REPO}/changes?ref=${BRANCH}`);
      await compareRows(page.getByRole('list', { name: `Uncommitted changes of ${BRANCH}` }), 'row-diff-01-uncommitted');
    }));

  it('compares the rows of the csv between main and the branch on the Compare screen', () =>
    step('compare', async () => {
      await lake.commit(REPO, BRANCH, 'Amounts changed');
      await visit(page, `/repositories/${REPO}/compare?ref=main&compare=${BRANCH}`);
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/compare\\?`));
      await compareRows(page.getByRole('list', { name: `Changes between main and ${BRANCH}` }), 'row-diff-02-compare', false);
    }));

  it('raised no page errors, console errors or server errors, and reached nothing off the local server', () => {
    expect(problems, `problems seen:\n${problems.join('\n')}`).toEqual([]);
    expect(offsite, 'requests that left the local server').toEqual([]);
  });
});
