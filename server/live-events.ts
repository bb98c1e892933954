// The live event streams of a server: the bus that fits how its metadata is shared (PostgreSQL: NOTIFY; workers on
// one SQLite file: their primary; else in memory), and the hooks the versioned store and the action runner tell.
import type { RunRecord } from './actions';
import { localBus, openPostgresBus, RepositoryEvents, workerBus, type EventBus } from './events';
import type { ChangeObserver } from './graveler';
import type { Logger } from './logging';

export interface LiveEvents {
  events: RepositoryEvents;
  observer: ChangeObserver;
  onRun: (repositoryId: string, run: RunRecord) => void;
  endStreams: () => void;
}

export async function liveEvents(o: { databaseUrl: string | undefined; worker: boolean; logger: Logger }): Promise<LiveEvents> {
  const onError = (err: unknown) => o.logger.warn({ err }, 'Live events could not be published or heard; streams will be told to reload');
  const bus: EventBus =
    o.databaseUrl !== undefined ? await openPostgresBus({ url: o.databaseUrl, onError }) : o.worker ? workerBus() : localBus();
  const events = new RepositoryEvents(bus);
  const observer: ChangeObserver = {
    branchChanged(repository, branch, cause, commitId) {
      const action = cause === 'create' ? 'created' : cause === 'delete' ? 'deleted' : 'moved';
      events.publish({ type: 'branch', repository, branch, action, cause, ...(commitId !== undefined ? { commitId } : {}) });
    },
    staged: (repository, branch) => events.staged(repository, branch),
    importChanged(repository, record) {
      events.publish({
        type: 'import',
        repository,
        importId: record.id,
        branch: record.branch,
        state: record.state,
        ingested: record.ingested,
        ...(record.commitId !== undefined ? { commitId: record.commitId } : {}),
      });
    },
  };
  return {
    events,
    observer,
    onRun: (repository, run) =>
      events.publish({ type: 'run', repository, runId: run.runId, branch: run.branchId, eventType: run.eventType, status: run.status }),
    endStreams: () => events.endStreams(),
  };
}
