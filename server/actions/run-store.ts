// Action runs and hook executions in the metadata store. A run is written when it starts and rewritten as it
// progresses; secondary index keys (by branch, by commit) point at run ids, and run ids sort newest first, so every
// listing is one ordered scan.
import { NotFoundError } from '../errors';
import type { KvEntry, KvStore, KvWrite } from '../kv';

export type RunStatus = 'running' | 'completed' | 'failed';
export type HookStatus = 'running' | 'completed' | 'failed' | 'skipped';

export interface RunRecord {
  runId: string;
  eventType: string;
  branchId: string;
  sourceRef: string;
  commitId: string;
  /** RFC 3339. */
  startTime: string;
  endTime?: string;
  status: RunStatus;
}

export interface HookRunRecord {
  runId: string;
  hookRunId: string;
  actionName: string;
  hookId: string;
  startTime: string;
  endTime?: string;
  status: HookStatus;
}

export interface RunPage<T> {
  results: T[];
  hasMore: boolean;
  nextOffset: string;
}

export interface RunListOptions {
  after?: string;
  amount: number;
  branch?: string;
  commit?: string;
}

const keys = {
  repository: (repo: string) => `actions/${repo}/`,
  run: (repo: string, runId: string) => `actions/${repo}/runs/${runId}`,
  runs: (repo: string) => `actions/${repo}/runs/`,
  byBranch: (repo: string, branch: string) => `actions/${repo}/branch/${branch}/`,
  byCommit: (repo: string, commit: string) => `actions/${repo}/commit/${commit}/`,
  hook: (repo: string, runId: string, hookRunId: string) => `actions/${repo}/hooks/${runId}/${hookRunId}`,
  hooks: (repo: string, runId: string) => `actions/${repo}/hooks/${runId}/`,
  output: (repo: string, runId: string, hookRunId: string) => `actions/${repo}/output/${runId}/${hookRunId}`,
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const encode = (value: unknown) => encoder.encode(JSON.stringify(value));
const decode = <T>(bytes: Uint8Array) => JSON.parse(decoder.decode(bytes)) as T;
const empty = new Uint8Array();

export class RunStore {
  constructor(private readonly kv: KvStore) {}

  /** A new run with its index keys. */
  async createRun(repo: string, run: RunRecord): Promise<void> {
    const writes: KvWrite[] = [{ op: 'set', key: keys.run(repo, run.runId), value: encode(run) }];
    if (run.branchId) writes.push({ op: 'set', key: keys.byBranch(repo, run.branchId) + run.runId, value: empty });
    if (run.commitId) writes.push({ op: 'set', key: keys.byCommit(repo, run.commitId) + run.runId, value: empty });
    await this.kv.batch(writes);
  }

  /** A change of status or end time; the indexed fields never change. */
  updateRun(repo: string, run: RunRecord): Promise<void> {
    return this.kv.set(keys.run(repo, run.runId), encode(run));
  }

  putHookRun(repo: string, hook: HookRunRecord): Promise<void> {
    return this.kv.set(keys.hook(repo, hook.runId, hook.hookRunId), encode(hook));
  }

  putOutput(repo: string, runId: string, hookRunId: string, text: string): Promise<void> {
    return this.kv.set(keys.output(repo, runId, hookRunId), encoder.encode(text));
  }

  async getRun(repo: string, runId: string): Promise<RunRecord> {
    const raw = await this.kv.get(keys.run(repo, runId));
    if (raw === undefined) throw new NotFoundError('run');
    return decode<RunRecord>(raw);
  }

  /** Newest first; `branch` and `commit` narrow the list (both: runs of that commit on that branch). */
  async listRuns(repo: string, o: RunListOptions): Promise<RunPage<RunRecord>> {
    const index = o.branch ? keys.byBranch(repo, o.branch) : o.commit ? keys.byCommit(repo, o.commit) : undefined;
    if (!index) return this.page(keys.runs(repo), o, async (entry) => decode<RunRecord>(entry.value), (run) => run.runId);
    return this.page(
      index,
      o,
      async (entry) => {
        const raw = await this.kv.get(keys.run(repo, entry.key.slice(index.length)));
        const run = raw === undefined ? undefined : decode<RunRecord>(raw);
        return run && (!o.branch || !o.commit || run.commitId === o.commit) ? run : undefined;
      },
      (run) => run.runId,
    );
  }

  /** A run's hook executions, by hook run id (file order). */
  async listHookRuns(repo: string, runId: string, o: { after?: string; amount: number }): Promise<RunPage<HookRunRecord>> {
    await this.getRun(repo, runId);
    return this.page(keys.hooks(repo, runId), o, async (entry) => decode<HookRunRecord>(entry.value), (hook) => hook.hookRunId);
  }

  /** The log of a hook execution; empty for a hook that was skipped. */
  async output(repo: string, runId: string, hookRunId: string): Promise<string> {
    if ((await this.kv.get(keys.hook(repo, runId, hookRunId))) === undefined) {
      await this.getRun(repo, runId);
      throw new NotFoundError('hook run');
    }
    const raw = await this.kv.get(keys.output(repo, runId, hookRunId));
    return raw === undefined ? '' : decoder.decode(raw);
  }

  /** Forgets every run of a repository (when the repository is deleted, so a new one of that name starts clean). */
  deleteRepository(repo: string): Promise<void> {
    return this.kv.deletePrefix(keys.repository(repo));
  }

  /** One page of the records that `recordOf` finds for the entries under `prefix` (undefined: left out). */
  private async page<T>(
    prefix: string,
    o: { after?: string; amount: number },
    recordOf: (entry: KvEntry) => Promise<T | undefined>,
    idOf: (record: T) => string,
  ): Promise<RunPage<T>> {
    const found: T[] = [];
    let after = o.after ? prefix + o.after : undefined;
    for (;;) {
      const entries = await this.kv.scan({ prefix, after, limit: 1000 });
      for (const entry of entries) {
        const record = await recordOf(entry);
        if (record !== undefined) found.push(record);
        if (found.length > o.amount) break;
      }
      const last = entries[entries.length - 1];
      if (entries.length < 1000 || !last || found.length > o.amount) break;
      after = last.key;
    }
    const hasMore = found.length > o.amount;
    const results = found.slice(0, o.amount);
    const lastResult = results[results.length - 1];
    return { results, hasMore, nextOffset: hasMore && lastResult ? idOf(lastResult) : '' };
  }
}
