// Starts the real Tarn server (a child process on a free port with a temp data folder) and Debian's Chromium,
// and gives journeys what they need to fail clearly: named steps, page problems and the server's output.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type BrowserServer,
  type Download,
  type LaunchOptions,
  type Page,
} from 'playwright-core';
import { provided, serverNodeArgs } from '../server-command';

const root = join(import.meta.dirname, '..', '..');
const screenshotDir = join(import.meta.dirname, 'screenshots');

export interface RunningTarn {
  url: string;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the server on a new temp folder, or on one prepared beforehand; the folder is removed on stop. The console
 * served is dist/console unless `consoleDir` names another build (a benchmark comparing two builds); `importRoot` is
 * the local folder the server may import from (`--import-root`, which makes it report import support); `args` are
 * further server flags (e.g. `--rbac simplified`).
 */
export async function startTarn(
  dataDir = mkdtempSync(join(tmpdir(), 'tarn-e2e-')),
  { consoleDir, importRoot, args = [] }: { consoleDir?: string; importRoot?: string; args?: string[] } = {},
): Promise<RunningTarn> {
  const child = spawn(
    process.execPath,
    serverNodeArgs([
      '--port',
      '0',
      '--data-dir',
      dataDir,
      ...(consoleDir ? ['--console-dir', consoleDir] : []),
      ...(importRoot ? ['--import-root', importRoot] : []),
      ...args,
    ]),
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TARN_PORT: '', TARN_DATA_DIR: '' } },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await waitForAddress(child, () => output);
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForAddress(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = /Tarn is listening on (http:\/\/[^\s"]+)/.exec(output());
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Tarn exited with ${code} before listening:\n${output()}`)));
  });
}

const chromiumOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** The Chromium every e2e file of a run shares (see global-setup.ts). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(chromiumOptions);
}

/**
 * The run's shared Chromium when there is one, else a Chromium of its own. Closing a shared one closes only the
 * contexts this caller made.
 */
export function launchChromium(): Promise<Browser> {
  const endpoint = provided('chromiumWsEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumOptions);
}

/** A download's bytes; its path on disk is not available from a browser that was connected to. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Whether every step's screenshot is kept, not only a failed step's: about 0.2 s of Chromium's time each. */
const keepEveryScreenshot = process.env.TARN_E2E_SCREENSHOTS === '1';

/**
 * Screenshots land in a gitignored folder so a person can look at every main screen after a run
 * (`TARN_E2E_SCREENSHOTS=1`; a failed step's is always taken). Opening animations are fast-forwarded (a dialog
 * caught mid fade-in looks broken when it is not).
 */
export async function screenshot(page: Page, name: string, { failed = false }: { failed?: boolean } = {}): Promise<void> {
  // The pointer rests in a corner, so no row or button is caught in its hover colour; moved whether or not the
  // picture is kept, so a run goes the same way either way.
  await page.mouse.move(0, (page.viewportSize()?.height ?? 1) - 1);
  if (!failed && !keepEveryScreenshot) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Failure screenshots of an earlier run would be mistaken for this run's. */
function removeFailureScreenshots(journey: string): void {
  if (!existsSync(screenshotDir)) return;
  for (const file of readdirSync(screenshotDir)) {
    if (file.startsWith(`failed-${journey}-`)) rmSync(join(screenshotDir, file), { force: true });
  }
}

/**
 * Collects what must not happen during a journey: uncaught page errors, console errors, Content-Security-Policy
 * violations, console pages served without a policy, server errors (5xx) on /api and API requests that failed at
 * the network level. Expected 4xx answers (a README that does not exist, the user call before login) are part of
 * normal use; the browser logs them as "Failed to load resource", so those console lines are left to the response
 * check. Call it before the page's first navigation.
 */
export function watchPage(page: Page, currentStep: () => string = () => ''): { problems: string[] } {
  const problems: string[] = [];
  const report = (problem: string) => problems.push(currentStep() ? `[${currentStep()}] ${problem}` : problem);
  // Every violation becomes a console error naming the directive, whatever Chromium itself prints for it.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`);
    });
  });
  page.on('pageerror', (error) => report(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource')) return;
    report(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') && response.status() >= 500) {
      report(`server error: ${response.request().method()} ${pathname} answered ${response.status()}`);
    }
    // A journey without violations proves nothing about a page that had no policy to violate. A blob: document (a
    // PDF shown from its bytes) has no headers: it inherits the policy of the page that made it.
    const isPage =
      response.request().resourceType() === 'document' && response.status() === 200 && !response.url().startsWith('blob:');
    if (isPage && !response.headers()['content-security-policy']) report(`page without a Content-Security-Policy: ${pathname}`);
  });
  page.on('requestfailed', (request) => {
    const { pathname } = new URL(request.url());
    const failure = request.failure()?.errorText ?? 'unknown failure';
    // Aborted requests are the console cancelling work it no longer needs (an AbortController on navigation).
    if (pathname.startsWith('/api/') && !failure.includes('ERR_ABORTED')) {
      report(`request failed: ${request.method()} ${pathname}: ${failure}`);
    }
  });
  return { problems };
}

export interface JourneyPageOptions extends BrowserContextOptions {
  /** Runs on the new context before its page opens: init scripts, routes, permissions. */
  prepare?: (context: BrowserContext) => Promise<unknown>;
}

/**
 * A journey's browser context and page on the console at `baseURL`: 1280×800 unless told, actions waiting 10 s at
 * most, and the page watched for problems (see watchPage).
 */
export async function openJourneyPage(
  browser: Browser,
  baseURL: string,
  currentStep: () => string,
  { prepare, ...options }: JourneyPageOptions = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL, ...options });
  await prepare?.(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page, problems: watchPage(page, currentStep).problems };
}

/** A `prepare` that aborts every request leaving `baseURL`'s origin and records its address in `offsite`. */
export function refuseOffsite(baseURL: string, offsite: string[]): (context: BrowserContext) => Promise<unknown> {
  const origin = new URL(baseURL).origin;
  return (context) =>
    context.route(
      (url) => url.origin !== origin,
      (route) => {
        offsite.push(route.request().url());
        return route.abort();
      },
    );
}

/** Prints a journey's step timings, then closes its context and browser and stops its server, each if it started. */
export async function endJourney(
  journey: string,
  records: readonly StepRecord[],
  { context, browser, tarn }: { context: BrowserContext | undefined; browser: Browser | undefined; tarn: RunningTarn | undefined },
): Promise<void> {
  console.log(formatTimings(journey, records));
  await context?.close();
  await browser?.close();
  await tarn?.stop();
}

export interface StepRecord {
  name: string;
  ms: number;
  ok: boolean;
}

/**
 * Runs one named step of a journey. On failure the error names the step and carries the address, the visible
 * text of the page and the end of the server's output, and a screenshot `failed-<journey>-<step>` is taken.
 */
export function stepRunner(journey: string, page: () => Page, tarn: () => RunningTarn | undefined) {
  const records: StepRecord[] = [];
  let current = '';
  removeFailureScreenshots(journey);
  async function step(name: string, body: () => Promise<void>): Promise<void> {
    current = name;
    const started = performance.now();
    try {
      await body();
      records.push({ name, ms: Math.round(performance.now() - started), ok: true });
    } catch (error) {
      records.push({ name, ms: Math.round(performance.now() - started), ok: false });
      const p = page();
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      await screenshot(p, `failed-${journey}-${slug}`, { failed: true }).catch(() => undefined);
      const text = await p
        .locator('body')
        .innerText({ timeout: 1000 })
        .catch(() => '(page text unavailable)');
      const server = tarn()?.output() ?? '';
      // Close whatever dialog the failure left open, so the journey's later steps can still run.
      await p.keyboard.press('Escape').catch(() => undefined);
      const cause = error instanceof Error ? error.message : String(error);
      throw new Error(
        [
          `Step "${name}" of ${journey} failed: ${cause}`,
          `Page address: ${p.url()}`,
          `Page text:\n${text.slice(0, 1500)}`,
          `Server output (last 1500 characters):\n${server.slice(-1500)}`,
        ].join('\n\n'),
        { cause: error },
      );
    }
  }
  return { step, records, currentStep: () => current };
}

/** The step timings of a journey, printed when it ends. */
export function formatTimings(journey: string, records: readonly StepRecord[]): string {
  const total = records.reduce((sum, r) => sum + r.ms, 0);
  return `${journey}: ${total} ms in ${records.length} steps\n${records
    .map((r) => `  ${r.ok ? 'ok  ' : 'FAIL'} ${String(r.ms).padStart(6)} ms  ${r.name}`)
    .join('\n')}`;
}
