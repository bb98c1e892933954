// Dev-only code (the statechart inspector, src/dev, and the ELK layout engine it draws with) must never reach the
// production console: src/main.tsx imports it only under import.meta.env.DEV, which a build replaces with false.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Strings found only in that code: ELK's engine and option names, and the inspector panel's label. */
export const DEV_ONLY_MARKERS = ['org.eclipse.elk', 'elk.hierarchyHandling', 'Statechart inspector'];

/** Every built file that contains a marker, with the marker found. */
export function devOnlyLeaks(distDir: string): { file: string; marker: string }[] {
  const leaks: { file: string; marker: string }[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(js|mjs|html|css|map)$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        for (const marker of DEV_ONLY_MARKERS) if (text.includes(marker)) leaks.push({ file: relative(distDir, path), marker });
      }
    }
  };
  visit(distDir);
  return leaks;
}
