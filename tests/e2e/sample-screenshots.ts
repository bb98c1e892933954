/**
 * `npm run sample:screenshots`: the pictures of the sample repository's tutorial (server/sample-data/assets/README.md),
 * taken of Tarn itself. It starts the real server on a fresh data folder and the built console in Chromium, walks the
 * tutorial as a new user would (setup, login, the sample, SQL, a branch, a change, commit, compare, merge, the log,
 * branch protection, a hook and its runs), and saves each screen at 1280×800 into a temp folder. Only when every
 * step passed does it replace the generated pictures in assets/images/ (pictures not made here, such as lake.png,
 * are kept), then print each file's size and the total.
 *
 * The pictures are committed assets: run it again after a change to a screen the tutorial shows. PNGs are made
 * smaller losslessly with optipng when it is installed (Debian: `apt-get install optipng`), and kept as Chromium
 * wrote them otherwise. The console is built first when its sources are newer than dist/console.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { buildConsoleIfStale } from '../../scripts/console-build';
import { arrivesAt, disappears, loginThroughUi, setupThroughApi, shows } from './flows';
import { launchChromium, openJourneyPage, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi } from './lake-api';

const assetsDir = join(import.meta.dirname, '..', '..', 'server', 'sample-data', 'assets');
const imagesDir = join(assetsDir, 'images');
/** Pictures of images/ that this script does not make: the sample's own photograph. */
const keptImages = new Set(['lake.png']);
const VIEWPORT = { width: 1280, height: 800 };
/** Below the content of a screen that ends early, in pixels. */
const MARGIN = 32;
/** Below the last button of a card: the card's padding and border, then the margin. */
const CARD_MARGIN = 25 + MARGIN;
const SAMPLE = 'quickstart';
const BRANCH = 'denmark';
const CHECKS_BRANCH = 'checks';
const COMMIT_MESSAGE = 'Add a table of the Danish lakes';
const MERGE_MESSAGE = 'Merge the Danish lakes into main';
/** The README's hook example calls this address; the walk answers there when the port is free. */
const WEBHOOK_PORT = 8787;
const README_WEBHOOK_URL = `http://127.0.0.1:${WEBHOOK_PORT}/lakes/check`;
/** Starting the SQL engine compiles 18 MB of WebAssembly: slow on a busy machine. */
const ENGINE_TIMEOUT = 90_000;

/** A webhook receiver that accepts every call, as the README's hook example expects one to. */
async function startWebhook(): Promise<{ server: Server; url: string }> {
  const drain = (request: IncomingMessage) =>
    new Promise<void>((resolve) => {
      request.resume();
      request.on('end', resolve);
    });
  const server = createServer((request, response) => {
    void drain(request).then(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ checked: true, message: 'the lakes look fine' }));
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(WEBHOOK_PORT).catch(() => listen(0));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : WEBHOOK_PORT;
  return { server, url: `http://127.0.0.1:${port}/lakes/check` };
}

/** The README's hook example, as the tour commits it: its branch filled in, calling the walk's receiver. */
function actionFile(webhookUrl: string): string {
  const readme = readFileSync(join(assetsDir, 'README.md'), 'utf8');
  const example = /```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!example?.includes(README_WEBHOOK_URL)) throw new Error(`the README has no hook example calling ${README_WEBHOOK_URL}`);
  return example.replaceAll('{{branch}}', 'main').replaceAll(README_WEBHOOK_URL, webhookUrl);
}

function optimiser(): ((file: string) => void) | undefined {
  const probe = spawnSync('optipng', ['-v'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) return undefined;
  return (file) => {
    const run = spawnSync('optipng', ['-quiet', '-o2', '-strip', 'all', file], { stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`optipng failed on ${file}`);
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  if (!buildConsoleIfStale('the screenshots show the built console')) throw new Error('the console build failed');
  const out = mkdtempSync(join(tmpdir(), 'tarn-sample-screenshots-'));
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let webhook: Server | undefined;
  let page!: Page;
  const taken: string[] = [];
  let walked = false;
  const { step, records, currentStep } = stepRunner('sample-screenshots', () => page, () => tarn);

  /**
   * The visible screen (never the whole page), the pointer out of the way and the page's reads done. A screen whose
   * content ends early is cut `margin` pixels below the end of `content` (its last element, or the card around it),
   * so the README shows no half-empty pictures; dialogs and full screens keep the whole viewport.
   */
  async function shoot(name: string, content?: Locator, margin = MARGIN): Promise<void> {
    await page.mouse.move(VIEWPORT.width - 1, VIEWPORT.height - 1);
    // A page just loaded may still be reading (the user menu waits for the permissions, greyed out until then).
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await page.evaluate(() => document.fonts.ready);
    const box = content ? await content.boundingBox() : null;
    const height = box ? Math.min(VIEWPORT.height, Math.ceil(box.y + box.height + margin)) : VIEWPORT.height;
    await page.screenshot({
      path: join(out, `${name}.png`),
      animations: 'disabled',
      caret: 'hide',
      clip: { x: 0, y: 0, width: VIEWPORT.width, height },
    });
    taken.push(`${name}.png`);
  }

  const tab = (name: string) => page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name, exact: true });
  const objectsTable = () => page.getByRole('grid', { name: 'Objects' });
  const editor = () => page.getByRole('textbox', { name: 'SQL query' });
  const result = () => page.getByRole('table', { name: 'Query result' });

  /** Replaces the SQL editor's text as a paste would, and presses Execute. */
  async function execute(sql: string): Promise<void> {
    await editor().click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(sql);
    await page.getByRole('button', { name: 'Execute' }).click();
  }

  try {
    let webhookUrl = '';
    [tarn, browser, { server: webhook, url: webhookUrl }] = await Promise.all([startTarn(), launchChromium(), startWebhook()]);
    const running = tarn;
    let problems: string[];
    ({ context, page, problems } = await openJourneyPage(browser, running.url, currentStep, { viewport: VIEWPORT }));

    await step('setup', async () => {
      await page.goto('/setup');
      await shows(page.getByRole('heading', { name: 'User Configuration' }), "the 'User Configuration' card");
      await page.getByLabel('Admin Username').fill('admin');
      const email = page.getByLabel('Email');
      if (await email.isVisible()) await email.fill('admin@example.com');
      await shoot('01-setup', page.getByRole('button', { name: 'Setup', exact: true }), CARD_MARGIN);
    });

    // The setup itself is made over the API: the page after it shows a secret, which has no place in a picture.
    const credentials = await setupThroughApi(running.url);
    const api = lakeApi(running.url, credentials);

    await step('welcome', async () => {
      await loginThroughUi(page, credentials);
      await shows(page.getByText('Welcome to Tarn!'), 'the welcome card');
      await shoot('02-welcome', page.getByRole('button', { name: 'Create an empty repository' }), CARD_MARGIN);
    });

    await step('sample', async () => {
      await page.getByRole('button', { name: 'Create Sample Repository' }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/objects`), 30_000);
      await shows(objectsTable().getByRole('link', { name: 'lakes.parquet', exact: true }), 'lakes.parquet in the listing');
      await shows(page.getByRole('region', { name: 'README.md' }).getByRole('heading').first(), 'the README under the listing');
      await shoot('03-objects');
    });

    await step('sql', async () => {
      await objectsTable().getByRole('link', { name: 'lakes.parquet', exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/object\\?`));
      await shows(result(), 'the result of the opening query', ENGINE_TIMEOUT);
      await execute(
        [
          'SELECT country, COUNT(*) AS lakes',
          `FROM READ_PARQUET('lakefs://${SAMPLE}/main/lakes.parquet')`,
          'GROUP BY 1',
          'ORDER BY 2 DESC',
          'LIMIT 10',
        ].join('\n'),
      );
      await shows(result().getByRole('columnheader', { name: /^lakes/ }), 'the lakes column of the result', ENGINE_TIMEOUT);
      // Each column's chart is drawn once the result is summarised.
      await shows(result().getByRole('img', { name: /^Most frequent values of country: / }), 'the chart of the countries', ENGINE_TIMEOUT);
      await shows(result().getByRole('img', { name: /^Histogram of lakes / }), 'the chart of the lake counts', ENGINE_TIMEOUT);
      await shoot('04-sql-preview');
    });

    await step('branch', async () => {
      await tab('Branches').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/branches`));
      await page.getByRole('button', { name: 'Create Branch' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Branch' });
      await shows(dialog, 'the Create Branch dialog');
      await dialog.getByPlaceholder('Branch Name').fill(BRANCH);
      await shoot('05-create-branch');
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await disappears(dialog, 'the Create Branch dialog');
      await shows(page.getByRole('table', { name: 'Branches' }).getByRole('link', { name: BRANCH, exact: true }), 'the new branch');
    });

    await step('copy to', async () => {
      await page.goto(`/repositories/${SAMPLE}/object?ref=${BRANCH}&path=lakes.parquet`);
      await shows(result(), 'the result of the opening query on the branch', ENGINE_TIMEOUT);
      const target = `lakefs://${SAMPLE}/${BRANCH}/denmark_lakes.parquet`;
      await execute(
        [
          'COPY (',
          `  SELECT * FROM READ_PARQUET('lakefs://${SAMPLE}/${BRANCH}/lakes.parquet')`,
          "  WHERE country = 'Denmark'",
          `) TO '${target}'`,
        ].join('\n'),
      );
      await shows(page.getByText(`Wrote ${target}: it is an uncommitted change on branch ${BRANCH}`), 'the written table', ENGINE_TIMEOUT);
      await shoot('06-copy-to-branch', result(), CARD_MARGIN);
    });

    await step('changes', async () => {
      await tab('Uncommitted Changes').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/changes\\?ref=${BRANCH}`));
      const changes = page.getByRole('list', { name: `Uncommitted changes of ${BRANCH}` });
      await shows(changes.getByRole('listitem', { name: 'denmark_lakes.parquet', exact: true }), 'the new table among the changes');
      await shoot('07-uncommitted-changes', changes);
    });

    await step('commit', async () => {
      await page.getByRole('button', { name: 'Commit Changes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Commit Changes' });
      await shows(dialog, 'the commit dialog');
      await dialog.getByLabel('Commit message').fill(COMMIT_MESSAGE);
      await dialog.getByRole('button', { name: 'Add Metadata field' }).click();
      await dialog.getByLabel('Metadata key 1').fill('source');
      await dialog.getByLabel('Metadata value 1').fill('lakes.parquet');
      await shoot('08-commit');
      await dialog.getByRole('button', { name: 'Commit Changes' }).click();
      await disappears(dialog, 'the commit dialog', 30_000);
      await shows(page.getByText(`Branch ${BRANCH} has no uncommitted changes.`), 'no changes left after the commit');
    });

    await step('compare', async () => {
      await page.goto(`/repositories/${SAMPLE}/compare?ref=main&compare=${BRANCH}`);
      const tree = page.getByRole('list', { name: `Changes between main and ${BRANCH}` });
      await shows(tree.getByRole('listitem', { name: 'denmark_lakes.parquet', exact: true }), 'the new table in the comparison');
      await tree.getByRole('button', { name: 'Compare rows of denmark_lakes.parquet' }).click();
      const rows = page.getByRole('region', { name: 'Row changes of denmark_lakes.parquet' });
      await shows(rows.getByText(/^\d+ rows added, 0 removed, 0 changed\.$/), 'the rows of the new table', ENGINE_TIMEOUT);
      await shoot('09-compare');
    });

    await step('merge', async () => {
      // A click waits for the button to be enabled (flows' becomesEnabled polls with vitest, which runs no script).
      await page.getByRole('button', { name: 'Merge', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Merge branch ${BRANCH} into main` });
      await shows(dialog, 'the merge dialog');
      await dialog.getByLabel('Commit message').fill(MERGE_MESSAGE);
      await shoot('10-merge');
      await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
      await disappears(dialog, 'the merge dialog', 30_000);
      await shows(page.getByText(`${BRANCH} has no changes against main.`), 'nothing left to merge');
    });

    await step('commits', async () => {
      await tab('Commits').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/commits\\?ref=main`));
      await shows(page.getByRole('table', { name: 'Commits of main' }).getByRole('link', { name: MERGE_MESSAGE }), 'the merge commit');
      await page.getByRole('button', { name: 'Graph', exact: true }).click();
      const graph = page.getByRole('list', { name: 'Commit graph' });
      await shows(graph.getByRole('link', { name: new RegExp(`branch main.*${MERGE_MESSAGE}`) }), 'the merge at the head of main');
      await shows(graph.getByRole('link', { name: new RegExp(`branch ${BRANCH}.*${COMMIT_MESSAGE}`) }), `the head of ${BRANCH}`);
      await shoot('11-commit-graph', graph);
      await graph.getByRole('link', { name: new RegExp(COMMIT_MESSAGE) }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/commits/[0-9a-f]{12,}`));
      await shows(page.getByRole('heading', { name: COMMIT_MESSAGE }), 'the commit page');
      await shoot('12-commit', page.getByRole('list', { name: /^Changes of commit / }));
    });

    await step('branch protection', async () => {
      await tab('Settings').click();
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Branch Protection', exact: true }).click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/settings/branches`));
      const rules = page.getByRole('table', { name: 'Branch protection rules' });
      await shows(rules.getByText('main', { exact: true }), "main's rule");
      await shoot('13-branch-protection', rules);
    });

    await step('hooks', async () => {
      await api.createBranch(SAMPLE, CHECKS_BRANCH, 'main');
      await api.uploadObject(SAMPLE, CHECKS_BRANCH, '_lakefs_actions/check-lakes.yaml', actionFile(webhookUrl), 'application/yaml');
      await api.commit(SAMPLE, CHECKS_BRANCH, 'Check the lakes before every commit and merge');
      await page.goto(`/repositories/${SAMPLE}/compare?ref=main&compare=${CHECKS_BRANCH}`);
      // A click waits for the button to be enabled (flows' becomesEnabled polls with vitest, which runs no script).
      await page.getByRole('button', { name: 'Merge', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Merge branch ${CHECKS_BRANCH} into main` });
      await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
      await disappears(dialog, 'the merge dialog', 30_000);
      await tab('Actions').click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/actions`));
      const runs = page.getByRole('table', { name: 'Action runs' });
      await shows(runs.getByRole('row').filter({ hasText: 'pre-merge' }).getByRole('img', { name: 'completed' }), 'the pre-merge run');
      await shows(runs.getByRole('row').filter({ hasText: 'pre-commit' }).getByRole('img', { name: 'completed' }), 'the pre-commit run');
      await shoot('14-action-runs', runs);
      await runs.getByRole('row').filter({ hasText: 'pre-commit' }).first().getByRole('link').first().click();
      await arrivesAt(page, new RegExp(`^/repositories/${SAMPLE}/actions/[^/?]+`));
      await page.getByRole('navigation', { name: 'Actions of the run' }).getByRole('link', { name: 'Check the lakes' }).click();
      const execution = page.getByRole('button', { name: /check_lakes/ });
      await shows(execution, 'the hook execution');
      await execution.click();
      const log = page.getByLabel('Log of check_lakes');
      await shows(log, "the hook's log");
      await shoot('15-action-run', log, CARD_MARGIN);
    });

    if (problems.length > 0) throw new Error(`the walk met problems:\n${problems.join('\n')}`);
    walked = true;
  } finally {
    await context?.close();
    await browser?.close();
    await tarn?.stop();
    await new Promise((resolve) => (webhook ? webhook.close(resolve) : resolve(undefined)));
    for (const r of records) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${String(r.ms).padStart(6)} ms  ${r.name}`);
    // A walk that failed changes no picture.
    if (!walked) rmSync(out, { recursive: true, force: true });
  }

  try {
    const optimise = optimiser();
    if (optimise) for (const name of taken) optimise(join(out, name));
    else console.log('optipng is not installed: the pictures are kept as Chromium wrote them');
    // A screen the tour no longer shows must not leave its old picture behind.
    for (const name of readdirSync(imagesDir)) {
      if (name.endsWith('.png') && !keptImages.has(name)) rmSync(join(imagesDir, name));
    }
    for (const name of taken) copyFileSync(join(out, name), join(imagesDir, name));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  let total = 0;
  for (const name of [...keptImages, ...taken]) {
    const size = statSync(join(imagesDir, name)).size;
    total += size;
    console.log(`  ${name.padEnd(28)} ${kib(size).padStart(10)}`);
  }
  console.log(`sample screenshots: ${taken.length} written to ${imagesDir}, ${keptImages.size + taken.length} images, ${kib(total)} in all`);
}

await main();
