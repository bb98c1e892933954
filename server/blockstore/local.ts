import {
  chmodSync,
  closeSync,
  createReadStream,
  fstatSync,
  mkdirSync,
  openSync,
  readFile as readFileCallback,
  readSync,
  writeFile as writeFileCallback,
} from 'node:fs';
import { access, constants, mkdir, open, opendir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { BlockNotFoundError, InvalidBlockKeyError, InvalidNamespaceError } from '../errors';
import type { AgedKey, BlockStore, ByteRange, ListedObject, ObjectStat, PutBody, PutResult } from './block-store';
import { measureBytes, measuredStream } from './body';
import { checkSegments, joinAddress, newDataKey } from './keys';
import { randomHex } from './random-hex';

export interface LocalBlockStoreOptions {
  /** Folder under which `local://<ns>` maps to `<root>/<ns>`. */
  root: string;
}

// Object data is private to this user: files 0600, folders 0700.
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

const PREFIX = 'local://';
const TEMP_DIR = '.tarn-tmp';

// What a file system holds, in bytes: one file name (NAME_MAX), and a whole path (PATH_MAX, less its final NUL).
// Past these a write fails with ENAMETOOLONG, so names are refused up front instead.
const maxNameBytes = 255;
const maxPathBytes = process.platform === 'darwin' ? 1023 : 4095;
/** The longest key Tarn writes in a namespace, `_tarn/metaranges/` and a 64-digit id (81 bytes), with room to spare. */
const longestKeyBytes = 128;

// The callback readFile: fs/promises' reads in chunks with a promise per step, which costs a 4 KB read
// about twice the CPU (measured on Node 20).
const readWholeFile = promisify(readFileCallback);
// Likewise a body already in memory: the callback writeFile costs a small upload less than a FileHandle's.
const writeWholeFile = promisify(writeFileCallback);

// Objects up to this size are read whole with synchronous calls on the main thread. From the page cache such a read
// costs a few microseconds, where each trip to libuv's thread pool (a whole read is four: open, stat, read, close)
// costs more than that in wake-ups alone; uncached, it costs about what SQLite's own page reads cost, which the
// metadata store already makes on the main thread. Writes stay in the pool: a write can be held up by the kernel's
// write-back throttling, and on the main thread that would hold up every request.
const SYNC_IO_BYTES = 64 * 1024;

/** `length` bytes of an open file from `start`, read on the main thread; fewer when the file ends first. */
function readSyncAt(fd: number, start: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let read = 0;
  for (let n = -1; read < length && n !== 0; read += n) n = readSync(fd, bytes, read, length - read, start + read);
  return read === length ? bytes : bytes.subarray(0, read);
}

function isEnoent(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}

function rangeOptions(range: ByteRange | undefined): { start?: number; end?: number } {
  if (!range) return {};
  return { start: range.start, ...(range.end === undefined ? {} : { end: range.end }) };
}

/**
 * Objects are files under the root. Keys become paths only after every segment is checked and the resolved path is
 * verified to stay inside the namespace folder. Writes go to a temporary file that is renamed into place, so a
 * killed process never leaves a partial object under a real key.
 */
export function openLocalBlockStore(options: LocalBlockStoreOptions): BlockStore {
  const root = path.resolve(options.root);
  mkdirSync(root, { recursive: true, mode: DIR_MODE });
  chmodSync(root, DIR_MODE);
  const tempDir = path.join(root, TEMP_DIR);
  // `<root>/<namespace>/<key>` must fit in a path with the longest key Tarn writes.
  const namespaceRoom = maxPathBytes - Buffer.byteLength(root) - 1 - longestKeyBytes - 1;
  // Folders known to exist: range files and data objects land in a few folders, so most writes skip mkdir.
  const madeDirs = new Set<string>();
  async function ensureDir(dir: string): Promise<void> {
    if (madeDirs.has(dir)) return;
    await mkdir(dir, { recursive: true, mode: DIR_MODE });
    if (madeDirs.size > 10_000) madeDirs.clear();
    madeDirs.add(dir);
  }

  /** A whole file: read on the main thread when small (SYNC_IO_BYTES), else through the thread pool. */
  async function readWhole(file: string): Promise<Buffer> {
    const fd = openSync(file, 'r');
    try {
      const { size } = fstatSync(fd);
      if (size > SYNC_IO_BYTES) return await readWholeFile(fd);
      return readSyncAt(fd, 0, size);
    } finally {
      closeSync(fd);
    }
  }

  /** Bytes start..end (inclusive) of a file, on the main thread as small whole files are; fewer past its end. */
  function readSmallRange(file: string, start: number, end: number): Buffer {
    const fd = openSync(file, 'r');
    try {
      return readSyncAt(fd, start, Math.max(0, end - start + 1));
    } finally {
      closeSync(fd);
    }
  }

  function namespaceDir(namespace: string): string {
    if (!namespace.startsWith(PREFIX)) throw new InvalidNamespaceError(`storage namespace must start with ${PREFIX}`);
    const rest = namespace.slice(PREFIX.length).replace(/\/+$/, '');
    const segments = checkSegments(rest, 'storage namespace', (m) => new InvalidNamespaceError(m), maxNameBytes);
    if (segments[0] === TEMP_DIR) throw new InvalidNamespaceError('storage namespace is reserved');
    const dir = path.resolve(root, ...segments);
    if (!dir.startsWith(root + path.sep)) throw new InvalidNamespaceError('storage namespace escapes the root');
    if (Buffer.byteLength(rest) > namespaceRoom) {
      throw new InvalidNamespaceError(`storage namespace is too long: this data folder holds namespaces of at most ${namespaceRoom} bytes`);
    }
    return dir;
  }

  function filePath(namespace: string, key: string): string {
    const dir = namespaceDir(namespace);
    const segments = checkSegments(key, 'object key', (m) => new InvalidBlockKeyError(m), maxNameBytes);
    const file = path.resolve(dir, ...segments);
    if (!file.startsWith(dir + path.sep)) throw new InvalidBlockKeyError('object key escapes its namespace');
    if (Buffer.byteLength(file) > maxPathBytes) throw new InvalidBlockKeyError(`object key is too long: its path would pass ${maxPathBytes} bytes`);
    return file;
  }

  async function writeTemp(body: PutBody): Promise<{ temp: string } & PutResult> {
    await ensureDir(tempDir);
    const temp = path.join(tempDir, randomHex(16));
    try {
      if (body instanceof Uint8Array) {
        await writeWholeFile(temp, body, { mode: FILE_MODE, flag: 'w' });
        return { temp, ...measureBytes(body) };
      }
      const handle = await open(temp, 'w', FILE_MODE);
      try {
        // Chunk by chunk as it arrives, each written before the next is read: a write stream piped to costs a
        // small upload about twice the CPU (measured on Node 20) for the same streaming.
        const measured = measuredStream(body);
        for await (const chunk of measured.stream) await handle.write(chunk as Uint8Array);
        return { temp, ...measured.result() };
      } finally {
        await handle.close();
      }
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async function statFile(namespace: string, key: string): Promise<ObjectStat | undefined> {
    try {
      const s = await stat(filePath(namespace, key));
      return s.isFile() ? { size: s.size, mtime: s.mtimeMs } : undefined;
    } catch (err) {
      if (isEnoent(err)) return undefined;
      throw err;
    }
  }

  /** Files only: links are never followed, so a listing cannot leave the namespace's folder. */
  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<ListedObject> {
    let entries;
    try {
      entries = await opendir(dir);
    } catch (err) {
      if (isEnoent(err)) return;
      throw err;
    }
    for await (const entry of entries) {
      const key = keyPrefix + entry.name;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${key}/`);
      else if (entry.isFile()) {
        // Deleted between the listing and now: not there any more, so not listed.
        const s = await stat(path.join(dir, entry.name)).catch((err: unknown) => (isEnoent(err) ? undefined : Promise.reject(err)));
        if (s) yield { key, size: s.size, mtime: s.mtimeMs };
      }
    }
  }

  /**
   * A folder's mtime moves whenever a file is renamed into it, and every object is written to a temporary file and
   * then renamed into place. So when a folder's mtime, read after its listing, is not after `notAfterMs`, each file
   * listed was complete by then and is old without a look at it; the files of any other folder are looked at one by one.
   */
  async function* walkAges(dir: string, keyPrefix: string, notAfterMs: number): AsyncGenerator<AgedKey[]> {
    let entries;
    let settled;
    try {
      entries = await readdir(dir, { withFileTypes: true });
      settled = (await stat(dir)).mtimeMs <= notAfterMs;
    } catch (err) {
      if (isEnoent(err)) return;
      throw err;
    }
    const files: AgedKey[] = [];
    const folders: string[] = [];
    for (const entry of entries) {
      if (entry.isDirectory()) folders.push(entry.name);
      else if (!entry.isFile()) continue;
      else if (settled) files.push({ key: keyPrefix + entry.name, young: false });
      else {
        // Deleted between the listing and now: not there any more, so not listed.
        const s = await stat(path.join(dir, entry.name)).catch((err: unknown) => (isEnoent(err) ? undefined : Promise.reject(err)));
        if (s) files.push({ key: keyPrefix + entry.name, young: s.mtimeMs > notAfterMs });
      }
    }
    if (files.length > 0) yield files;
    for (const name of folders) yield* walkAges(path.join(dir, name), `${keyPrefix}${name}/`, notAfterMs);
  }

  return {
    type: 'local',
    namespacePrefix: PREFIX,
    /** The folder is there and this user may write into it: what every write needs. */
    async probe() {
      if (!(await stat(root)).isDirectory()) throw new Error(`${root} is not a folder`);
      await access(root, constants.W_OK);
    },
    validateNamespace(namespace) {
      namespaceDir(namespace);
    },
    async put(namespace, key, body) {
      const target = filePath(namespace, key);
      const { temp, size, checksum } = await writeTemp(body);
      try {
        await ensureDir(path.dirname(target));
        await rename(temp, target).catch(async (err: unknown) => {
          // The folder was removed behind our back: make it again once.
          if (!isEnoent(err)) throw err;
          madeDirs.clear();
          await ensureDir(tempDir);
          await ensureDir(path.dirname(target));
          await rename(temp, target);
        });
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { size, checksum };
    },
    async get(namespace, key, range) {
      const file = filePath(namespace, key);
      // Open first so a missing object is reported here rather than as a stream error later.
      const handle = await open(file, 'r').catch((err: unknown) => {
        if (isEnoent(err)) throw new BlockNotFoundError(namespace, key);
        throw err;
      });
      return createReadStream('', { fd: handle, ...rangeOptions(range) });
    },
    async getBytes(namespace, key, range) {
      const file = filePath(namespace, key);
      try {
        if (!range) return await readWhole(file);
        // A small bounded range (a block of a tree file) is read like a small file; a large one through the pool,
        // cut to the file before its buffer is made.
        if (range.end !== undefined && range.end - range.start < SYNC_IO_BYTES) return readSmallRange(file, range.start, range.end);
        const handle = await open(file, 'r');
        try {
          const end = Math.min(range.end ?? Infinity, (await handle.stat()).size - 1);
          const buffer = Buffer.allocUnsafe(Math.max(0, end - range.start + 1));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, range.start);
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      } catch (err) {
        if (isEnoent(err)) throw new BlockNotFoundError(namespace, key);
        throw err;
      }
    },
    stat: statFile,
    async exists(namespace, key) {
      return (await statFile(namespace, key)) !== undefined;
    },
    async delete(namespace, key) {
      try {
        await unlink(filePath(namespace, key));
      } catch (err) {
        if (!isEnoent(err)) throw err;
      }
    },
    list(namespace, prefix) {
      const folder = prefix.replace(/\/+$/, '');
      const dir = folder === '' ? namespaceDir(namespace) : filePath(namespace, folder);
      return walk(dir, folder === '' ? '' : `${folder}/`);
    },
    listAges(namespace, prefix, notAfterMs) {
      const folder = prefix.replace(/\/+$/, '');
      const dir = folder === '' ? namespaceDir(namespace) : filePath(namespace, folder);
      return walkAges(dir, folder === '' ? '' : `${folder}/`, notAfterMs);
    },
    newDataKey,
    fullAddress: joinAddress,
  };
}
