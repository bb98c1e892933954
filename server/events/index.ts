// Live events of repositories: what changes, carried to every server's streams (GET /repositories/{repository}/events).
export { localBus, type EventBus } from './bus';
export { relayWorkerEvents, workerBus } from './cluster-bus';
export { openPostgresBus } from './postgres-bus';
export { RepositoryEvents, type Delivery, type RepositoryEventsOptions } from './repository-events';
export type { BranchCause, RepositoryEvent, StampedEvent } from './types';
