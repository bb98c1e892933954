// A Vite build plugin: the build's large assets, which the server streams from disk rather than holding them in
// memory (server/http/console-files.ts), are also written gzipped beside them (`<file>.gz`), once, for the server to
// stream to a browser that takes gzip. DuckDB's WebAssembly module, some 18 MB, gzips to about 4 MB: a data file's
// SQL preview waits for it to download before DuckDB can start.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { COMPRESSIBLE_EXTENSIONS } from '../server/http/console-files.js';

const gzipped = promisify(gzip);

/** Writes `<file>.gz` beside each compressible output of at least `minBytes` that gzip makes smaller. */
export function precompressAssets(minBytes: number): Plugin {
  let outDir = '';
  return {
    name: 'tarn:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          const bytes = output.type === 'asset' ? output.source : output.code;
          const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
          if (size < minBytes || !COMPRESSIBLE_EXTENSIONS.has(extname(output.fileName).toLowerCase())) return;
          const packed = await gzipped(bytes, { level: 9 });
          if (packed.byteLength >= size) return;
          const path = join(outDir, `${output.fileName}.gz`);
          await mkdir(dirname(path), { recursive: true });
          await writeFile(path, packed);
        }),
      );
    },
  };
}
