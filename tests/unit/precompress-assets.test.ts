// The build writes a gzip beside each large asset the server streams (DuckDB's WebAssembly), once: the server sends it
// to a browser that takes gzip. Small files (held and gzipped by the server itself) and files gzip cannot shrink get none.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedConfig, Rolldown } from 'vite';
import { precompressAssets } from '../../scripts/precompress-assets';

const MIN_BYTES = 1024;
let root: string | undefined;

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** Runs the plugin's hooks on `outputs` as a build into `<root>/dist` would; answers that folder. */
async function build(outputs: Array<{ fileName: string; source: Uint8Array | string }>): Promise<string> {
  root = mkdtempSync(join(tmpdir(), 'tarn-precompress-'));
  const plugin = precompressAssets(MIN_BYTES);
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root, build: { outDir: 'dist' } } as ResolvedConfig);
  const bundle = Object.fromEntries(outputs.map((output) => [output.fileName, { type: 'asset', ...output }])) as unknown as Rolldown.OutputBundle;
  await (plugin.writeBundle as (options: unknown, bundle: Rolldown.OutputBundle) => Promise<void>)({}, bundle);
  return join(root, 'dist');
}

describe('precompressed assets', () => {
  it('writes the gzip of a large compressible asset beside it, the same bytes once unpacked', async () => {
    const wasm = new Uint8Array(64 * 1024).map((_, i) => i % 7);
    const dist = await build([{ fileName: 'assets/engine-abc.wasm', source: wasm }]);
    const packed = readFileSync(join(dist, 'assets/engine-abc.wasm.gz'));
    expect(packed.byteLength).toBeLessThan(wasm.byteLength / 10);
    expect(new Uint8Array(gunzipSync(packed))).toEqual(wasm);
  });

  it('writes none for a small asset, an image or bytes gzip does not shrink', async () => {
    const random = new Uint8Array(64 * 1024).map(() => Math.floor(Math.random() * 256));
    const dist = await build([
      { fileName: 'assets/small-abc.js', source: 'export const a = 1;\n' },
      { fileName: 'assets/photo-abc.png', source: new Uint8Array(64 * 1024) },
      { fileName: 'assets/noise-abc.wasm', source: random },
    ]);
    expect(existsSync(join(dist, 'assets/small-abc.js.gz'))).toBe(false);
    expect(existsSync(join(dist, 'assets/photo-abc.png.gz'))).toBe(false);
    expect(existsSync(join(dist, 'assets/noise-abc.wasm.gz'))).toBe(false);
  });
});
