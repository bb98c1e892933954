// Long-running repository work started by one call and watched by another (lakeFS's dump and restore tasks, and its
// preparation of garbage collection's commits file). The status lives in kv under the repository, so any process can
// answer it and deleting the repository removes it.
import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../errors';
import type { Ctx } from './context';
import { decodeJson, encodeJson, keys } from './records';

/** Refs dump and restore; the garbage-collection commits file (its work is the gc layer's). */
export type TaskKind = 'dump' | 'restore' | 'gc_prepare_commits';

export interface TaskStatus<T> {
  id: string;
  kind: TaskKind;
  done: boolean;
  /** Unix milliseconds of the last change. */
  updateTime: number;
  /** Why it failed, when it did (the failure's message, never a stack). */
  error?: string;
  result?: T;
}

/** Runs tasks in the background and records their status; `drain` waits for the running ones. */
export class TaskRunner {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly ctx: Ctx) {}

  async start<T>(repo: string, kind: TaskKind, work: () => Promise<T>): Promise<string> {
    const id = randomUUID().replaceAll('-', '');
    const key = keys.task(repo, id);
    const record = (fields: Partial<TaskStatus<T>>): Uint8Array =>
      encodeJson({ id, kind, done: false, updateTime: Date.now(), ...fields } satisfies TaskStatus<T>);
    await this.ctx.kv.set(key, record({}));
    const run = work().then(
      (result) => this.ctx.kv.set(key, record({ done: true, ...(result === undefined ? {} : { result }) })),
      (err: unknown) => this.ctx.kv.set(key, record({ done: true, error: err instanceof Error ? err.message : String(err) })),
    );
    // The status write itself can fail only when the store is gone (the repository deleted meanwhile, the server closing).
    const tracked = run.catch(() => {}).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    return id;
  }

  async status<T>(repo: string, kind: TaskKind, id: string): Promise<TaskStatus<T>> {
    const raw = await this.ctx.kv.get(keys.task(repo, id));
    const status = raw === undefined ? undefined : decodeJson<TaskStatus<T>>(raw);
    if (!status || status.kind !== kind) throw new NotFoundError('task');
    return status;
  }

  async drain(): Promise<void> {
    await Promise.all([...this.running]);
  }
}
