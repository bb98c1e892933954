// The files a repository created with `sample_data: true` starts with, laid out as lakeFS's quickstart sample is
// (tutorials refer to it): README.md (a tour of Tarn), lakes.parquet, data/lakes.csv (the table's source) and
// images/ (the README's pictures: every image in assets/images, as many as it holds). They are assets beside this
// module, read when a sample is made, never on import; only the Parquet table is made, once per process, from the
// CSV. The pictures are read again for each sample rather than kept: a sample is made rarely, and they weigh far
// more than the rest. `npm run sample:screenshots` takes them anew.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { lakesTable, type LakesTable } from './lakes-table';

export interface SampleFile {
  path: string;
  contentType: string;
  bytes: Buffer;
}

const assets = join(import.meta.dirname, 'assets');

interface Assets {
  readme: string;
  csv: Buffer;
  table: LakesTable;
}

const imageTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

let loaded: Assets | undefined;

function loadAssets(): Assets {
  if (!loaded) {
    const csv = readFileSync(join(assets, 'data', 'lakes.csv'));
    loaded = {
      readme: readFileSync(join(assets, 'README.md'), 'utf8'),
      csv,
      table: lakesTable(csv.toString('utf8')),
    };
  }
  return loaded;
}

/** Every image of assets/images, by name (other files there, such as an editor's leftovers, are not shipped). */
function images(): SampleFile[] {
  const folder = join(assets, 'images');
  return readdirSync(folder)
    .filter((name) => Object.hasOwn(imageTypes, extname(name).toLowerCase()))
    .sort()
    .map((name) => ({
      path: `images/${name}`,
      contentType: imageTypes[extname(name).toLowerCase()] as string,
      bytes: readFileSync(join(folder, name)),
    }));
}

/** The README names the repository and branch it lives in, so its example queries run as they are. */
function fillReadme(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

export function sampleFiles(repository: string, branch: string): SampleFile[] {
  const { readme, csv, table } = loadAssets();
  const text = fillReadme(readme, {
    repository,
    branch,
    rows: table.rows.toLocaleString('en-US'),
    countries: String(table.countries),
  });
  return [
    { path: 'README.md', contentType: 'text/markdown; charset=utf-8', bytes: Buffer.from(text) },
    { path: 'data/lakes.csv', contentType: 'text/csv; charset=utf-8', bytes: csv },
    ...images(),
    { path: 'lakes.parquet', contentType: 'application/vnd.apache.parquet', bytes: table.parquet },
  ];
}
