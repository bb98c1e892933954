// The files a repository created with `sample_data: true` starts with, laid out as lakeFS's quickstart sample is
// (tutorials refer to it): README.md, lakes.parquet, data/lakes.csv (the table's source) and images/lake.png.
// They are assets beside this module; only the Parquet table is made, once per process, from the CSV.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lakesTable, type LakesTable } from './lakes-table';

export interface SampleFile {
  path: string;
  contentType: string;
  bytes: Buffer;
}

const assets = join(import.meta.dirname, 'assets');

interface Assets {
  readme: string;
  picture: Buffer;
  csv: Buffer;
  table: LakesTable;
}

let loaded: Assets | undefined;

function loadAssets(): Assets {
  if (!loaded) {
    const csv = readFileSync(join(assets, 'data', 'lakes.csv'));
    loaded = {
      readme: readFileSync(join(assets, 'README.md'), 'utf8'),
      picture: readFileSync(join(assets, 'images', 'lake.png')),
      csv,
      table: lakesTable(csv.toString('utf8')),
    };
  }
  return loaded;
}

/** The README names the repository and branch it lives in, so its example queries run as they are. */
function fillReadme(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

export function sampleFiles(repository: string, branch: string): SampleFile[] {
  const { readme, picture, csv, table } = loadAssets();
  const text = fillReadme(readme, {
    repository,
    branch,
    rows: table.rows.toLocaleString('en-US'),
    countries: String(table.countries),
  });
  return [
    { path: 'README.md', contentType: 'text/markdown; charset=utf-8', bytes: Buffer.from(text) },
    { path: 'data/lakes.csv', contentType: 'text/csv; charset=utf-8', bytes: csv },
    { path: 'images/lake.png', contentType: 'image/png', bytes: picture },
    { path: 'lakes.parquet', contentType: 'application/vnd.apache.parquet', bytes: table.parquet },
  ];
}
