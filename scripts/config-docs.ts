// `npm run config-docs`: writes the README's configuration table from the server's table of options
// (server/config-options.ts), between its markers; tests/server/config.test.ts fails when the two differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readmeTable } from '../server/config-options';

export const readmePath = join(import.meta.dirname, '..', 'README.md');
const begin = '<!-- configuration options: made by `npm run config-docs` from server/config-options.ts -->';
const end = '<!-- end of configuration options -->';

/** The README with its configuration table made anew. */
export function withConfigTable(readme: string): string {
  const from = readme.indexOf(begin);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no configuration table between "${begin}" and "${end}"`);
  return `${readme.slice(0, from + begin.length)}\n${readmeTable()}\n${readme.slice(to)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  writeFileSync(readmePath, withConfigTable(readFileSync(readmePath, 'utf8')));
}
