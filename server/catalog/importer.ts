// Imports (lakeFS's importStart, importStatus, importCancel): objects that already live in storage (a folder under
// the server's import root, an S3 prefix) become one commit on a branch without their data being copied. Each
// imported entry's physical address is where the data already is.
//
// The work runs in the background of the process that accepted it, in two steps: the sources are listed, merged in
// key order and written as a tree of their own (the "staging range": sorted range files, never per-object kv
// writes), then that tree is committed over the branch's head, replacing what was under each destination. Its status
// lives in the store (graveler/import-records.ts), so any server process answers it; the process running it writes it at
// least every few thousand objects and every few seconds. A status whose process stopped (a crash, a restart) is
// reported failed by whoever reads it next: in time, by that silence, or at once when no other process shares the
// metadata store. The branch moves by compare-and-set only once its commit is complete, so an import that stops at
// any point leaves the branch where it was, never half-imported.
import { randomUUID } from 'node:crypto';
import type { BlockStore, ListedObject } from '../blockstore';
import {
  conflict,
  DirtyBranchError,
  ForbiddenError,
  NotFoundError,
  ReadOnlyRepositoryError,
  ValidationError,
} from '../errors';
import { validatePath } from '../graveler';
import type { Commit, Graveler, ImportOptions, ImportRecord, ObjectRecord, Repository } from '../graveler';

type ImportPathType = 'common_prefix' | 'object';

/** One source and where it lands: under `destination` (a folder) for a common prefix, at `destination` for an object. */
interface ImportLocation {
  path: string;
  destination: string;
  type: ImportPathType;
}

export interface ImportInput {
  paths: ImportLocation[];
  message: string;
  metadata?: Record<string, string>;
  /** Bypasses the read-only repository check, as for a commit. */
  force?: boolean;
  committer: string;
}

/** What the server allows importing from (the storage config's `import_support` and `import_validity_regex`). */
export interface ImportSettings {
  support: boolean;
  pattern: string;
  /**
   * No other server process shares the metadata store: an import that another process was running is known to be
   * interrupted at once, instead of after its silence.
   */
  exclusive: boolean;
}

export const noImports: ImportSettings = { support: false, pattern: '', exclusive: true };

/** An import as its status call answers it. */
export interface ImportStatus {
  completed: boolean;
  /** Unix milliseconds. */
  updateTime: number;
  ingested: number;
  metaRangeId?: string;
  commit?: Commit;
  error?: string;
}

/** Commits an imported tree with a commit's hooks. */
export type CommitImport = (repo: string, branch: string, metaRangeId: string, o: ImportOptions) => Promise<Commit>;

/** The status is written at least every this many listed objects... */
const progressEvery = 5000;
/** ...and at least this often (ms) while the import runs, listing or not. */
const heartbeatMs = 2000;
/** Another process's import whose status is older than this (ms) is taken for interrupted. */
const staleAfterMs = 30_000;
/** Objects handed on between two yields to the event loop (a listing of cached pages resolves without waiting). */
const recordsPerYield = 1000;

const interruptedMessage = 'import interrupted by a server restart';
const cancelledMessage = 'import cancelled';

const isRunning = (r: ImportRecord) => r.state === 'running' || r.state === 'committing';
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The import was cancelled or declared interrupted while it ran: it stops and leaves its status as it is. */
class ImportStopped extends Error {}

/** A source opened for listing: its objects in key order, each with the address of its data. */
interface OpenedSource {
  location: ImportLocation;
  /** Keys of `listed` are relative to this namespace. */
  namespace: string;
  listed: AsyncIterable<ListedObject> | Iterable<ListedObject>;
  /** Where its objects land: a folder (`dir/`, or '' for the branch's root) or, for an object, its path. */
  destination: string;
}

/** `scheme://rest` split at its last `/` (`s3://b/k` → `s3://b` and `k`): an object's folder and its name. */
function splitObject(uri: string): { namespace: string; key: string } {
  const slash = uri.lastIndexOf('/');
  const schemeEnd = uri.indexOf('://') + 3;
  if (slash <= schemeEnd || slash === uri.length - 1) throw new ValidationError(`import source ${uri} does not name an object`);
  return { namespace: uri.slice(0, slash), key: uri.slice(slash + 1) };
}

const folderOf = (destination: string) => (destination === '' || destination.endsWith('/') ? destination : `${destination}/`);
const within = (uri: string, namespace: string) => {
  const base = namespace.replace(/\/+$/, '');
  return uri === base || uri.startsWith(`${base}/`);
};

interface Head {
  record: ObjectRecord;
  source: number;
  next: AsyncIterator<ObjectRecord>;
}

/**
 * The records of several sorted sources in one ascending order, by a binary heap on their next keys. When sources
 * give the same path, the later source's record wins.
 */
async function* mergeSorted(sources: AsyncIterable<ObjectRecord>[]): AsyncGenerator<ObjectRecord> {
  const heap: Head[] = [];
  const before = (a: Head, b: Head) => (a.record.path === b.record.path ? a.source > b.source : compareUtf8(a.record.path, b.record.path) < 0);
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i] as Head, heap[parent] as Head)) return;
      [heap[i], heap[parent]] = [heap[parent] as Head, heap[i] as Head];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < heap.length && before(heap[l] as Head, heap[best] as Head)) best = l;
      if (r < heap.length && before(heap[r] as Head, heap[best] as Head)) best = r;
      if (best === i) return;
      [heap[i], heap[best]] = [heap[best] as Head, heap[i] as Head];
      i = best;
    }
  };
  const push = async (next: AsyncIterator<ObjectRecord>, source: number) => {
    const r = await next.next();
    if (r.done) return;
    heap.push({ record: r.value, source, next });
    up(heap.length - 1);
  };
  for (let i = 0; i < sources.length; i++) await push((sources[i] as AsyncIterable<ObjectRecord>)[Symbol.asyncIterator](), i);
  let last: string | undefined;
  while (heap.length > 0) {
    const top = heap[0] as Head;
    const tail = heap.pop() as Head;
    if (heap.length > 0) {
      heap[0] = tail;
      down(0);
    }
    // The first of equal paths is the later source's; the others are dropped.
    if (top.record.path !== last) {
      last = top.record.path;
      yield top.record;
    }
    await push(top.next, top.source);
  }
}

/** Key order everywhere in Tarn: UTF-8 bytes (code points), not UTF-16 units. */
function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

interface Run {
  stop: AbortController;
  done: Promise<void>;
}

export class Importer {
  /** This process, as the owner written into the statuses of the imports it runs. */
  private readonly owner = randomUUID();
  private readonly running = new Map<string, Run>();

  constructor(
    private readonly store: Graveler,
    private readonly blocks: BlockStore,
    private readonly commitImport: CommitImport,
    private readonly settings: ImportSettings,
  ) {}

  /**
   * Checks what can be checked at once (the branch can take the commit; every source is allowed, inside the import
   * root, and exists), records the import and starts it in the background; answers its id.
   */
  async start(repo: string, branch: string, input: ImportInput): Promise<string> {
    if (!this.settings.support) throw new ForbiddenError('import is not supported for this storage');
    const repository = await this.store.getRepository(repo);
    if (repository.readOnly && !input.force) throw new ReadOnlyRepositoryError();
    await this.store.checkBranchProtection(repo, branch, ['commit']);
    await this.store.getBranch(repo, branch);
    if (await this.store.hasUncommittedChanges(repo, branch)) throw new DirtyBranchError();
    const namespaces = await this.repositoryNamespaces();
    const sources: OpenedSource[] = [];
    for (const location of input.paths) sources.push(await this.open(repository, location, namespaces));

    const id = randomUUID().replaceAll('-', '');
    await this.store.createImport(repo, { id, branch, state: 'running', owner: this.owner, updateTime: Date.now(), ingested: 0 });
    const stop = new AbortController();
    const done = this.run(repo, branch, id, sources, input, stop.signal).finally(() => this.running.delete(id));
    this.running.set(id, { stop, done });
    return id;
  }

  async status(repo: string, branch: string, id: string): Promise<ImportStatus> {
    let record = await this.record(repo, branch, id);
    if (isRunning(record) && this.interrupted(record)) record = await this.settleInterrupted(repo, record);
    const commit = record.state === 'completed' && record.commitId ? await this.store.getCommit(repo, record.commitId) : undefined;
    return {
      completed: record.state === 'completed',
      updateTime: record.updateTime,
      ingested: record.ingested,
      ...(record.metaRangeId !== undefined ? { metaRangeId: record.metaRangeId } : {}),
      ...(commit ? { commit } : {}),
      ...(record.state === 'failed' ? { error: record.error ?? 'import failed' } : {}),
    };
  }

  /**
   * Stops a running import: its status says it was cancelled, and it commits nothing. 409 once its commit is made
   * (completed, or about to move the branch); a failed import stays as it is.
   */
  async cancel(repo: string, branch: string, id: string): Promise<void> {
    await this.record(repo, branch, id);
    const after = await this.store.updateImport(repo, id, (current) =>
      current.state === 'running' ? { ...current, state: 'failed', error: cancelledMessage, updateTime: Date.now() } : undefined,
    );
    if (after.state === 'completed') throw conflict('import already completed');
    if (after.state === 'committing') throw conflict('import is being committed and can no longer be cancelled');
    // The process running it sees the status at its next write; this one stops it at once.
    this.running.get(id)?.stop.abort(new ImportStopped(cancelledMessage));
  }

  /**
   * Stops the imports this process runs (the server is closing): each is reported interrupted, none commits. They are
   * told at once; the promise resolves when they have stopped.
   */
  close(): Promise<void> {
    const runs = [...this.running.values()];
    for (const run of runs) run.stop.abort(new Error(interruptedMessage));
    return Promise.all(runs.map((run) => run.done)).then(() => undefined);
  }

  private async record(repo: string, branch: string, id: string): Promise<ImportRecord> {
    const record = await this.store.getImport(repo, id);
    // The branch is part of the address: a caller allowed on one branch reads nothing of another's imports.
    if (record.branch !== branch) throw new NotFoundError('import');
    return record;
  }

  /** Whether the process that ran this import has stopped without saying how it ended. */
  private interrupted(record: ImportRecord): boolean {
    if (this.running.has(record.id)) return false;
    if (record.owner === this.owner || this.settings.exclusive) return true;
    return Date.now() - record.updateTime > staleAfterMs;
  }

  /**
   * Ends the status of an interrupted import: completed when its commit reached the branch (the process stopped
   * between moving the branch and saying so), else failed. Written only if the status is still the one judged.
   */
  private async settleInterrupted(repo: string, judged: ImportRecord): Promise<ImportRecord> {
    const landed = judged.state === 'committing' && judged.commitId !== undefined && (await this.reached(repo, judged.branch, judged.commitId));
    return this.store.updateImport(repo, judged.id, (current) => {
      if (current.updateTime !== judged.updateTime || current.state !== judged.state) return undefined;
      return landed
        ? { ...current, state: 'completed', updateTime: Date.now() }
        : { ...current, state: 'failed', error: interruptedMessage, updateTime: Date.now() };
    });
  }

  /** Whether the commit is the branch's head or in its history; false when either is gone. */
  private async reached(repo: string, branch: string, commitId: string): Promise<boolean> {
    try {
      const head = await this.store.getBranch(repo, branch);
      return (await this.store.findMergeBase(repo, commitId, head.commitId)).baseCommitId === commitId;
    } catch (err) {
      if (err instanceof NotFoundError) return false;
      throw err;
    }
  }

  /** Every repository's namespace: no import may take data that a repository owns (its collector could delete it). */
  private async repositoryNamespaces(): Promise<string[]> {
    const namespaces: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await this.store.listRepositories({ amount: 1000, ...(after !== undefined ? { after } : {}) });
      namespaces.push(...page.results.map((r) => r.storageNamespace));
      if (!page.hasMore) return namespaces;
      after = page.nextOffset;
    }
  }

  /** Checks a location and opens its listing (a folder's is checked now and listed later). */
  private async open(repository: Repository, location: ImportLocation, namespaces: string[]): Promise<OpenedSource> {
    const { path, type } = location;
    if (!new RegExp(this.settings.pattern).test(path)) {
      throw new ValidationError(`import source ${path} does not match the allowed pattern ${this.settings.pattern}`);
    }
    if (path.startsWith('s3://') && !repository.storageNamespace.startsWith('s3://')) {
      throw new ValidationError(`import from s3:// needs a repository whose storage namespace is in S3 (this one is ${repository.storageNamespace})`);
    }
    if (namespaces.some((ns) => within(path, ns) || within(ns, path))) {
      throw new ValidationError(`import source ${path} overlaps a repository's storage namespace`);
    }
    if (type === 'object') {
      validatePath(location.destination);
      if (location.destination.endsWith('/')) throw new ValidationError(`the destination of an object must be an object path, not a folder: ${location.destination}`);
      const { namespace, key } = splitObject(path);
      const found = await this.blocks.stat(namespace, key);
      if (!found) throw new ValidationError(`import source ${path} is not an object`);
      return { location, namespace, listed: [{ key, ...found }], destination: location.destination };
    }
    if (location.destination !== '') validatePath(location.destination);
    const namespace = path.replace(/\/+$/, '');
    if (!this.blocks.listSorted) throw new ValidationError(`nothing can be imported from ${path}`);
    return { location, namespace, listed: this.blocks.listSorted(namespace, ''), destination: folderOf(location.destination) };
  }

  /** The records of one source: its objects at their destination paths, each pointing at its data where it is. */
  private async *recordsOf(source: OpenedSource, counts: number[], index: number): AsyncGenerator<ObjectRecord> {
    const single = source.location.type === 'object';
    for await (const o of source.listed) {
      const path = single ? source.destination : source.destination + o.key;
      validatePath(path);
      counts[index] = (counts[index] ?? 0) + 1;
      yield {
        path,
        entry: {
          address: this.blocks.fullAddress(source.namespace, o.key),
          addressType: 'full',
          size: o.size,
          checksum: o.etag ?? '',
          mtime: Math.floor(o.mtime / 1000),
          // As lakeFS: a listing says nothing of types; readers go by the path's extension.
          contentType: '',
          metadata: {},
        },
      };
    }
  }

  /** Every source's records in one key order, counted as they pass; each source's count goes to `counts`. */
  private async *ingest(
    sources: OpenedSource[],
    counts: number[],
    signal: AbortSignal,
    progress: (count: number) => Promise<void>,
  ): AsyncGenerator<ObjectRecord> {
    let count = 0;
    for await (const record of mergeSorted(sources.map((s, i) => this.recordsOf(s, counts, i)))) {
      signal.throwIfAborted();
      await progress(++count);
      if (count % recordsPerYield === 0) await yieldToEventLoop();
      yield record;
    }
  }

  private async run(repo: string, branch: string, id: string, sources: OpenedSource[], input: ImportInput, signal: AbortSignal): Promise<void> {
    let ingested = 0;
    let reported = 0;
    /** Writes the status if this process still owns a running import; otherwise the import stops. */
    const report = async (fields: Partial<ImportRecord>): Promise<void> => {
      const after = await this.store.updateImport(repo, id, (current) =>
        current.owner === this.owner && isRunning(current) ? { ...current, ...fields, updateTime: Date.now() } : undefined,
      );
      if (after.owner !== this.owner || !isRunning(after)) throw new ImportStopped(after.error ?? 'import stopped');
    };
    let beat: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => {
      beat = beat.then(() => report({ ingested })).catch((err: unknown) => this.running.get(id)?.stop.abort(err));
    }, heartbeatMs);
    heartbeat.unref();
    const counts: number[] = [];
    const progress = async (count: number): Promise<void> => {
      ingested = count;
      if (count - reported < progressEvery) return;
      reported = count;
      await report({ ingested });
    };
    let committed = false;
    try {
      const metaRangeId = await this.store.writeMetaRange(repo, this.ingest(sources, counts, signal, progress));
      signal.throwIfAborted();
      const empty = sources.findIndex((s, i) => s.location.type === 'common_prefix' && !counts[i]);
      // An empty listing would delete the destination's contents: far more likely a mistyped source than a wish.
      if (empty >= 0) throw new ValidationError(`import source ${sources[empty]?.location.path} holds no objects`);
      await report({ ingested, metaRangeId });
      const commit = await this.commitImport(repo, branch, metaRangeId, {
        committer: input.committer,
        message: input.message,
        ...(input.metadata ? { metadata: input.metadata } : {}),
        ...(input.force ? { force: true } : {}),
        replacePrefixes: sources.filter((s) => s.location.type === 'common_prefix').map((s) => s.destination),
        signal,
        // After the pre-commit hooks: the last moment a cancel counts. From here on the import is committing.
        beforeBranchMove: async (made) => {
          signal.throwIfAborted();
          await report({ state: 'committing', commitId: made.id });
        },
      });
      committed = true;
      // The branch has moved: that is how it ended, whatever the status says meanwhile.
      await this.store.updateImport(repo, id, (current) => ({ ...current, state: 'completed', commitId: commit.id, updateTime: Date.now() }));
    } catch (err) {
      // Once committed, only the status write failed: the next reader settles it from the branch.
      if (committed) return;
      const reason = signal.aborted ? signal.reason : err;
      await this.store
        .updateImport(repo, id, (current) =>
          current.owner === this.owner && isRunning(current)
            ? { ...current, state: 'failed', error: errorMessage(reason), ingested, updateTime: Date.now() }
            : undefined,
        )
        // Only a store that is gone fails here (the repository deleted meanwhile).
        .catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      await beat.catch(() => undefined);
    }
  }
}
