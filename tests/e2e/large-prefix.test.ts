// A folder of 10,000 objects scrolls from the first entry to the last in the objects browser: the listing is
// paged by the server's cursor, keeps only a window of rows in the DOM, and sees every entry once, in order.
// Frame times are measured and printed (and written to screenshots/large-prefix.json), never asserted: they depend
// on the machine.
// Ten pages of 1,000 prove the paging and the window as well as a hundred, in a tenth of the time; the console
// benchmark (bench/console.bench.ts) measures the 100,000-entry folder, and TARN_E2E_LARGE_PREFIX=100000 runs this
// test at that size.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughUi, setupThroughApi, shows, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { seedLargePrefix, type LargePrefixRepo } from './fixtures/large-prefix';
import {
  formatFrameTable,
  frameStats,
  installListingInstruments,
  scrollBurst,
  type BurstInput,
  type FrameStats,
  type ListingInstruments,
  type ScrollPhase,
} from './fixtures/listing-instruments';

const COUNT = Number(process.env.TARN_E2E_LARGE_PREFIX ?? 10_000);
/** Rows in the DOM must stay a window, however long the folder. */
const MAX_DOM_ROWS = 200;
/** A brisk mouse wheel (about 7,000 px/s at 60 frames a second). */
const WHEEL = { pxPerFrame: 120, maxFrames: 60 } as const;
/** Dragging the scrollbar: about 300 rows a frame, so every frame renders a fresh window of rows. */
const FLING = { pxPerFrame: 13_200, maxFrames: 60, phase: 'fling' } as const;
const WAIT = 'wait for page';
/**
 * Rows (by the one at the top of the viewport) scrolled at wheel speed at the start, the middle and the end; the
 * rest is crossed at fling speed.
 */
const WHEEL_SPANS: ReadonlyArray<[from: number, to: number]> = [
  [0, 300],
  [COUNT / 2, COUNT / 2 + 300],
  [COUNT - 300, COUNT],
];
/** Rows before a span where the fling hands over to the wheel, so an overshoot cannot skip the span's start. */
const LEAD_IN = 30;
const SCROLL_BUDGET_MS = 75_000;

interface ListRequest {
  amount: number | undefined;
  after: string | undefined;
  sentAt: number;
  /** Answered in the folder's page itself (server/http/console-boot.ts), with no request of its own. */
  inPage?: true;
}

interface ListAnswer {
  paths: string[];
  hasMore: boolean;
  nextOffset: string;
}

interface Figures {
  seedMs: number;
  requests: number;
  pageSizes: Record<string, number>;
  firstPageMs: number;
  timeToEndMs: number;
  /** Times the scrolling reached the end of the loaded rows and waited for the next page, by scrolling speed. */
  waitsForPage: Record<string, { count: number; totalMs: number; maxMs: number }>;
  maxDomRows: number;
  sampledRows: number;
  frames: Record<string, FrameStats>;
  longTasks: { count: number; maxMs: number; totalMs: number };
  heapMb: number | undefined;
}

describe(`large prefix: ${COUNT.toLocaleString('en-US')} objects in one folder`, () => {
  let repo: LargePrefixRepo;
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  let seedMs = 0;
  const requests: ListRequest[] = [];
  const answers = new Map<number, Promise<ListAnswer>>();
  const figures: Partial<Figures> = {};
  const { step, records, currentStep } = stepRunner('large-prefix', () => page, () => tarn);

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tarn-e2e-large-'));
    const seeding = (async () => {
      const started = performance.now();
      repo = await seedLargePrefix(dataDir, { count: COUNT });
      seedMs = Math.round(performance.now() - started);
      return startTarn(dataDir);
    })();
    [tarn, browser] = await Promise.all([seeding, launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, {
      prepare: (opened) => opened.addInitScript(installListingInstruments),
    }));
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === `/repositories/${repo.repository}/objects`) {
        // The folder's page carries its first listing page: a read like the others, with the page as its request.
        const read: ListRequest = { amount: undefined, after: undefined, sentAt: performance.now(), inPage: true };
        requests.push(read);
        const answer = request.response().then(async (response) => {
          const listed = listingInPage((await response?.text()) ?? '', repo.prefix);
          read.amount = listed.amount;
          read.after = listed.after;
          return listed.answer;
        });
        answer.catch(() => undefined);
        answers.set(requests.length - 1, answer);
        return;
      }
      const params = listParams(request);
      if (!params) return;
      const amount = params.get('amount');
      requests.push({
        amount: amount === null ? undefined : Number(amount),
        after: params.get('after') ?? undefined,
        sentAt: performance.now(),
      });
      const answer = request.response().then(readAnswer);
      // Awaited by the paging check; until then a failure must not count as unhandled.
      answer.catch(() => undefined);
      answers.set(requests.length - 1, answer);
    });
  });

  afterAll(async () => {
    await endJourney('large-prefix', records, { context, browser, tarn });
  });

  /** The query of a listing request for the big folder, or undefined for any other request. */
  function listParams(request: Request): URLSearchParams | undefined {
    const url = new URL(request.url());
    if (!url.pathname.endsWith(`/repositories/${repo.repository}/refs/${repo.branch}/objects/ls`)) return undefined;
    return url.searchParams.get('prefix') === repo.prefix ? url.searchParams : undefined;
  }

  const objectsTable = () => page.getByRole('grid', { name: 'Objects' });
  const instruments = () => page.evaluate(() => window.__listing as ListingInstruments);
  const setRecording = (recording: boolean) =>
    page.evaluate((on) => {
      if (window.__listing) window.__listing.recording = on;
    }, recording);

  it(`seeds ${COUNT} objects under one prefix through the storage layer`, () => {
    console.log(`seeded ${COUNT} objects under ${repo.prefix} in ${seedMs} ms`);
    expect(seedMs, 'seeding stays well inside the test budget').toBeLessThan(15_000);
  });

  it('logs in through the login form after setup over the API', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
    }));

  it('opens the folder with its first entries', () =>
    step('open folder', async () => {
      const opened = performance.now();
      await page.goto(`/repositories/${repo.repository}/objects?ref=${repo.branch}&path=${encodeURIComponent(repo.prefix)}`);
      await shows(objectsTable().getByRole('link', { name: repo.nameAt(0), exact: true }), 'the first entry of the folder');
      figures.firstPageMs = Math.round(performance.now() - opened);
      expect(requests.length, 'the first page read once, in the page itself').toBe(1);
      expect(requests[0]?.inPage, 'the first page came with the page').toBe(true);
      expect(requests[0]?.after, 'the first page starts at the beginning').toBeUndefined();
      await screenshot(page, 'large-prefix-01-top');
    }));

  it('scrolls to the last entry, fetching page after page by cursor', () =>
    step('scroll to end', async () => {
      const last = repo.nameAt(COUNT - 1);
      let furthest = 0;
      let topRow = 0;
      const waits: { phase: ScrollPhase; ms: number }[] = [];
      let middleShot = false;
      let reachedEnd = false;
      await setRecording(true);
      const started = performance.now();
      while (!reachedEnd) {
        if (performance.now() - started > SCROLL_BUDGET_MS) {
          throw new Error(`the end was not reached within ${SCROLL_BUDGET_MS} ms; furthest row ${furthest}`);
        }
        const input = nextBurst(topRow);
        const burst = await page.evaluate(scrollBurst, input);
        topRow = burst.topRow;
        for (const row of burst.rows) {
          expect(row.name, `row ${row.index} shows the entry at that position`).toBe(repo.nameAt(row.index));
          furthest = Math.max(furthest, row.index);
        }
        reachedEnd = burst.rows.some((row) => row.name === last && row.inView);
        if (!middleShot && burst.rows.some((row) => row.index >= COUNT / 2 && row.inView)) {
          middleShot = true;
          await setRecording(false);
          await screenshot(page, 'large-prefix-02-middle');
          await setRecording(true);
        }
        if (burst.atBottom && !reachedEnd) {
          // The end of what is loaded: the next page must arrive and lengthen the listing.
          const waitStarted = performance.now();
          await page.evaluate((phase) => {
            if (window.__listing) window.__listing.phase = phase;
          }, WAIT);
          await page.waitForFunction(
            (height) =>
              (document.querySelector('table[aria-label="Objects"]')?.closest('[data-scroll-viewport]')?.scrollHeight ?? 0) >
              height,
            burst.scrollHeight,
            { timeout: 15_000, polling: 'raf' },
          );
          waits.push({ phase: input.phase.startsWith('wheel') ? 'wheel' : 'fling', ms: performance.now() - waitStarted });
        }
      }
      figures.timeToEndMs = Math.round(performance.now() - started);
      await setRecording(false);
      await screenshot(page, 'large-prefix-03-end');

      const state = await instruments();
      const seen = new Map(Object.entries(state.rendered).map(([index, name]) => [Number(index), name]));
      figures.maxDomRows = state.maxRows;
      figures.sampledRows = seen.size;
      figures.waitsForPage = {};
      for (const phase of ['wheel', 'fling']) {
        const ms = waits.filter((w) => w.phase === phase).map((w) => w.ms);
        figures.waitsForPage[phase] = {
          count: ms.length,
          totalMs: Math.round(ms.reduce((a, b) => a + b, 0)),
          maxMs: Math.round(Math.max(0, ...ms)),
        };
      }
      const stats = (keep: (phase: ScrollPhase) => boolean) =>
        frameStats(state.frames.filter((f) => keep(f.phase)).map((f) => f.ms));
      figures.frames = {};
      for (const phase of [...WHEEL_SPANS.map(wheelPhase), FLING.phase, WAIT]) figures.frames[phase] = stats((p) => p === phase);
      figures.frames['all wheel'] = stats((p) => p.startsWith('wheel'));
      figures.frames.all = stats(() => true);
      figures.longTasks = {
        count: state.longTasks.length,
        maxMs: Math.round(Math.max(0, ...state.longTasks)),
        totalMs: Math.round(state.longTasks.reduce((a, b) => a + b, 0)),
      };
      figures.heapMb = await page.evaluate(() => {
        // Chromium's non-standard heap figure; absent elsewhere.
        const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
        return memory ? Math.round(memory.usedJSHeapSize / 1048576) : undefined;
      });

      expect(state.maxRows, 'rows in the DOM stay a small window').toBeLessThan(MAX_DOM_ROWS);
      expect(state.maxRows, 'the row counter saw the listing').toBeGreaterThan(0);
      expect(state.conflicts.slice(0, 10), 'no position ever showed two different entries').toEqual([]);
      const misplaced = [...seen].filter(([index, name]) => name !== repo.nameAt(index));
      expect(misplaced.slice(0, 10), 'every rendered row shows the entry at its position').toEqual([]);
      for (const index of [0, 1, COUNT / 2, COUNT - 2, COUNT - 1]) {
        expect(seen.get(index), `row ${index} was rendered on the way down`).toBe(repo.nameAt(index));
      }
      // Every wheel-speed span moves less than a window a frame, so none of its rows may be missing.
      for (const [from, to] of WHEEL_SPANS) {
        const missing = Array.from({ length: to - from }, (_, i) => from + i).filter((i) => !seen.has(i));
        expect(missing.slice(0, 10), `rows ${from}..${to - 1} all rendered while scrolling at wheel speed`).toEqual([]);
      }
    }));

  it('fetched each page once, after the last entry of the page before, and nothing more', async () => {
    const pages = await Promise.all(requests.map((_, i) => answers.get(i) ?? Promise.reject(new Error(`no answer ${i}`))));
    const expected = 1 + Math.ceil((COUNT - 100) / 1000);
    figures.requests = requests.length;
    figures.pageSizes = {};
    for (const r of requests) figures.pageSizes[String(r.amount)] = (figures.pageSizes[String(r.amount)] ?? 0) + 1;
    expect(requests.map((r) => r.amount), 'a small first page, then pages of 1000').toEqual([
      100,
      ...Array<number>(expected - 1).fill(1000),
    ]);
    for (let i = 1; i < requests.length; i++) {
      const previous = pages[i - 1];
      expect(requests[i]?.after, `request ${i} continues after the last entry of page ${i - 1}`).toBe(previous?.paths.at(-1));
      expect(previous?.nextOffset, `page ${i - 1}'s next_offset is its last entry`).toBe(previous?.paths.at(-1));
      expect(previous?.hasMore, `page ${i - 1} says more follow`).toBe(true);
    }
    expect(pages.at(-1)?.hasMore, 'the last page says nothing more follows').toBe(false);
    const paths = pages.flatMap((p) => p.paths);
    expect(paths.length, 'every entry arrived exactly once').toBe(COUNT);
    const wrong = paths.findIndex((path, i) => path !== `${repo.prefix}${repo.nameAt(i)}`);
    expect(wrong, `entries arrive in order without gaps (first mismatch at ${wrong}: ${paths[wrong]})`).toBe(-1);
  });

  it('reports the measurements', () => {
    const f = figures as Figures;
    f.seedMs = seedMs;
    const frames = Object.entries(f.frames ?? {});
    console.log(
      [
        `large prefix: ${COUNT} objects`,
        `  seeding                 ${f.seedMs} ms`,
        `  first page shown        ${f.firstPageMs} ms`,
        `  time to the last entry  ${f.timeToEndMs} ms`,
        `  list requests           ${f.requests} (amounts: ${JSON.stringify(f.pageSizes)})`,
        ...Object.entries(f.waitsForPage ?? {}).map(
          ([phase, w]) => `  waits for a page (${phase.padEnd(5)}) ${w.count} (total ${w.totalMs} ms, max ${w.maxMs} ms)`,
        ),
        `  max rows in the DOM     ${f.maxDomRows}`,
        `  rows sampled            ${f.sampledRows}`,
        `  long tasks              ${f.longTasks?.count} (max ${f.longTasks?.maxMs} ms, total ${f.longTasks?.totalMs} ms)`,
        `  JS heap at the end      ${f.heapMb ?? '?'} MB`,
        formatFrameTable(frames),
      ].join('\n'),
    );
    const dir = join(import.meta.dirname, 'screenshots');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'large-prefix.json'), `${JSON.stringify({ count: COUNT, ...f }, null, 2)}\n`);
    expect(frames.length, 'frame times were collected').toBeGreaterThan(0);
  });

  it('raised no page errors, console errors or server errors along the way', () => {
    expect(problems, `problems seen:\n${problems.join('\n')}`).toEqual([]);
  });
});

/** Wheel speed inside a wheel span (up to its end), fling speed elsewhere (up to the next span's lead-in). */
function nextBurst(topRow: number): BurstInput {
  const span = WHEEL_SPANS.find(([from, to]) => topRow >= from - LEAD_IN && topRow < to);
  if (span) return { ...WHEEL, phase: wheelPhase(span), untilRow: span[1] };
  const next = WHEEL_SPANS.find(([from]) => from - LEAD_IN > topRow);
  return { ...FLING, untilRow: next ? next[0] - LEAD_IN : COUNT };
}

function wheelPhase([from, to]: readonly [number, number]): ScrollPhase {
  return `wheel ${from}..${to - 1}`;
}

/** The folder's first listing page as the page's block of answers holds it (server/http/console-boot.ts). */
function listingInPage(html: string, prefix: string): { amount: number | undefined; after: string | undefined; answer: ListAnswer } {
  const block = /<script type="application\/json" id="tarn-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const answers = JSON.parse(block ?? '{}') as Record<string, { body: ListBody }>;
  for (const [address, { body }] of Object.entries(answers)) {
    const url = new URL(address, 'http://page');
    if (!url.pathname.endsWith('/objects/ls') || url.searchParams.get('prefix') !== prefix) continue;
    const amount = url.searchParams.get('amount');
    return { amount: amount === null ? undefined : Number(amount), after: url.searchParams.get('after') ?? undefined, answer: listAnswer(body) };
  }
  throw new Error('the folder page carries no listing');
}

interface ListBody {
  results: { path: string }[];
  pagination: { has_more: boolean; next_offset: string };
}

function listAnswer(body: ListBody): ListAnswer {
  return { paths: body.results.map((r) => r.path), hasMore: body.pagination.has_more, nextOffset: body.pagination.next_offset };
}

async function readAnswer(response: Response | null): Promise<ListAnswer> {
  if (!response) throw new Error('a listing request got no response');
  return listAnswer((await response.json()) as ListBody);
}
