// The Commits page's graph view on the real server in Chromium: a repository with two branches and a merge shows
// its lanes and labels, and a click on a node opens the commit; a history of 10,000 commits scrolls to its end
// with a bounded number of rows in the DOM. Frame times while scrolling are printed, never asserted.
// Ten pages of history prove the window of rows as well as a hundred, and seeding them takes a tenth of the time;
// the commit graph benchmark (bench/commit-graph.ts) measures 100,000 commits, and TARN_E2E_LONG_HISTORY=100000 runs
// this test at that size.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesAt, loginThroughUi, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi } from './lake-api';
import { seedLongHistory, type LongHistoryRepo } from './fixtures/long-history';

const COUNT = Number(process.env.TARN_E2E_LONG_HISTORY ?? 10_000);
/** Rows in the DOM must stay a window, however long the history. */
const MAX_DOM_ROWS = 200;
const SCROLL_BUDGET_MS = 120_000;

interface ScrollFigures {
  frames: number;
  meanMs: number;
  p95Ms: number;
  maxMs: number;
}

/** In the page: wheel-speed scrolling of the graph for `frames` frames, with the frame times and the most rows seen. */
async function scrollAndMeasure(frames: number): Promise<{ times: number[]; maxRows: number }> {
  const list = document.querySelector('[role="list"][aria-label="Commit graph"]');
  const viewport = list?.parentElement;
  if (!list || !viewport) throw new Error('no commit graph on the page');
  const times: number[] = [];
  let maxRows = 0;
  let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
  for (let i = 0; i < frames; i++) {
    viewport.scrollTop += 120;
    const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    times.push(now - last);
    last = now;
    maxRows = Math.max(maxRows, list.querySelectorAll('[role="listitem"]').length);
  }
  return { times, maxRows };
}

function figures(times: number[]): ScrollFigures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    frames: times.length,
    meanMs: Math.round((times.reduce((a, b) => a + b, 0) / Math.max(1, times.length)) * 10) / 10,
    p95Ms: Math.round((sorted[Math.floor(sorted.length * 0.95)] ?? 0) * 10) / 10,
    maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

describe('commit graph', () => {
  let long: LongHistoryRepo;
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let seedMs = 0;
  let mergeId = '';
  let sideId = '';
  const { step, records, currentStep } = stepRunner('commit-graph', () => page, () => tarn);

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tarn-e2e-graph-'));
    const seeding = (async () => {
      const started = performance.now();
      long = await seedLongHistory(dataDir, { count: COUNT });
      seedMs = Math.round(performance.now() - started);
      return startTarn(dataDir);
    })();
    [tarn, browser] = await Promise.all([seeding, launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    const lake = lakeApi(tarn.url, credentials);
    await lake.createRepository('lanes');
    await lake.commitFile('lanes', 'main', 'a.txt', 'a', 'Add a');
    await lake.createBranch('lanes', 'feature', 'main');
    sideId = await lake.commitFile('lanes', 'feature', 'f.txt', 'f', 'Feature work');
    await lake.commitFile('lanes', 'main', 'b.txt', 'b', 'Main work');
    await lake.createBranch('lanes', 'dev', 'main');
    await lake.commitFile('lanes', 'dev', 'd.txt', 'd', 'Dev work');
    const merged = await fetch(`${tarn.url}/api/v1/repositories/lanes/refs/feature/merge/main`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.accessKeyId}:${credentials.secretAccessKey}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ message: 'Merge feature into main' }),
    });
    expect(merged.status).toBe(200);
    mergeId = ((await merged.json()) as { reference: string }).reference;
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep));
  });

  afterAll(async () => {
    await endJourney('commit-graph', records, { context, browser, tarn });
  });

  const graph = () => page.getByRole('list', { name: 'Commit graph' });

  it('logs in', () =>
    step('login', async () => {
      console.log(`seeded ${COUNT} commits in ${seedMs} ms`);
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
    }));

  it('shows two branches and a merge as lanes with their labels, and opens a commit from its node', () =>
    step('small graph', async () => {
      await visit(page, '/repositories/lanes/commits');
      await page.getByRole('button', { name: 'Graph' }).click();
      await arrivesAt(page, /^\/repositories\/lanes\/commits\?view=graph$/);
      const merge = graph().getByRole('link', { name: /branch main.*Merge feature into main/ });
      await shows(merge, 'the merge commit labelled with main');
      await shows(graph().getByRole('link', { name: /branch dev.*Dev work/ }), 'the dev branch head');
      await shows(graph().getByRole('link', { name: /branch feature.*Feature work/ }), 'the feature branch head');
      // The merge's node sends two edges down: its first parent's lane and the merged branch's.
      expect(await merge.locator('path').count()).toBeGreaterThanOrEqual(2);
      const lanes = await graph().locator('circle').evaluateAll((nodes) => new Set(nodes.map((n) => n.getAttribute('cx'))).size);
      expect(lanes, 'commits drawn in more than one lane').toBeGreaterThan(1);
      await screenshot(page, 'commit-graph-01-lanes');
      await graph().getByRole('link', { name: /Feature work/ }).locator('circle').click();
      await arrivesAt(page, new RegExp(`^/repositories/lanes/commits/${sideId}$`));
      await page.goBack();
      await arrivesAt(page, /^\/repositories\/lanes\/commits\?view=graph$/);
      // The page loads the graph again, and its rows may be drawn anew after the link first shows: a press that
      // lands while they are replaced loses its focus, so it is pressed again (at most three times) until the
      // commit opens.
      await shows(merge, 'the merge commit again');
      for (let attempt = 1; ; attempt++) {
        await merge.press('Enter');
        try {
          await arrivesAt(page, new RegExp(`^/repositories/lanes/commits/${mergeId}$`), 5_000);
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    }));

  it(`scrolls a history of ${COUNT.toLocaleString('en-US')} commits to its end with a window of rows in the DOM`, () =>
    step('long history', async () => {
      await visit(page, `/repositories/${long.repository}/commits?view=graph`);
      await shows(graph().getByRole('link', { name: new RegExp(`branch main.*${long.messageAt(COUNT - 1)}`) }), 'the newest commit');
      const start = await page.evaluate(scrollAndMeasure, 120);
      let maxRows = start.maxRows;
      const started = performance.now();
      // Fling to the end of what is loaded, again and again, each time waiting for the next page to lengthen it.
      for (;;) {
        if (performance.now() - started > SCROLL_BUDGET_MS) throw new Error(`the end was not reached within ${SCROLL_BUDGET_MS} ms`);
        const state = await page.evaluate(() => {
          const list = document.querySelector('[role="list"][aria-label="Commit graph"]') as HTMLElement;
          const viewport = list.parentElement as HTMLElement;
          viewport.scrollTop = viewport.scrollHeight;
          return { height: viewport.scrollHeight, rows: list.querySelectorAll('[role="listitem"]').length };
        });
        maxRows = Math.max(maxRows, state.rows);
        if (await graph().getByRole('link', { name: /Repository created/ }).isVisible()) break;
        await page.waitForFunction(
          (height) => {
            const list = document.querySelector('[role="list"][aria-label="Commit graph"]') as HTMLElement | null;
            return (list?.parentElement?.scrollHeight ?? 0) > height || document.body.textContent?.includes('Repository created');
          },
          state.height,
          { timeout: 15_000, polling: 'raf' },
        );
      }
      const toEnd = Math.round(performance.now() - started);
      await page.evaluate(() => {
        const viewport = document.querySelector('[role="list"][aria-label="Commit graph"]')?.parentElement;
        // Far enough from the end that the wheel frames below scroll through the last rows.
        if (viewport) viewport.scrollTop = viewport.scrollHeight - viewport.clientHeight - 120 * 120;
      });
      const end = await page.evaluate(scrollAndMeasure, 120);
      maxRows = Math.max(maxRows, end.maxRows);
      await screenshot(page, 'commit-graph-02-end');
      const rowsLoaded = await graph().evaluate((list) => Math.round(list.getBoundingClientRect().height / 32));
      console.log(
        `commit graph: ${rowsLoaded.toLocaleString('en-US')} rows loaded, end reached in ${toEnd} ms; most rows in the DOM ${maxRows}; ` +
          `wheel frames at the top ${JSON.stringify(figures(start.times))}, near the end ${JSON.stringify(figures(end.times))}`,
      );
      expect(rowsLoaded).toBeGreaterThan(COUNT);
      expect(maxRows, 'rows in the DOM stay a window').toBeLessThan(MAX_DOM_ROWS);
      expect(problems).toEqual([]);
    }));
});
