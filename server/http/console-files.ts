// Serves the built console. Paths that name no file fall back to index.html so the console's own router can
// handle deep links; missing assets (paths with an extension) stay 404. A page carries the answers to its first reads
// (console-boot.ts), given by whoever serves the console, so it is never stored by a cache.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The console's pages run only the console's own scripts, so an injected markup fragment (say, in a rendered
 * README) can neither run code nor send data elsewhere, and no other site may frame them.
 */
export function consoleContentSecurityPolicy(inlineScriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    // The SQL preview's DuckDB-WASM compiles WebAssembly ('wasm-unsafe-eval', which allows no JavaScript eval). The
    // page's own inline scripts (the build's route-chunk preloads) are allowed by their hashes, so no other inline
    // script runs.
    ["script-src 'self' 'wasm-unsafe-eval'", ...inlineScriptHashes.map((hash) => `'${hash}'`)].join(' '),
    // DuckDB's worker is a script of the console's own build; it reads objects from the same origin (connect-src).
    "worker-src 'self'",
    // Chakra (emotion) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    // The PDF viewer embeds a blob: address of the PDF's bytes in an <object>, which Chromium checks twice: as plugin
    // data (object-src) and as the frame it shows the PDF in (frame-src). Nothing else is embedded.
    'object-src blob:',
    'frame-src blob:',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** CSP hashes (`sha256-…`) of the inline scripts of a page the build wrote. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

async function fileSize(path: string): Promise<number | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
}

/** The build's gzip of a file, beside it. */
interface GzippedFile {
  path: string;
  size: number;
}

/**
 * A file streamed from disk. `gzipped`: its gzip, made by the build, which is streamed instead when `sendGzip`; the
 * answer then depends on the request's Accept-Encoding, whichever is sent.
 */
function fileResponse(path: string, size: number, method: string, cacheControl: string, gzipped?: GzippedFile, sendGzip = false): Response {
  const sent = sendGzip ? gzipped : undefined;
  const headers: Record<string, string> = {
    'content-type': contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(sent?.size ?? size),
    'cache-control': cacheControl,
  };
  if (gzipped) headers.vary = 'accept-encoding';
  if (sent) headers['content-encoding'] = 'gzip';
  if (method === 'HEAD') return new Response(null, { headers });
  const body = Readable.toWeb(createReadStream(sent?.path ?? path)) as ReadableStream<Uint8Array>;
  return new Response(body, { headers });
}

const gzipped = promisify(gzip);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The largest asset kept in memory: the scripts and styles, not DuckDB's WebAssembly (tens of MB, fetched rarely),
 * which the build gzips beside it (scripts/precompress-assets.ts) for the server to stream.
 */
export const HELD_ASSET_MAX_BYTES = 1024 * 1024;
/** The kinds of asset gzip shrinks: gzipped once here when held, and by the build when too large to hold. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.wasm']);

/** An asset held in memory: its bytes, and for text their gzip, each made once. */
interface HeldAsset {
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | undefined;
}

async function holdAsset(path: string): Promise<HeldAsset> {
  const bytes = new Uint8Array(await readFile(path));
  const extension = extname(path).toLowerCase();
  const packed = COMPRESSIBLE_EXTENSIONS.has(extension) ? new Uint8Array(await gzipped(bytes, { level: 9 })) : undefined;
  return {
    type: contentTypes[extension] ?? 'application/octet-stream',
    bytes,
    gzip: packed && packed.byteLength < bytes.byteLength ? packed : undefined,
  };
}

const acceptsGzip = (acceptEncoding: string | undefined) => /\bgzip\b/i.test(acceptEncoding ?? '');

function heldResponse(asset: HeldAsset, method: string, acceptsGzip: boolean): Response {
  const body = acceptsGzip && asset.gzip ? asset.gzip : asset.bytes;
  const headers: Record<string, string> = {
    'content-type': asset.type,
    'content-length': String(body.byteLength),
    'cache-control': IMMUTABLE,
    vary: 'accept-encoding',
  };
  if (body === asset.gzip) headers['content-encoding'] = 'gzip';
  return new Response(method === 'HEAD' ? null : body, { headers });
}

/** Puts in a page what it needs first (console-boot.ts): the answers depend on the request's user. */
export type PageFiller = (html: string) => Promise<string>;

/**
 * A page of the console, with the policy that lets exactly its own scripts run (hashed before the page is filled:
 * what is filled in is data, never script). Pages are small: read whole. A filled page holds one user's answers, so
 * no cache may keep it.
 */
async function pageResponse(path: string, method: string, fill?: PageFiller): Promise<Response> {
  const built = await readFile(path, 'utf8');
  const policy = consoleContentSecurityPolicy(inlineScriptHashes(built));
  const html = Buffer.from(fill && method !== 'HEAD' ? await fill(built) : built, 'utf8');
  const headers = {
    'content-type': contentTypes['.html'] as string,
    'content-length': String(html.byteLength),
    'cache-control': 'no-store',
    'content-security-policy': policy,
  };
  return new Response(method === 'HEAD' ? null : new Uint8Array(html), { headers });
}

/** How the browser asked: the request's method and whether it takes gzip. */
export interface ConsoleRequest {
  method: string;
  acceptEncoding?: string | undefined;
}

/**
 * The build's files. Its assets are named by their content and never change while the server runs, so those a page
 * loads (its scripts and styles) are read once and kept in memory, gzipped once for browsers that take it: a cold
 * page loads some hundred of them, six at a time, and each read from disk cost a file-system round trip.
 */
export function consoleFiles(consoleDir: string) {
  const root = normalize(consoleDir + sep);
  const heldAssets = new Map<string, Promise<HeldAsset>>();
  return async (urlPath: string, { method, acceptEncoding }: ConsoleRequest, fill?: PageFiller): Promise<Response> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return new Response('bad path', { status: 400 });
    }
    const candidate = normalize(join(root, decoded));
    if (candidate.startsWith(root) && !decoded.includes('\0')) {
      // An asset held already is answered without asking the file system again.
      const held = heldAssets.get(candidate);
      if (held) return heldResponse(await held, method, acceptsGzip(acceptEncoding));
      const size = await fileSize(candidate);
      if (size !== undefined) {
        if (extname(candidate).toLowerCase() === '.html') return pageResponse(candidate, method, fill);
        const immutable = decoded.startsWith('/assets/');
        if (immutable && size <= HELD_ASSET_MAX_BYTES) {
          const asset = holdAsset(candidate);
          heldAssets.set(candidate, asset);
          // A failed read is not kept: the next request tries again.
          asset.catch(() => heldAssets.delete(candidate));
          return heldResponse(await asset, method, acceptsGzip(acceptEncoding));
        }
        if (!immutable) return fileResponse(candidate, size, method, 'no-cache');
        const gzipPath = `${candidate}.gz`;
        const gzipSize = await fileSize(gzipPath);
        const gzipped = gzipSize === undefined ? undefined : { path: gzipPath, size: gzipSize };
        return fileResponse(candidate, size, method, IMMUTABLE, gzipped, acceptsGzip(acceptEncoding));
      }
    }
    if (extname(decoded) !== '') return new Response('not found', { status: 404 });
    const index = join(root, 'index.html');
    const indexSize = await fileSize(index);
    if (indexSize === undefined) {
      return new Response('The console is not built yet: run `npm run build` (or `npm start`, which builds it).', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    return pageResponse(index, method, fill);
  };
}
