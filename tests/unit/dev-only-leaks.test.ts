// The bundle check's markers must stay true to the code they stand for, or a leak would pass unnoticed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_ONLY_MARKERS, devOnlyLeaks } from '../../scripts/dev-only-leaks';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(path, 'utf8');
let dist: string | undefined;

afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = undefined;
});

describe('dev-only code in the production build', () => {
  it('has markers that the ELK engine, the layout module and the inspector panel really contain', () => {
    const elk = read(createRequire(import.meta.url).resolve('elkjs/lib/elk.bundled.js'));
    const layout = read(join(root, 'src/dev/statechart-layout.ts'));
    const panel = read(join(root, 'src/dev/inspector/InspectorPanel.tsx'));
    expect(DEV_ONLY_MARKERS.filter((marker) => elk.includes(marker))).toContain('org.eclipse.elk');
    expect(layout).toContain('elk.hierarchyHandling');
    expect(panel).toContain('Statechart inspector');
  });

  it('finds a marker in any built file, nested folders included, and passes a clean build', () => {
    dist = mkdtempSync(join(tmpdir(), 'tarn-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<script src="/assets/index.js"></script>');
    writeFileSync(join(dist, 'assets', 'index.js'), 'console.log("console")');
    expect(devOnlyLeaks(dist)).toEqual([]);
    writeFileSync(join(dist, 'assets', 'panel.js'), 'const label = "Statechart inspector";');
    expect(devOnlyLeaks(dist)).toEqual([{ file: join('assets', 'panel.js'), marker: 'Statechart inspector' }]);
  });
});
