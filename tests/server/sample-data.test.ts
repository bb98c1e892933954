import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseActionFile } from '../../server/actions/action-file';
import type { ErrorBody } from '../../server/http/wire';
import { sampleFiles } from '../../server/sample-data';
import { parseCsv } from '../../server/sample-data/csv';
import { lakeColumns, lakesTable } from '../../server/sample-data/lakes-table';
import { objectPath, startWithAdmin, type Client, type Page, type TestServer } from './http/harness';

const header = lakeColumns.join(',');

describe('sample CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and CRLF line ends', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\nx,,z\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['x', '', 'z'],
    ]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
    expect(() => parseCsv('a,"b')).toThrow(/quoted/);
  });
});

describe('sample lakes table', () => {
  it('types the columns and turns empty figures and regions into NULL', async () => {
    const table = lakesTable(`${header}\nLake A,Xland,North,Europe,lake,12.5,40,300\n"Lake B, upper",Yland,,Asia,reservoir,,,\n`);
    expect(table).toMatchObject({ rows: 2, countries: 2 });
    const buffer = table.parquet;
    const rows = await parquetReadObjects({ file: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer });
    expect(rows).toEqual([
      { lake_name: 'Lake A', country: 'Xland', region: 'North', continent: 'Europe', type: 'lake', area_km2: 12.5, max_depth_m: 40, elevation_m: 300 },
      { lake_name: 'Lake B, upper', country: 'Yland', region: null, continent: 'Asia', type: 'reservoir', area_km2: null, max_depth_m: null, elevation_m: null },
    ]);
  });

  it('refuses a source it would misread', () => {
    expect(() => lakesTable('name,country\nA,B\n')).toThrow(/header/);
    expect(() => lakesTable(`${header}\nLake A,Xland,,Europe,lake,big,,\n`)).toThrow(/line 2: not a number: big/);
    expect(() => lakesTable(`${header}\nLake A,Xland,,Europe,lake,,40.5,\n`)).toThrow(/line 2/);
    expect(() => lakesTable(`${header}\nLake A,Xland\n`)).toThrow(/line 2: 2 fields/);
  });
});

// The sample repository's files: README.md is a tour of Tarn whose pictures (screenshots of Tarn, taken by
// `npm run sample:screenshots`) ship in images/, beside the table and its source. lakeFS's own UI tests delete
// several of the sample's images in turn, so a sample needs many of them.
const assetImages = join(import.meta.dirname, '..', '..', 'server', 'sample-data', 'assets', 'images');
const MIN_IMAGES = 10;

/** The targets of a markdown text's images, with their alt texts: `![alt](target "title")` and `<img src alt>`. */
function imageLinks(markdown: string): Array<{ alt: string; target: string }> {
  const links = [...markdown.matchAll(/!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({
    alt: m[1] ?? '',
    target: m[2] ?? '',
  }));
  for (const m of markdown.matchAll(/<img\b[^>]*>/gi)) {
    const src = /\bsrc\s*=\s*"([^"]*)"/i.exec(m[0])?.[1] ?? '';
    links.push({ alt: /\balt\s*=\s*"([^"]*)"/i.exec(m[0])?.[1] ?? '', target: src });
  }
  return links;
}

/** A PNG's width and height, from its IHDR chunk; undefined when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a' || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') {
    return undefined;
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('sample files', () => {
  const files = sampleFiles('quickstart', 'main');
  const paths = new Set(files.map((f) => f.path));
  const readme = files.find((f) => f.path === 'README.md')?.bytes.toString('utf8') ?? '';
  const images = files.filter((f) => f.path.startsWith('images/'));

  it('hold README.md, lakes.parquet, data/lakes.csv and every image of assets/images, at least ten', () => {
    for (const path of ['README.md', 'lakes.parquet', 'data/lakes.csv']) expect(paths, path).toContain(path);
    expect(images.length).toBeGreaterThanOrEqual(MIN_IMAGES);
    expect(images.map((f) => f.path.slice('images/'.length)).sort()).toEqual(readdirSync(assetImages).filter((n) => n.endsWith('.png')).sort());
    expect(paths.size, 'no path twice').toBe(files.length);
  });

  it('have a README whose every image link is a shipped image, and which shows every shipped image', () => {
    expect(readme, 'every placeholder is filled in').not.toMatch(/\{\{\w+\}\}/);
    const links = imageLinks(readme);
    for (const { alt, target } of links) {
      expect(target, 'a relative link inside the repository').toMatch(/^images\/[^/]+$/);
      expect(paths, `${target} is shipped`).toContain(target);
      // An alt text that says what the picture shows: it is what a screen reader reads, and what a broken image shows.
      expect(alt.length, `the alt text of ${target}`).toBeGreaterThanOrEqual(20);
    }
    const linked = new Set(links.map((l) => l.target));
    for (const image of images) expect(linked, `${image.path} is shown by the README`).toContain(image.path);
  });

  it('have a README that tours Tarn: repositories, branches, commits, merges, SQL and hooks', () => {
    const headings = [...readme.matchAll(/^#{1,3} (.+)$/gm)].map((m) => m[1] ?? '');
    expect(headings[0]).toBe('Welcome to the Lake!');
    for (const topic of [/repositor/i, /branch/i, /commit/i, /merge/i, /question|sql/i, /hook/i]) {
      expect(headings.some((h) => topic.test(h)), `a section on ${String(topic)}`).toBe(true);
    }
    // The example queries read what the sample ships on main.
    const read = [...readme.matchAll(/'lakefs:\/\/quickstart\/main\/([^']+)'/g)].map((m) => m[1] ?? '');
    expect(read.length).toBeGreaterThan(0);
    for (const path of read) expect(paths, `the README's query reads ${path}`).toContain(path);
  });

  it("have a README whose hook example is an action Tarn runs", () => {
    const yaml = /```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(yaml, 'a YAML example').toBeDefined();
    const parsed = parseActionFile('_lakefs_actions/check-lakes.yaml', yaml ?? '');
    if ('problem' in parsed) throw new Error(`the README's action does not parse: ${parsed.problem}`);
    expect([...parsed.action.on.keys()]).toEqual(['pre-commit', 'pre-merge']);
    expect(parsed.action.on.get('pre-merge')).toEqual(['main']);
    expect(parsed.action.hooks.map((h) => h.type)).toEqual(['webhook']);
  });

  it('ship images that are PNG screenshots small enough to keep in every sample', () => {
    let total = 0;
    for (const image of images) {
      expect(image.contentType, image.path).toBe('image/png');
      const size = pngSize(image.bytes);
      expect(size, `${image.path} is a PNG`).toBeDefined();
      expect(size!.width, `${image.path}'s width`).toBeLessThanOrEqual(1280);
      expect(image.bytes.length, `${image.path}'s size`).toBeLessThan(300 * 1024);
      total += image.bytes.length;
    }
    expect(total, 'all the images together').toBeLessThan(3 * 1024 * 1024);
  });
});

describe('a sample repository', () => {
  let server: TestServer;
  let api: Client;
  const expected = sampleFiles('quickstart', 'main').map((f) => f.path).sort();

  beforeAll(async () => {
    ({ server, api } = await startWithAdmin());
    const created = await api.post('/repositories', { name: 'quickstart', storage_namespace: 'local://quickstart', sample_data: true });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function list(ref: string, prefix = ''): Promise<string[]> {
    const res = await api.get<Page<{ path: string }>>(
      `/repositories/quickstart/refs/${ref}/objects/ls?amount=1000&prefix=${encodeURIComponent(prefix)}`,
    );
    expect(res.status).toBe(200);
    return res.body.results.map((r) => r.path);
  }

  async function commit(branch: string, message: string): Promise<void> {
    const res = await api.post(`/repositories/quickstart/branches/${branch}/commits`, { message });
    expect(res.status, `commit '${message}'`).toBe(201);
  }

  it('holds every sample file on main, and protects main', async () => {
    expect(await list('main')).toEqual(expected);
    const rules = await api.get('/repositories/quickstart/settings/branch_protection');
    expect(rules.body).toEqual([{ pattern: 'main' }]);
    const refused = await api.upload<ErrorBody>('quickstart', 'main', 'images/mine.png', 'x');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('cannot write to protected branch');
    const readme = await api.get<string>(objectPath('quickstart', 'main', 'README.md'));
    for (const { target } of imageLinks(readme.body)) {
      const image = await api.raw(objectPath('quickstart', 'main', target));
      expect(image.status, target).toBe(200);
      expect(image.headers.get('content-type'), target).toBe('image/png');
    }
  });

  it('lets a user delete several images in turn on a branch, committing each, and merge that into main', async () => {
    expect((await api.post('/repositories/quickstart/branches', { name: 'fewer-images', source: 'main' })).status).toBe(201);
    const deleted: string[] = [];
    // As lakeFS's UI tests do: delete the first object of images/, commit, again.
    for (let turn = 1; turn <= 3; turn++) {
      const first = (await list('fewer-images', 'images/'))[0];
      if (!first) throw new Error('images/ ran out of images');
      expect((await api.delete(`/repositories/quickstart/branches/fewer-images/objects?path=${encodeURIComponent(first)}`)).status).toBe(204);
      const changes = await api.get<Page<{ path: string; type: string }>>('/repositories/quickstart/branches/fewer-images/diff');
      expect(changes.body.results).toEqual([expect.objectContaining({ path: first, type: 'removed' })]);
      await commit('fewer-images', `Delete ${first}`);
      deleted.push(first);
    }
    const left = await list('fewer-images', 'images/');
    expect(left.length).toBe(expected.filter((p) => p.startsWith('images/')).length - 3);
    for (const path of deleted) expect(left).not.toContain(path);

    const diff = await api.get<Page<{ path: string; type: string }>>('/repositories/quickstart/refs/main/diff/fewer-images');
    expect(diff.body.results.map((r) => [r.path, r.type])).toEqual(deleted.map((p) => [p, 'removed']));
    expect((await api.post('/repositories/quickstart/refs/fewer-images/merge/main', {})).status).toBe(200);
    expect(await list('main', 'images/')).toEqual(left);
  });
});
