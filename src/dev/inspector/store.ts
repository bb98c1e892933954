// What the statechart inspector knows, built from XState's inspection events: the machine actors that have started,
// their status, and the events each received (newest first, bounded).
import { StateMachine, type AnyActorRef, type AnyStateMachine, type InspectionEvent } from 'xstate';

export const MAX_EVENTS_PER_ACTOR = 500;
export const MAX_ACTORS = 200;

export type ActorStatus = 'active' | 'done' | 'error' | 'stopped';

export interface LoggedEvent {
  /** Increases with every event the inspector sees, across actors. */
  seq: number;
  type: string;
  /** The event without its type, as JSON, with secrets masked. */
  payload: string;
  /** The id of the actor that sent it, when another actor did. */
  source?: string;
}

export interface InspectedActor {
  ref: AnyActorRef;
  sessionId: string;
  id: string;
  machine: AnyStateMachine;
  /** The session id of the parent actor, for a child. */
  parent?: string;
  status: ActorStatus;
  /** Newest first. */
  events: LoggedEvent[];
}

export interface InspectorStore {
  inspect(event: InspectionEvent): void;
  subscribe(listener: () => void): () => void;
  /** The same array until something changes (for useSyncExternalStore). */
  getActors(): readonly InspectedActor[];
}

export function createInspectorStore(): InspectorStore {
  const actors = new Map<string, InspectedActor>();
  const listeners = new Set<() => void>();
  let list: readonly InspectedActor[] = [];
  let seq = 0;
  let notifyScheduled = false;

  // Inspection events arrive in bursts (one per microstep); the view reads them once per burst.
  const changed = () => {
    list = [...actors.values()];
    if (notifyScheduled) return;
    notifyScheduled = true;
    queueMicrotask(() => {
      notifyScheduled = false;
      for (const listener of listeners) listener();
    });
  };

  const update = (sessionId: string, patch: (actor: InspectedActor) => InspectedActor) => {
    const actor = actors.get(sessionId);
    if (!actor) return;
    actors.set(sessionId, patch(actor));
    changed();
  };

  const track = (ref: AnyActorRef): InspectedActor | undefined => {
    const existing = actors.get(ref.sessionId);
    if (existing) return existing;
    const logic: unknown = (ref as { logic?: unknown }).logic;
    if (!(logic instanceof StateMachine)) return undefined;
    const parent = (ref as { _parent?: AnyActorRef })._parent;
    const actor: InspectedActor = {
      ref,
      sessionId: ref.sessionId,
      id: ref.id,
      machine: logic as AnyStateMachine,
      ...(parent ? { parent: parent.sessionId } : {}),
      status: 'active',
      events: [],
    };
    actors.set(ref.sessionId, actor);
    dropOldest();
    return actor;
  };

  // A long session starts and stops many screen actors; the oldest stopped ones go first.
  const dropOldest = () => {
    for (const [sessionId, actor] of actors) {
      if (actors.size <= MAX_ACTORS) return;
      if (actor.status !== 'active') actors.delete(sessionId);
    }
  };

  return {
    inspect(event) {
      if (event.type === '@xstate.event') {
        // React's strict mode creates actors it never starts: an actor is listed from its first event (xstate.init).
        // Inspection events type actors loosely (ActorRefLike); the ones a system reports are full actor refs.
        const actor = track(event.actorRef as AnyActorRef);
        if (!actor) return;
        seq += 1;
        const logged: LoggedEvent = {
          seq,
          type: event.event.type,
          payload: payloadJson(event.event),
          ...(event.sourceRef && event.sourceRef !== event.actorRef ? { source: (event.sourceRef as AnyActorRef).id } : {}),
        };
        update(actor.sessionId, (current) => ({
          ...current,
          status: event.event.type === 'xstate.init' ? 'active' : current.status,
          events: [logged, ...current.events].slice(0, MAX_EVENTS_PER_ACTOR),
        }));
      } else if (event.type === '@xstate.snapshot') {
        const status = (event.snapshot as { status?: ActorStatus }).status;
        update(event.actorRef.sessionId, (current) => ({ ...current, ...(status ? { status } : {}) }));
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getActors: () => list,
  };
}

const SECRET_KEY = /secret|password|token/i;

/**
 * An event's payload as indented JSON. Secrets (any key naming a secret, password or token) are masked, so the
 * panel never shows what the login form sends; errors, files, actors and objects met twice become readable placeholders.
 */
export function payloadJson(event: { type: string }): string {
  const { type: _type, ...payload } = event;
  const seen = new WeakSet<object>();
  return JSON.stringify(
    payload,
    (key, value: unknown) => {
      if (key !== '' && SECRET_KEY.test(key) && value !== undefined && value !== null && value !== '') return '••••••';
      if (value instanceof Error) return `${value.name}: ${value.message}`;
      if (typeof value === 'bigint') return `${value}n`;
      if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
      if (typeof File !== 'undefined' && value instanceof File) return `[file ${value.name}, ${value.size} bytes]`;
      if (value !== null && typeof value === 'object') {
        if ('sessionId' in value && 'send' in value && 'id' in value) return `[actor ${String(value.id)}]`;
        if (seen.has(value)) return '[shown above]';
        seen.add(value);
      }
      return value;
    },
    2,
  );
}
