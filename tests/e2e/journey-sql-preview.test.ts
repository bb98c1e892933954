// Journey: SQL over the sample's data files in the browser (docs/behaviour.md, Object viewer). DuckDB-WASM starts from Tarn's own build
// (offline: nothing but the local server is reachable), previews lakes.parquet and data/lakes.csv with their
// opening queries (with the file's row count, and the CSV's header row switched), runs a GROUP BY put in the address
// and sorts it by keyboard, cancels a long query, scrolls a wide result sideways, exports a result, and writes a
// result back with COPY ... TO, which then shows under Uncommitted Changes.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, disappears, loginThroughUi, setupThroughApi, shows, type AdminCredentials } from './flows';
import { downloadedBytes, endJourney, launchChromium, openJourneyPage, refuseOffsite, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi } from './lake-api';

const SAMPLE = 'quickstart';
const BRANCH = 'sql-out';
/** Starting the engine compiles 18 MB of WebAssembly: slow on a busy machine. */
const ENGINE_TIMEOUT = 60_000;

describe('journey: SQL preview', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  const offsite: string[] = [];
  const figures: string[] = [];
  const { step, records, currentStep } = stepRunner('journey-sql-preview', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    const auth = `Basic ${Buffer.from(`${credentials.accessKeyId}:${credentials.secretAccessKey}`).toString('base64')}`;
    const created = await fetch(`${tarn.url}/api/v1/repositories`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: SAMPLE, storage_namespace: `local://${SAMPLE}`, default_branch: 'main', sample_data: true }),
    });
    if (created.status !== 201) throw new Error(`creating the sample answered ${created.status}: ${await created.text()}`);
    // The sample's main is protected: results are written to a branch of it.
    await lakeApi(tarn.url, credentials).createBranch(SAMPLE, BRANCH, 'main');
    // Offline: any request that leaves the local server (a CDN, DuckDB's extension site) fails the journey.
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, {
      viewport: { width: 1280, height: 900 },
      prepare: refuseOffsite(tarn.url, offsite),
    }));
  });

  afterAll(async () => {
    console.log(`journey-sql-preview figures:\n  ${figures.join('\n  ')}`);
    await endJourney('journey-sql-preview', records, { context, browser, tarn });
  });

  const editor = () => page.getByRole('textbox', { name: 'SQL query' });
  const result = () => page.getByRole('table', { name: 'Query result' });
  const status = () => page.getByText(/^([\d,]+ rows? in [\d,]+ ms|Showing [\d,]+ of [\d,]+ rows)/);
  /** The status once the file's rows are counted: how many of them the opening query shows. */
  const counted = /^Showing 20 of ([\d,]+) rows \(the query took [\d,]+ ms\)$/;
  const escape = (text: string) => text.replace(/[()]/g, '\\$&');
  /** A column's header: its name, then its DuckDB type. */
  const header = (name: string, type: string) =>
    result().getByRole('columnheader', { name: new RegExp(`^${escape(name)}\\s*${escape(type)}`) });

  /** Replaces the editor's text as a paste would, then runs it with the Execute button or Ctrl+Enter. */
  async function execute(sql: string, by: 'button' | 'keyboard' = 'button'): Promise<void> {
    await editor().click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(sql);
    await expect.poll(() => editor().textContent(), { message: 'the editor holds the typed query' }).toBe(sql);
    if (by === 'keyboard') await page.keyboard.press('Control+Enter');
    else await page.getByRole('button', { name: 'Execute' }).click();
  }

  it('logs in', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
    }));

  it('previews lakes.parquet with its opening query: 20 rows, column types and charts', () =>
    step('parquet preview', async () => {
      await page.goto(`/repositories/${SAMPLE}/objects?ref=main`);
      const opened = Date.now();
      await page.getByRole('grid', { name: 'Objects' }).getByRole('link', { name: 'lakes.parquet', exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/object\\?`));
      await shows(result(), 'the result of the opening query', ENGINE_TIMEOUT);
      const resultShown = Date.now();
      expect(await editor().textContent()).toBe(`SELECT * FROM READ_PARQUET('lakefs://${SAMPLE}/main/lakes.parquet') LIMIT 20`);
      await expect.poll(() => status().textContent(), { message: 'the file’s rows counted', timeout: ENGINE_TIMEOUT }).toMatch(counted);
      const stated = (await status().textContent()) ?? '';
      expect(Number(counted.exec(stated)?.[1]?.replaceAll(',', ''))).toBeGreaterThan(20);
      // The engine starts when its module is fetched and is ready when the first query reads the object.
      const engineStart = await page.evaluate(() => {
        const entries = performance.getEntriesByType('resource');
        const module = entries.find((e) => /\/assets\/sql-engine-[^/]+\.js$/.test(e.name));
        const firstRead = entries.find((e) => e.name.includes('objects?path=lakes.parquet&run='));
        return module && firstRead ? Math.round(firstRead.startTime - module.startTime) : undefined;
      });
      figures.push(
        `lakes.parquet: link clicked to first result ${resultShown - opened} ms; engine start ${engineStart} ms ` +
          `(its module fetched to its first read); the LIMIT 20 query: ${stated}`,
      );
      // 20 rows and the header: every column with its DuckDB type.
      expect(await result().getByRole('row').count()).toBe(21);
      for (const [name, type] of [
        ['lake_name', 'VARCHAR'],
        ['country', 'VARCHAR'],
        ['area_km2', 'DOUBLE'],
        ['max_depth_m', 'INTEGER'],
      ] as const) {
        await shows(header(name, type), `the ${name} column typed ${type}`);
      }
      await shows(result().getByRole('cell', { name: 'Lake Superior' }).first(), 'the first lake');
      await shows(result().getByRole('img', { name: /^Histogram of area_km2 from / }), 'the histogram of area_km2');
      await shows(result().getByRole('img', { name: /^Most frequent values of country: / }), 'the top countries');
      await screenshot(page, 'sql-01-parquet-preview');
      // The editor completes the file's columns, which DuckDB described once the query had run.
      await editor().click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' lake_n');
      await shows(page.getByRole('option', { name: /^lake_name/ }), 'lake_name offered while typing');
      await page.keyboard.press('Escape');
    }));

  it('runs a GROUP BY, which goes into the address and comes back with it', () =>
    step('group by', async () => {
      const sql = `SELECT country, COUNT(*) FROM READ_PARQUET('lakefs://${SAMPLE}/main/lakes.parquet') GROUP BY 1 ORDER BY 2 DESC`;
      await execute(sql);
      await arrivesAt(page, /[?&]sql=/);
      expect(new URL(page.url()).searchParams.get('sql')).toBe(sql);
      await shows(header('count_star()', 'BIGINT'), 'the count column typed BIGINT');
      const firstRow = result().getByRole('row').nth(1);
      await expect.poll(() => firstRow.getByRole('cell').allTextContents()).toEqual(['1', 'United States', '1,350', '']);
      const stated = (await status().textContent()) ?? '';
      expect(stated).toMatch(/^\d+ rows in [\d,]+ ms$/);
      figures.push(`GROUP BY country over lakes.parquet: ${stated}`);
      // A link to this address is the query: it opens and runs again.
      await page.reload();
      await shows(header('count_star()', 'BIGINT'), 'the GROUP BY result again after a reload', ENGINE_TIMEOUT);
      expect(await editor().textContent()).toBe(sql);
      await screenshot(page, 'sql-02-group-by');

      // The header sorts the rows shown, from the keyboard too; the focus stays on it.
      const countHeader = header('count_star()', 'BIGINT');
      const sortByCount = countHeader.getByRole('button', { name: 'count_star()' });
      await sortByCount.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => countHeader.getAttribute('aria-sort')).toBe('ascending');
      const firstCount = async () => Number(((await firstRow.getByRole('cell').nth(2).textContent()) ?? '').replaceAll(',', ''));
      expect(await firstCount()).toBeLessThan(1350);
      await page.keyboard.press('Enter');
      await expect.poll(() => countHeader.getAttribute('aria-sort')).toBe('descending');
      await expect.poll(() => firstRow.getByRole('cell').allTextContents()).toEqual(['1', 'United States', '1,350', '']);
      await page.keyboard.press('Enter');
      await expect.poll(() => countHeader.getAttribute('aria-sort')).toBe('none');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('count_star()');
    }));

  it('exports the result as CSV', () =>
    step('export', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('lakes-query.csv');
      const lines = (await downloadedBytes(download)).toString('utf8').trim().split('\n');
      expect(lines[0]).toBe('country,count_star()');
      expect(lines[1]).toBe('United States,1350');
    }));

  it('cancels a long query, and runs the next one', () =>
    step('cancel', async () => {
      await execute('SELECT count(*) FROM range(100000000000) t(x) WHERE x % 7 = 3');
      const cancel = page.getByRole('button', { name: 'Cancel' });
      await shows(cancel, 'the Cancel button while the query runs');
      const asked = Date.now();
      await cancel.click();
      await shows(page.getByText('The query was cancelled.'), 'the cancelled query');
      await disappears(cancel, 'the Cancel button');
      await execute('SELECT 42 AS answer', 'keyboard');
      await shows(result().getByRole('cell', { name: '42' }), 'the next query’s result');
      figures.push(`cancel to the next query's result: ${Date.now() - asked} ms`);
    }));

  it('says that a wide result scrolls sideways, until its last column is in view', () =>
    step('wide result', async () => {
      await execute(`SELECT ${Array.from({ length: 14 }, (_, i) => `${i * 1000} AS c${i}`).join(', ')}`);
      const hint = page.getByRole('button', { name: /^Scroll sideways for \d+ more columns?$/ });
      await shows(hint, 'the hint that more columns lie to the right');
      await screenshot(page, 'sql-03a-wide-result');
      // A press scrolls most of a box's width; the hint goes once the last column is in view.
      const scrolled = () => page.evaluate(() => document.querySelector('[data-scroll-viewport]')?.scrollLeft ?? 0);
      await hint.click();
      await expect.poll(scrolled, { message: 'the result scrolled sideways' }).toBeGreaterThan(0);
      await page.evaluate(() => {
        const box = document.querySelector('[data-scroll-viewport]');
        box?.scrollTo({ left: box.scrollWidth });
      });
      await disappears(hint, 'the hint, scrolled to the end');
      await shows(header('c13', 'INTEGER'), 'the last column');
    }));

  it('previews data/lakes.csv with its opening query, and reads its first row as data when told', () =>
    step('csv preview', async () => {
      await page.goto(`/repositories/${SAMPLE}/object?ref=main&path=${encodeURIComponent('data/lakes.csv')}`);
      await shows(result(), 'the result of the CSV’s opening query', ENGINE_TIMEOUT);
      expect(await editor().textContent()).toBe(`SELECT * FROM READ_CSV_AUTO('lakefs://${SAMPLE}/main/data/lakes.csv') LIMIT 20`);
      await expect.poll(() => status().textContent(), { message: 'the CSV’s rows counted', timeout: ENGINE_TIMEOUT }).toMatch(counted);
      await shows(header('lake_name', 'VARCHAR'), 'the lake_name column');
      await shows(header('max_depth_m', 'BIGINT'), 'the max_depth_m column as DuckDB sniffed it');
      await shows(result().getByRole('cell', { name: 'Lake Huron' }).first(), 'a lake of the CSV');
      // DuckDB found the column names in the first row.
      const firstRowIsHeader = page.getByRole('checkbox', { name: 'First row is header' });
      await expect.poll(() => firstRowIsHeader.isChecked(), { message: 'the header row as DuckDB found it' }).toBe(true);
      await screenshot(page, 'sql-03-csv-preview');

      // Told otherwise, the names are a row like the others, and the address keeps the choice.
      await page.getByText('First row is header').click();
      await arrivesAt(page, /[?&]header=false/);
      await shows(result().getByRole('cell', { name: 'lake_name', exact: true }), 'the names read as a row', ENGINE_TIMEOUT);
      expect(await editor().textContent()).toBe(`SELECT * FROM READ_CSV_AUTO('lakefs://${SAMPLE}/main/data/lakes.csv', header = false) LIMIT 20`);
      expect(await firstRowIsHeader.isChecked()).toBe(false);
      await screenshot(page, 'sql-03b-csv-first-row-as-data');
      await page.goBack();
      await shows(header('lake_name', 'VARCHAR'), 'the names again after Back', ENGINE_TIMEOUT);
    }));

  it('refuses to COPY to a ref that is not a branch', () =>
    step('copy refused', async () => {
      await execute(`COPY (SELECT 1 AS a) TO 'lakefs://${SAMPLE}/v1/out/a.csv'`);
      const alert = page.getByRole('alert');
      await shows(alert, 'the refusal');
      expect(await alert.textContent()).toContain(`Cannot write lakefs://${SAMPLE}/v1/out/a.csv: COPY ... TO writes only to a branch`);
    }));

  it('writes a result back with COPY TO, and finds it under Uncommitted Changes', () =>
    step('copy to', async () => {
      const target = `lakefs://${SAMPLE}/${BRANCH}/out/x.parquet`;
      await execute(`COPY (SELECT * FROM READ_PARQUET('lakefs://${SAMPLE}/main/lakes.parquet') WHERE country = 'Denmark') TO '${target}'`);
      const written = page.getByText(`Wrote ${target}: it is an uncommitted change on branch ${BRANCH}`);
      await shows(written, 'the written object', ENGINE_TIMEOUT);
      await screenshot(page, 'sql-04-copy-to');
      await written.getByRole('link', { name: 'Uncommitted Changes' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/changes\\?ref=${BRANCH}`));
      const changes = page.getByRole('list', { name: `Uncommitted changes of ${BRANCH}` });
      await shows(changes.getByRole('listitem', { name: 'out/', exact: true }), 'the out/ folder among the changes');
      await changes.getByRole('button', { name: 'Expand out/' }).click();
      await shows(changes.getByRole('listitem', { name: 'out/x.parquet', exact: true }), 'the written object among the changes');
      await screenshot(page, 'sql-05-uncommitted');
      // Coming back to the address of a query that writes does not run it again: Execute does.
      await page.goBack();
      await shows(page.getByText(`This query writes ${target}: press Execute to run it.`), 'the query waiting for Execute', ENGINE_TIMEOUT);
      expect(await page.getByText(/^Wrote /).count()).toBe(0);
      // It is a Parquet file DuckDB reads back: the Danish lakes.
      await page.goto(`/repositories/${SAMPLE}/object?ref=${BRANCH}&path=${encodeURIComponent('out/x.parquet')}`);
      await shows(result(), 'the written object’s preview', ENGINE_TIMEOUT);
      const countries = await result().getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.children[2]?.textContent));
      expect(countries.length).toBeGreaterThan(0);
      expect(new Set(countries)).toEqual(new Set(['Denmark']));
    }));

  it('raised no page errors, console errors or server errors, and reached nothing off the local server', () => {
    expect(problems, `problems seen during the journey:\n${problems.join('\n')}`).toEqual([]);
    expect(offsite, 'requests that left the local server').toEqual([]);
  });
});
