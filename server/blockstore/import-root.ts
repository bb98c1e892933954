// The server's import root (`--import-root DIR`): a folder of the local file system whose files repositories may
// import without copying them. It is read-only. Its addresses are `local://` and an absolute path inside the root
// (`local:///srv/import/photos/a.jpg`), which no namespace of the data folder can be (those are relative:
// `local://quickstart`), so both stores share the scheme without ambiguity.
import { lstatSync, realpathSync, statSync, createReadStream } from 'node:fs';
import { lstat, open, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { BlockNotFoundError, ForbiddenError, InvalidNamespaceError, ValidationError } from '../errors';
import type { BlockStore, ByteRange, ListedObject, ObjectStat } from './block-store';
import { checkSegments, joinAddress } from './keys';

export interface ImportRootOptions {
  /** The folder whose files may be imported; it must exist. */
  root: string;
  /** Folders that are never read even when they lie inside the root: Tarn's own data folder. */
  excluded: string[];
}

/** What every import-root address starts with: `local://` and an absolute path. */
const importRootPrefix = 'local:///';

/** How many files are examined between two yields to the event loop, so that a long listing never stalls the server. */
const filesPerYield = 512;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The source URIs the import root takes, as the storage config's `import_validity_regex`. */
export function importRootPattern(root: string): string {
  // The root is never the file system's own (openImportRootStore refuses it), so a folder boundary follows.
  return `^${escapeRegex(`local://${path.resolve(root)}`)}(/|$)`;
}

const inside = (file: string, dir: string) => file === dir || file.startsWith(dir === path.sep ? dir : dir + path.sep);

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * A file's ETag from what its listing knows (size and modification time), as web servers make them: reading every
 * file to hash it would make an import cost as much as a copy.
 */
function etagOf(size: number, mtimeMs: number): string {
  return `${Math.floor(mtimeMs).toString(16)}-${size.toString(16)}`;
}

function listed(key: string, size: number, mtimeMs: number): ListedObject {
  return { key, size, mtime: mtimeMs, etag: etagOf(size, mtimeMs) };
}

/**
 * Files are read only after their real path (every symbolic link resolved) is found inside the root and outside the
 * excluded folders, so no link, `..` or absolute path reaches anything else. Listings skip links and hidden names
 * (starting with `.`), as lakeFS's local import does by default.
 */
export function openImportRootStore(options: ImportRootOptions): BlockStore {
  const root = path.resolve(options.root);
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
    if (!statSync(realRoot).isDirectory()) throw new Error('not a folder');
  } catch (err) {
    throw new Error(`import root ${root} is not a folder: ${(err as Error).message}`);
  }
  if (realRoot === path.parse(realRoot).root) throw new Error(`import root ${root} must not be the whole file system`);
  const excluded = options.excluded.map((dir) => path.resolve(dir));
  const realExcluded = excluded.map((dir) => {
    try {
      return realpathSync(dir);
    } catch {
      return dir;
    }
  });
  if (excluded.some((dir) => inside(root, dir)) || realExcluded.some((dir) => inside(realRoot, dir))) {
    throw new Error(`import root ${root} must not be inside Tarn's data folder`);
  }

  /** The absolute path an address names, checked as written: inside the root, outside the excluded folders. */
  function pathOf(namespace: string, key: string): string {
    if (!namespace.startsWith(importRootPrefix)) throw new InvalidNamespaceError(`import source must start with local://${root}`);
    const absolute = namespace.slice(importRootPrefix.length).replace(/\/+$/, '');
    const toError = (m: string) => new ValidationError(m);
    const segments = [
      ...(absolute === '' ? [] : checkSegments(absolute, 'import source', toError)),
      ...(key === '' ? [] : checkSegments(key, 'import source', toError)),
    ];
    const file = path.join(path.sep, ...segments);
    if (!inside(file, root)) throw new ValidationError(`import source must be inside the import root ${root}`);
    if (excluded.some((dir) => inside(file, dir))) throw new ValidationError("import source must not be inside Tarn's data folder");
    return file;
  }

  /** The same check on the real path, once links are resolved; an escaping link counts as missing. */
  function confine(real: string, shown: string): string {
    if (!inside(real, realRoot) || realExcluded.some((dir) => inside(real, dir))) {
      throw new ValidationError(`import source ${shown} leads outside the import root`);
    }
    return real;
  }

  async function realFile(namespace: string, key: string): Promise<string> {
    const file = pathOf(namespace, key);
    try {
      return confine(await realpath(file), file);
    } catch (err) {
      if (isMissing(err)) throw new BlockNotFoundError(namespace, key);
      throw err;
    }
  }

  async function statOf(namespace: string, key: string): Promise<ObjectStat | undefined> {
    let real: string;
    try {
      real = await realFile(namespace, key);
    } catch (err) {
      if (err instanceof BlockNotFoundError) return undefined;
      throw err;
    }
    const s = await lstat(real).catch((err: unknown) => (isMissing(err) ? undefined : Promise.reject(err)));
    return s?.isFile() ? { size: s.size, mtime: s.mtimeMs, etag: etagOf(s.size, s.mtimeMs) } : undefined;
  }

  /** Files under `dir` in ascending byte order of their keys: a folder sorts as its name and `/`. */
  async function* walk(dir: string, keyPrefix: string, budget: { left: number }): AsyncGenerator<ListedObject> {
    const entries = await readdir(dir, { withFileTypes: true });
    const named = entries
      .filter((e) => !e.name.startsWith('.') && (e.isDirectory() || e.isFile()))
      .map((e) => {
        const sortKey = e.isDirectory() ? `${e.name}/` : e.name;
        return { entry: e, sortKey, bytes: Buffer.from(sortKey) };
      })
      // By UTF-8 bytes, the order of keys everywhere in Tarn (UTF-16 units disagree on astral characters).
      .sort((a, b) => Buffer.compare(a.bytes, b.bytes));
    for (const { entry, sortKey } of named) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* walk(full, keyPrefix + sortKey, budget);
        continue;
      }
      // Synchronous: several times faster than a promise per file, and the budget yields often enough.
      const s = lstatSync(full, { throwIfNoEntry: false });
      if (s?.isFile()) yield listed(keyPrefix + entry.name, s.size, s.mtimeMs);
      if (--budget.left <= 0) {
        budget.left = filesPerYield;
        await yieldToEventLoop();
      }
    }
  }

  /** Checks the folder now (inside the root, a folder, reachable), so that a bad source fails the call naming it. */
  function listSorted(namespace: string, prefix: string): AsyncIterable<ListedObject> {
    const folder = pathOf(namespace, prefix.replace(/\/+$/, ''));
    let real: string;
    try {
      real = confine(realpathSync(folder), folder);
      if (!statSync(real).isDirectory()) throw new ValidationError(`import source ${folder} is not a folder`);
    } catch (err) {
      if (isMissing(err)) throw new ValidationError(`import source ${folder} does not exist`);
      throw err;
    }
    return walk(real, prefix === '' ? '' : `${prefix.replace(/\/+$/, '')}/`, { left: filesPerYield });
  }

  const readOnly = () => new ForbiddenError('the import root is read-only');

  return {
    type: 'local',
    namespacePrefix: importRootPrefix,
    validateNamespace() {
      throw new InvalidNamespaceError('storage namespace must not be an absolute path: the import root holds no repositories');
    },
    async put() {
      throw readOnly();
    },
    async get(namespace, key, range?: ByteRange) {
      const handle = await open(await realFile(namespace, key), 'r');
      return createReadStream('', { fd: handle, ...(range ? { start: range.start, ...(range.end === undefined ? {} : { end: range.end }) } : {}) });
    },
    async getBytes(namespace, key, range) {
      const handle = await open(await realFile(namespace, key), 'r');
      try {
        const { size } = await handle.stat();
        const start = range?.start ?? 0;
        const end = Math.min(range?.end ?? size - 1, size - 1);
        const length = Math.max(0, end - start + 1);
        const buffer = Buffer.alloc(length);
        await handle.read(buffer, 0, length, start);
        return buffer;
      } finally {
        await handle.close();
      }
    },
    stat: statOf,
    async exists(namespace, key) {
      return (await statOf(namespace, key)) !== undefined;
    },
    async delete() {
      throw readOnly();
    },
    list: listSorted,
    listSorted,
    newDataKey() {
      throw readOnly();
    },
    fullAddress: joinAddress,
  };
}
