// Journey: Tables (README, Tables). A Delta Lake table is uploaded in two commits (its log with adds, a remove and
// a Parquet checkpoint; tests/table-fixtures.ts); the Tables tab lists it with its version and counts; its page shows
// the schema and the history; the default SQL runs on DuckDB-WASM over the data files the log names (offline) and
// shows the live rows; compared with the branch made after the first commit, it shows the versions between, the
// added column, the files added and removed, and the rows added and removed.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltaLiveIds, deltaTable } from '../table-fixtures';
import { arrivesAt, loginThroughUi, setupThroughApi, shows, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, refuseOffsite, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi } from './lake-api';

const REPO = 'warehouse';
const TABLE = 'sales/orders';
const BEFORE = 'first-load';
/** Starting the engine compiles 18 MB of WebAssembly: slow on a busy machine. */
const ENGINE_TIMEOUT = 60_000;

describe('journey: tables', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  const offsite: string[] = [];
  const { step, records, currentStep } = stepRunner('tables', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    const lake = lakeApi(tarn.url, credentials);
    await lake.createRepository(REPO);
    // The first load: versions 0 and 1 with their data files; then a branch keeps it, and the rest of the log lands.
    const files = deltaTable(TABLE);
    const first = (path: string) => /(00000000000000000000|00000000000000000001)\.json$|part-0000[01]\.parquet$/.test(path);
    for (const f of files.filter((f) => first(f.path))) await lake.uploadObject(REPO, 'main', f.path, f.bytes, 'application/octet-stream');
    await lake.commit(REPO, 'main', 'Orders: first load');
    await lake.createBranch(REPO, BEFORE, 'main');
    for (const f of files.filter((f) => !first(f.path))) await lake.uploadObject(REPO, 'main', f.path, f.bytes, 'application/octet-stream');
    await lake.commit(REPO, 'main', 'Orders: delete and append');
    // Offline: any request that leaves the local server (a CDN, DuckDB's extension site) fails the journey.
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, {
      viewport: { width: 1280, height: 900 },
      prepare: refuseOffsite(tarn.url, offsite),
    }));
  }, 120_000);

  afterAll(async () => {
    await endJourney('tables', records, { context, browser, tarn });
  });

  const result = () => page.getByRole('table', { name: 'Query result' });

  it('logs in', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
    }));

  it('opens the Tables tab beside the objects and finds the Delta table with its version and counts', () =>
    step('list', async () => {
      await page.goto(`/repositories/${REPO}/objects?ref=main`);
      await page.getByRole('link', { name: 'Tables' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/tables`));
      const listing = page.getByRole('table', { name: 'Tables' });
      const row = listing.getByRole('row').filter({ hasText: TABLE });
      await shows(row, 'the table’s row');
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells).toEqual([TABLE, 'Delta', '3', '4', '3', String(deltaLiveIds.length)]);
      await screenshot(page, 'tables-01-list');
    }));

  it('opens the table: schema, history, and the default SQL over its current snapshot', () =>
    step('table', async () => {
      await page.getByRole('link', { name: TABLE }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${REPO}/tables/table\\?`));
      const schema = page.getByRole('table', { name: 'Schema' });
      await shows(schema, 'the schema');
      const columns = await schema.getByRole('row').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent).join('|')));
      expect(columns).toEqual(['Column|Type|Nullable', 'id|integer|no', 'name|string|yes', 'amount|double|yes', 'note|string|yes']);
      const history = page.getByRole('table', { name: 'History' });
      const versions = await history.getByRole('row').evaluateAll((trs) => trs.slice(1).map((tr) => [tr.children[0]?.textContent, tr.children[2]?.textContent].join(' ')));
      expect(versions).toEqual(['3 WRITE', '2 DELETE', '1 WRITE', '0 CREATE TABLE AS SELECT']);
      await shows(result(), 'the result of the default query', ENGINE_TIMEOUT);
      const editor = page.getByRole('textbox', { name: 'SQL query' });
      expect(await editor.textContent()).toMatch(new RegExp(`^SELECT \\* FROM READ_PARQUET\\(\\['lakefs://${REPO}/main/${TABLE}/part-00001\\.parquet', `));
      const ids = await result()
        .getByRole('row')
        .evaluateAll((trs) => trs.slice(1).map((tr) => Number(tr.children[1]?.textContent)));
      expect(ids.sort((a, b) => a - b)).toEqual(deltaLiveIds);
      await screenshot(page, 'tables-02-table');
    }));

  it('compares the table with the branch of its first load: versions, schema, files and rows', () =>
    step('compare', async () => {
      await page.getByRole('textbox', { name: 'Ref to compare with' }).fill(BEFORE);
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      await arrivesAt(page, /[?&]compare=first-load/);
      const changes = page.getByRole('region', { name: `Changes from ${BEFORE} to main` });
      await shows(changes.getByText('2 versions between them'), 'the versions between');
      expect(await changes.getByRole('list', { name: 'Schema changes' }).textContent()).toBe('note added: string');
      expect(await changes.getByRole('list', { name: 'Files added' }).getByRole('listitem').allTextContents()).toEqual([
        `${TABLE}/part-00002.parquet`,
        `${TABLE}/part-00003.parquet`,
      ]);
      expect(await changes.getByRole('list', { name: 'Files removed' }).getByRole('listitem').allTextContents()).toEqual([`${TABLE}/part-00000.parquet`]);
      await changes.getByRole('button', { name: 'Compare rows' }).click();
      // Before: ids 1-5; now: 4-10.
      await shows(changes.getByText('5 rows added, 3 removed, 0 changed.'), 'the row counts', ENGINE_TIMEOUT);
      await screenshot(page, 'tables-03-compare');
    }));

  it('raised no page errors, console errors or server errors, and reached nothing off the local server', () => {
    expect(problems, `problems seen:\n${problems.join('\n')}`).toEqual([]);
    expect(offsite, 'requests that left the local server').toEqual([]);
  });
});
