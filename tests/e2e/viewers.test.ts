// Every renderer of the object viewer (docs/behaviour.md, Object viewer) against a real file of its kind, uploaded through the API:
// markdown with a relative image, a notebook, an image, a PDF, highlighted source, JSON Lines, GeoJSON, a binary
// file it cannot render and a file over the 20 MiB cap.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_SIZE_CAP_BYTES } from '../../src/lib/constants';
import { loginThroughUi, requestTracker, setupThroughApi, shows, visit, type AdminCredentials } from './flows';
import { endJourney, launchChromium, openJourneyPage, screenshot, startTarn, stepRunner, type RunningTarn } from './harness';
import { lakeApi } from './lake-api';

const REPO = 'viewers';
const fixtures = join(import.meta.dirname, 'fixtures', 'viewers');
const fixture = (name: string) => readFileSync(join(fixtures, name));
const LAKE_PNG = readFileSync(join(import.meta.dirname, '..', '..', 'server', 'sample-data', 'assets', 'images', 'lake.png'));

/** A one-page PDF saying `text`, with the cross-reference table a reader needs (byte offsets of its objects). */
function onePagePdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const files: Array<{ path: string; content: string | Uint8Array; type: string }> = [
  { path: 'docs/guide.md', content: fixture('guide.md'), type: 'text/markdown' },
  { path: 'docs/img/lake.png', content: LAKE_PNG, type: 'image/png' },
  { path: 'notebooks/analysis.ipynb', content: fixture('analysis.ipynb'), type: 'application/x-ipynb+json' },
  { path: 'images/lake.png', content: LAKE_PNG, type: 'image/png' },
  { path: 'docs/manual.pdf', content: onePagePdf('Tarn field manual'), type: 'application/pdf' },
  { path: 'jobs/etl.py', content: fixture('etl.py'), type: 'text/x-python' },
  { path: 'events/lakes.jsonl', content: fixture('lakes.jsonl'), type: 'application/octet-stream' },
  { path: 'maps/harbour.geojson', content: fixture('harbour.geojson'), type: 'application/geo+json' },
  { path: 'raw/blob.bin', content: randomBytes(4096), type: 'application/octet-stream' },
  // One byte over the cap: the viewer must not read it.
  { path: 'logs/huge.txt', content: Buffer.alloc(VIEWER_SIZE_CAP_BYTES + 1, 'lake log line\n'), type: 'text/plain' },
];

describe('the object viewer’s renderers', () => {
  let tarn: RunningTarn | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];
  let credentials: AdminCredentials | undefined;
  /** Every object read the console made, by path. */
  const contentReads: string[] = [];
  let requests: ReturnType<typeof requestTracker>;
  const { step, records, currentStep } = stepRunner('viewers', () => page, () => tarn);

  beforeAll(async () => {
    [tarn, browser] = await Promise.all([startTarn(), launchChromium()]);
    credentials = await setupThroughApi(tarn.url);
    const api = lakeApi(tarn.url, credentials);
    await api.createRepository(REPO);
    for (const file of files) await api.uploadObject(REPO, 'main', file.path, file.content, file.type);
    await api.commit(REPO, 'main', 'One file of each kind');
    ({ context, page, problems } = await openJourneyPage(browser, tarn.url, currentStep, { viewport: { width: 1280, height: 900 } }));
    requests = requestTracker(page);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/\/refs\/[^/]+\/objects$/.test(url.pathname)) contentReads.push(url.searchParams.get('path') ?? '');
    });
  });

  afterAll(async () => {
    await endJourney('viewers', records, { context, browser, tarn });
  });

  /** Opens the viewer on `path` and answers its renderer once it shows, checking it is the expected one. */
  async function open(path: string, renderer: string): Promise<Locator> {
    await visit(page, `/repositories/${REPO}/object?ref=main&path=${encodeURIComponent(path)}`, requests);
    const shown = page.locator('[data-renderer]');
    await shows(shown, `the renderer of ${path}`);
    expect(await shown.getAttribute('data-renderer'), `the renderer chosen for ${path}`).toBe(renderer);
    return shown;
  }

  const loaded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

  it('logs in', () =>
    step('login', async () => {
      if (!credentials) throw new Error('no credentials: setup over the API failed');
      await loginThroughUi(page, credentials);
    }));

  it('renders markdown, loading its relative image from the repository', () =>
    step('markdown', async () => {
      const shown = await open('docs/guide.md', 'markdown');
      await shows(shown.getByRole('heading', { name: 'Field guide' }), 'the markdown heading');
      await shows(shown.getByRole('cell', { name: 'Baikal' }), 'a cell of the markdown table');
      const image = shown.getByRole('img', { name: 'A mountain lake at dusk' });
      await shows(image, 'the relative image');
      await expect.poll(() => loaded(image), { message: 'img/lake.png, relative to docs/, should load' }).toBe(true);
      expect(await image.getAttribute('src')).toContain(encodeURIComponent('docs/img/lake.png'));
      await screenshot(page, 'viewer-01-markdown');
    }));

  it('renders a notebook as its cells and outputs', () =>
    step('notebook', async () => {
      const shown = await open('notebooks/analysis.ipynb', 'notebook');
      await shows(shown.getByRole('heading', { name: 'Depth analysis' }), 'the notebook’s markdown cell');
      await shows(shown.getByText('In [2]:'), 'the code cell’s prompt');
      await shows(shown.getByText('1024.0'), 'the code cell’s output');
      await screenshot(page, 'viewer-02-notebook');
    }));

  it('shows an image', () =>
    step('image', async () => {
      const shown = await open('images/lake.png', 'image');
      const image = shown.getByRole('img', { name: 'lake.png' });
      await expect.poll(() => loaded(image), { message: 'the picture should load' }).toBe(true);
    }));

  it('embeds a PDF from its bytes', () =>
    step('pdf', async () => {
      const shown = await open('docs/manual.pdf', 'pdf');
      const embedded = shown.locator('object[type="application/pdf"]');
      await expect.poll(() => embedded.getAttribute('data'), { message: 'the PDF is embedded from a blob: address' }).toMatch(/^blob:/);
      const address = (await embedded.getAttribute('data')) ?? '';
      // Chromium loads the blob as the object's document (what its PDF viewer draws is out of the page's reach).
      await expect
        .poll(() => page.frames().some((frame) => frame.url() === address), { message: 'the PDF document loads in the object' })
        .toBe(true);
      expect(contentReads.filter((path) => path === 'docs/manual.pdf'), 'the PDF’s bytes are read once').toHaveLength(1);
      await screenshot(page, 'viewer-03-pdf');
    }));

  it('highlights source text', () =>
    step('text', async () => {
      const shown = await open('jobs/etl.py', 'text');
      await shows(shown.locator('.hljs-keyword', { hasText: 'def' }), 'the keyword def highlighted');
      await shows(shown.getByText(/mean_depth/), 'the function’s name');
      await screenshot(page, 'viewer-04-text');
    }));

  it('shows JSON Lines as a table, naming the line that is not JSON', () =>
    step('jsonl', async () => {
      const shown = await open('events/lakes.jsonl', 'jsonl');
      const table = shown.getByRole('table', { name: 'Records of lakes.jsonl' });
      await shows(table.getByRole('columnheader', { name: 'altitude_m' }), 'a column only the last record has');
      await shows(table.getByRole('cell', { name: '["Canada","USA"]' }), 'an array cell written as JSON');
      await shows(shown.getByText('3 records in 4 lines. Showing all of them.'), 'the counts');
      await shows(shown.getByText(/^Line 3: /), 'the bad line by its number');
      await screenshot(page, 'viewer-05-jsonl');
    }));

  it('draws GeoJSON shapes without a map, beside the features’ properties', () =>
    step('geojson', async () => {
      const shown = await open('maps/harbour.geojson', 'geojson');
      const drawing = shown.getByRole('img', { name: 'Shapes of harbour.geojson' });
      await shows(drawing, 'the drawing');
      expect(await drawing.locator('[data-shape]').evaluateAll((els) => els.map((el) => el.getAttribute('data-shape')))).toEqual([
        'polygon',
        'line',
        'point',
      ]);
      const box = await drawing.locator('[data-shape="polygon"]').boundingBox();
      expect(box && box.width > 20 && box.height > 20, 'the island is drawn at a visible size').toBe(true);
      await shows(shown.getByRole('table', { name: 'Features of harbour.geojson' }).getByRole('cell', { name: 'Ferry route' }), 'a feature’s property');
      await screenshot(page, 'viewer-06-geojson');
    }));

  it('says it cannot render a binary file', () =>
    step('unsupported', async () => {
      const shown = await open('raw/blob.bin', 'unsupported');
      await shows(shown.getByText(/doesn't know how to render this file/), 'the unsupported notice');
    }));

  it('refuses a file over the 20 MiB cap without reading it', () =>
    step('too large', async () => {
      const shown = await open('logs/huge.txt', 'too-large');
      await shows(shown.getByText(/size 20971521 bytes .* is too big/), 'the too-large notice');
      expect(contentReads.filter((path) => path === 'logs/huge.txt'), 'the object is never read').toEqual([]);
      await screenshot(page, 'viewer-07-too-large');
    }));

  it('met no page error, console error, CSP violation or server error', () => {
    expect(problems, `problems seen:\n${problems.join('\n')}`).toEqual([]);
  });
});
