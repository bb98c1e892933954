// The files a repository created with `sample_data: true` starts with: a README linking an image, and the same
// data set as CSV and Parquet under a few prefixes.
import { lakes } from './lakes';
import { writeParquet } from './parquet';
import { lakePicture } from './png';

export interface SampleFile {
  path: string;
  contentType: string;
  bytes: Buffer;
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function lakesCsv(): string {
  const header = 'id,name,countries,continent,area_km2,max_depth_m,elevation_m,volume_km3';
  const rows = lakes.map((l, i) =>
    [i + 1, l.name, l.countries, l.continent, l.areaKm2, l.maxDepthM, l.elevationM, l.volumeKm3].map(csvField).join(','),
  );
  return `${[header, ...rows].join('\n')}\n`;
}

export function lakesParquet(): Buffer {
  return writeParquet([
    { name: 'id', type: 'int64', values: lakes.map((_, i) => i + 1) },
    { name: 'name', type: 'utf8', values: lakes.map((l) => l.name) },
    { name: 'countries', type: 'utf8', values: lakes.map((l) => l.countries) },
    { name: 'continent', type: 'utf8', values: lakes.map((l) => l.continent) },
    { name: 'area_km2', type: 'double', values: lakes.map((l) => l.areaKm2) },
    { name: 'max_depth_m', type: 'int64', values: lakes.map((l) => l.maxDepthM) },
    { name: 'elevation_m', type: 'int64', values: lakes.map((l) => l.elevationM) },
    { name: 'volume_km3', type: 'double', values: lakes.map((l) => l.volumeKm3) },
  ]);
}

function readme(repo: string, branch: string): string {
  return `# Welcome to ${repo}

![A mountain lake](images/lake.png)

This repository was created with sample data so you can try versioned data right away. It holds one small data
set, the largest lakes of the world, in two formats:

| Path | What it is |
|---|---|
| \`tables/lakes/lakes.parquet\` | ${lakes.length} lakes as Parquet: open it to preview and query it with SQL |
| \`raw/lakes.csv\` | the same rows as CSV |
| \`images/lake.png\` | the picture above |

## Things to try

1. Open \`tables/lakes/lakes.parquet\` and run a query, e.g.
   \`SELECT continent, count(*) AS lakes, sum(area_km2) AS area FROM data GROUP BY continent ORDER BY area DESC\`.
2. Create a branch from \`${branch}\`, upload or delete a file on it, and look at its uncommitted changes.
3. Commit the change, compare the branch with \`${branch}\`, and merge it back.

Figures are rounded public estimates, for demonstration only.
`;
}

export function sampleFiles(repo: string, branch: string): SampleFile[] {
  return [
    { path: 'README.md', contentType: 'text/markdown; charset=utf-8', bytes: Buffer.from(readme(repo, branch)) },
    { path: 'images/lake.png', contentType: 'image/png', bytes: lakePicture() },
    { path: 'raw/lakes.csv', contentType: 'text/csv; charset=utf-8', bytes: Buffer.from(lakesCsv()) },
    { path: 'tables/lakes/lakes.parquet', contentType: 'application/vnd.apache.parquet', bytes: lakesParquet() },
  ];
}
