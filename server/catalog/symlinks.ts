// Hive-style symlink manifests of a ref's objects (lakeFS's createSymlinkFile): for every directory that holds
// objects, a `symlink.txt` listing their physical addresses, one a line, at
// `_lakefs/symlinks/<repo>/<ref>/<directory>/symlink.txt` in the repository's namespace. Hive, Trino or Spark point a
// table at such a folder to read one version of the data straight from storage. Each directory is listed on its own
// (delimiter `/`) and its manifest streamed to the block store as its pages arrive, so memory follows the page
// size and the number of subdirectories, not the number of objects.
import type { BlockStore } from '../blockstore';
import { InvalidBlockKeyError, ValidationError } from '../errors';
import type { ListOptions, Page } from '../graveler';

/** Where the manifests of every repository and ref live in a namespace. */
export const SYMLINKS_ROOT = '_lakefs/symlinks';
const MANIFEST = 'symlink.txt';
const PAGE = 1000;

export interface ListedObject {
  pathType: 'object' | 'common_prefix';
  path: string;
  physicalAddress?: string;
}

export type ListObjects = (o: ListOptions) => Promise<Page<ListedObject>>;

/** Every listing of one prefix with `/` holds objects of one directory: the prefix up to its last `/`. */
const directoryOf = (prefix: string) => prefix.slice(0, Math.max(0, prefix.lastIndexOf('/')));

/** The manifest's lines, page by page; the subdirectories met on the way are added to `subdirectories`. */
async function* manifestLines(list: ListObjects, prefix: string, subdirectories: string[]): AsyncGenerator<Uint8Array> {
  let after: string | undefined;
  let first = true;
  for (;;) {
    const page = await list({ prefix, delimiter: '/', amount: PAGE, ...(after !== undefined ? { after } : {}) });
    const lines: string[] = [];
    for (const item of page.results) {
      if (item.pathType === 'common_prefix') subdirectories.push(item.path);
      else if (item.physicalAddress !== undefined) lines.push(item.physicalAddress);
    }
    if (lines.length > 0) {
      yield Buffer.from((first ? '' : '\n') + lines.join('\n'));
      first = false;
    }
    if (!page.hasMore) return;
    after = page.nextOffset;
  }
}

/**
 * Writes the manifests of the objects under `location` (a path prefix; everything when empty) below `base`
 * (`_lakefs/symlinks/<repo>/<ref>`). A directory without objects of its own gets no manifest.
 */
export async function writeSymlinkManifests(blocks: BlockStore, namespace: string, base: string, list: ListObjects, location: string): Promise<void> {
  const pending = [location];
  for (let prefix = pending.pop(); prefix !== undefined; prefix = pending.pop()) {
    const subdirectories: string[] = [];
    const lines = manifestLines(list, prefix, subdirectories);
    // The first step reads pages up to the first object or the end: a directory with no objects is known, with all
    // its subdirectories, before anything is written.
    const head = await lines.next();
    if (!head.done) {
      const directory = directoryOf(prefix);
      const key = directory === '' ? `${base}/${MANIFEST}` : `${base}/${directory}/${MANIFEST}`;
      const body = (async function* () {
        yield head.value;
        yield* lines;
      })();
      try {
        await blocks.put(namespace, key, body);
      } catch (err) {
        if (err instanceof InvalidBlockKeyError) {
          throw new ValidationError(`cannot write the symlink file of directory "${directory}": ${err.message}`);
        }
        throw err;
      }
    }
    pending.push(...subdirectories);
  }
}
