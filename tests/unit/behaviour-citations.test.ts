import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Comments cite the rules they follow as `docs/behaviour.md, <section>`: each cited section must exist, and no
// comment may cite a document the repository does not hold.
const root = resolve(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const files = [...sources(join(root, 'src')), ...sources(join(root, 'server'))];
const sections = new Set(
  readFileSync(join(root, 'docs', 'behaviour.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => line.slice(3).trim()),
);

describe('comments cite the behaviour document', () => {
  it('names only sections docs/behaviour.md has', () => {
    const unknown: string[] = [];
    let citations = 0;
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/docs\/behaviour\.md, ([A-Z][A-Za-z ,-]*?)(?=[:;.)]|$)/gm)) {
        citations++;
        const section = (match[1] as string).trim();
        if (!sections.has(section)) unknown.push(`${file.slice(root.length + 1)}: ${section}`);
      }
    }
    expect(sections.size).toBeGreaterThan(10);
    expect(citations).toBeGreaterThan(50);
    expect(unknown).toEqual([]);
  });

  it('cites no specification section the repository does not hold', () => {
    const cited = files.filter((file) => /\b[Ss]pec [12]\b|§\d/.test(readFileSync(file, 'utf8'))).map((file) => file.slice(root.length + 1));
    expect(cited).toEqual([]);
  });
});
