// Runs the actions that answer an event and records what happens. A run is recorded when it starts (no action
// files, or none that match: no run); the actions of a run go side by side, the hooks of one action one after
// another, and a failed hook leaves the rest of its action skipped. Pre-event runs are awaited and refuse the
// operation when they fail; post-event runs go on in the background, and `idle()` waits for them.
import { preconditionFailed } from '../errors';
import type { KvStore } from '../kv';
import type { Action, Hook } from './action-file';
import { eventPayload, type ActionEvent, type EventType, type Phase } from './events';
import { loadActions, matchingActions, type FileProblem, type ObjectReader } from './load';
import { hookRunId, runIdGenerator } from './run-id';
import { RunStore, type HookRunRecord, type RunRecord } from './run-store';
import { callWebhook, type HookOutcome } from './webhook';

export interface ActionsOptions {
  kv: KvStore;
  /** Reads the action files; the catalog's object reads, handed in by whoever wires the server. */
  reader: ObjectReader;
  /** Where a post-event run that broke down is reported (nobody waits for it). */
  onError?: (err: unknown) => void;
  /** Milliseconds since the epoch (tests). */
  clock?: () => number;
  /** Told when a run starts and when it ends, once recorded (the live event streams); must return at once. */
  onRun?: (repositoryId: string, run: RunRecord) => void;
}

/** One line of the failure of a run: a hook that failed, or an action file that could not be used. */
type RunError = { kind: 'hook'; hookRunId: string; actionName: string; hookId: string; reason: string } | ({ kind: 'file' } & FileProblem);

/** The id under which an unusable action file is recorded as a failed hook execution, so the console shows why. */
const actionFileHookId = 'action_file';

export class Actions {
  readonly runs: RunStore;
  private readonly reader: ObjectReader;
  private readonly onError: (err: unknown) => void;
  private readonly clock: () => number;
  private readonly newRunId: () => string;
  private readonly onRun: (repositoryId: string, run: RunRecord) => void;
  private readonly pending = new Set<Promise<void>>();
  private readonly shutdown = new AbortController();

  constructor(options: ActionsOptions) {
    this.runs = new RunStore(options.kv);
    this.reader = options.reader;
    this.onError = options.onError ?? ((err) => console.error('actions: a post-event run failed', err));
    this.clock = options.clock ?? Date.now;
    this.newRunId = runIdGenerator(this.clock);
    this.onRun = options.onRun ?? (() => undefined);
  }

  /** Runs the pre-event's actions; when any fails, throws lakeFS's 412 naming the run and each failure. */
  async runPre(event: ActionEvent): Promise<void> {
    const type: EventType = `pre-${event.operation}`;
    const outcome = await this.track(this.run('pre', event));
    if (!outcome || outcome.errors.length === 0) return;
    const count = outcome.errors.length === 1 ? '1 error occurred' : `${outcome.errors.length} errors occurred`;
    const lines = outcome.errors.map((e) =>
      e.kind === 'file'
        ? `action file '${e.path}' is not valid: ${e.problem}`
        : `hook run id '${e.hookRunId}' failed on action '${e.actionName}' hook '${e.hookId}': ${e.reason}`,
    );
    throw preconditionFailed(`${type} hook aborted, run id '${outcome.runId}': ${count}:\n\t* ${lines.join('\n\t* ')}`);
  }

  /** Starts the post-event's actions in the background; their failures are recorded, never thrown. */
  runPost(event: ActionEvent): void {
    if (this.shutdown.signal.aborted) return;
    void this.track(this.run('post', event)).catch((err: unknown) => this.onError(err));
  }

  /** Resolves once no run is in progress: the post-event runs in the background, and pre-event runs too. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  /** Counts the run as in progress until it settles. */
  private track<T>(run: Promise<T>): Promise<T> {
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
    return run;
  }

  /** Cancels the webhook calls in flight (their hooks fail), starts no more post-event runs, and waits for the rest. */
  async close(): Promise<void> {
    this.shutdown.abort();
    await this.idle();
  }

  /** Drops every run of a deleted repository, so a new repository of that name starts with none. */
  forgetRepository(repositoryId: string): Promise<void> {
    return this.runs.deleteRepository(repositoryId);
  }

  private now(): string {
    return new Date(this.clock()).toISOString();
  }

  private async run(phase: Phase, event: ActionEvent): Promise<{ runId: string; errors: RunError[] } | undefined> {
    const type: EventType = `${phase}-${event.operation}`;
    const repo = event.repositoryId;
    const { actions, problems } = await loadActions(this.reader, repo, event.sourceRef);
    const matched = matchingActions(actions, type, event.branchId);
    if (problems.length === 0 && matched.length === 0) return undefined;
    const run: RunRecord = {
      runId: this.newRunId(),
      eventType: type,
      branchId: event.branchId,
      sourceRef: event.sourceRef,
      commitId: event.commitId,
      startTime: this.now(),
      status: 'running',
    };
    await this.runs.createRun(repo, run);
    this.onRun(repo, run);
    // An unusable file fails the whole run, as in lakeFS: no hook runs on a half-read configuration.
    const errors =
      problems.length > 0
        ? await this.recordProblems(repo, run.runId, problems)
        : (await Promise.all(matched.map((action, index) => this.runAction(type, event, run.runId, action, index)))).flat();
    const ended: RunRecord = { ...run, status: errors.length > 0 ? 'failed' : 'completed', endTime: this.now() };
    await this.runs.updateRun(repo, ended);
    this.onRun(repo, ended);
    return { runId: run.runId, errors };
  }

  private async recordProblems(repo: string, runId: string, problems: FileProblem[]): Promise<RunError[]> {
    for (const [index, { path, problem }] of problems.entries()) {
      const id = hookRunId(index, 0);
      const at = this.now();
      await this.runs.putOutput(repo, runId, id, `Action file ${path} is not valid: ${problem}\n`);
      await this.runs.putHookRun(repo, { runId, hookRunId: id, actionName: path, hookId: actionFileHookId, startTime: at, endTime: at, status: 'failed' });
    }
    return problems.map((p) => ({ kind: 'file', ...p }));
  }

  private async runAction(type: EventType, event: ActionEvent, runId: string, action: Action, actionIndex: number): Promise<RunError[]> {
    const repo = event.repositoryId;
    let failure: RunError | undefined;
    for (const [hookIndex, hook] of action.hooks.entries()) {
      const record: HookRunRecord = {
        runId,
        hookRunId: hookRunId(actionIndex, hookIndex),
        actionName: action.name,
        hookId: hook.id,
        startTime: this.now(),
        status: failure ? 'skipped' : 'running',
      };
      if (failure) {
        await this.runs.putHookRun(repo, { ...record, endTime: record.startTime });
        continue;
      }
      await this.runs.putHookRun(repo, record);
      const outcome = await this.execute(type, event, runId, record.hookRunId, action, hook);
      await this.runs.putHookRun(repo, { ...record, endTime: this.now(), status: outcome.passed ? 'completed' : 'failed' });
      if (!outcome.passed) {
        failure = { kind: 'hook', hookRunId: record.hookRunId, actionName: action.name, hookId: hook.id, reason: outcome.reason };
      }
    }
    return failure ? [failure] : [];
  }

  private async execute(type: EventType, event: ActionEvent, runId: string, id: string, action: Action, hook: Hook): Promise<HookOutcome> {
    const writeLog = (text: string) => this.runs.putOutput(event.repositoryId, runId, id, text);
    if (hook.type !== 'webhook') {
      const reason = `hook type '${hook.type}' is not supported: Tarn runs webhook hooks only`;
      await writeLog(`${reason}\n`);
      return { passed: false, reason };
    }
    const payload = eventPayload(event, type, action.name, hook.id, new Date(this.clock()));
    return callWebhook({ hook, payload, shutdown: this.shutdown.signal, writeLog, now: this.clock });
  }
}
