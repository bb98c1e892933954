// A machine's statechart as plain data (states nested as in the machine, transitions as labelled edges), read from
// XState's own state nodes, so that the dev inspector and `npm run statecharts` draw the same picture.
import type { AnyStateMachine, StateValue } from 'xstate';

/** The shape of `machine.root` and its descendants this module reads (XState's StateNode, loosely typed). */
interface StateNodeLike {
  key: string;
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  history: false | 'shallow' | 'deep';
  tags: string[];
  states: Record<string, StateNodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  after: { eventType: string; delay: unknown }[];
  invoke: { id: string; src: unknown }[];
  initial: { target: readonly StateNodeLike[] } | undefined;
}

interface TransitionLike {
  target: readonly StateNodeLike[] | undefined;
  guard?: unknown;
}

export type ChartStateType = StateNodeLike['type'];

export interface ChartState {
  /** The state's path below the machine, joined with '/'; the machine's root is ''. */
  id: string;
  key: string;
  type: ChartStateType;
  /** 'deep' or 'shallow' for a history state. */
  history?: 'shallow' | 'deep';
  tags: string[];
  /** The actors the state invokes, by their source name. */
  invokes: string[];
  /** Transitions that leave the state where it is (no target): drawn inside the box, not as edges. */
  internal: string[];
  /** The id of the child the state starts in (compound states). */
  initial?: string;
  children: ChartState[];
}

export interface ChartTransition {
  /** Unique and stable: the source, its position among the source's transitions, and the target's position. */
  id: string;
  source: string;
  target: string;
  label: string;
}

export interface Chart {
  machineId: string;
  root: ChartState;
  transitions: ChartTransition[];
}

export function stateIdOf(path: readonly string[]): string {
  return path.join('/');
}

/** Converts a machine (its `root` state node) into a chart. Order follows the machine's definition. */
export function chartOf(machine: AnyStateMachine): Chart {
  const transitions: ChartTransition[] = [];
  const root = convert(machine.root as unknown as StateNodeLike, transitions);
  return { machineId: machine.id, root, transitions };
}

function convert(node: StateNodeLike, transitions: ChartTransition[]): ChartState {
  const id = stateIdOf(node.path);
  const labels = eventLabels(node);
  const internal: string[] = [];
  let index = 0;
  const add = (eventType: string, definitions: readonly TransitionLike[]) => {
    for (const definition of definitions) {
      const label = withGuard(labels.get(eventType) ?? eventType, definition.guard);
      const targets = definition.target ?? [];
      if (targets.length === 0) internal.push(label);
      targets.forEach((target, targetIndex) =>
        transitions.push({ id: `${id}#${index}.${targetIndex}`, source: id, target: stateIdOf(target.path), label }),
      );
      index += 1;
    }
  };
  for (const [eventType, definitions] of node.transitions) add(eventType, definitions);
  add('', node.always ?? []);

  const children = Object.values(node.states).map((child) => convert(child, transitions));
  const initialTarget = node.type === 'compound' ? node.initial?.target[0] : undefined;
  return {
    id,
    key: node.key,
    type: node.type,
    ...(node.type === 'history' ? { history: node.history === 'deep' ? ('deep' as const) : ('shallow' as const) } : {}),
    tags: [...node.tags],
    invokes: node.invoke.map((invoke) => sourceName(invoke.src, invoke.id)),
    internal,
    ...(initialTarget ? { initial: stateIdOf(initialTarget.path) } : {}),
    children,
  };
}

/** Readable names for XState's generated event types: delays, invoked actors' results, a compound state's end. */
function eventLabels(node: StateNodeLike): Map<string, string> {
  const labels = new Map<string, string>([['', 'always']]);
  for (const { eventType, delay } of node.after) {
    labels.set(eventType, `after ${typeof delay === 'number' ? `${delay} ms` : String(delay)}`);
  }
  for (const invoke of node.invoke) {
    const name = sourceName(invoke.src, invoke.id);
    labels.set(`xstate.done.actor.${invoke.id}`, `done: ${name}`);
    labels.set(`xstate.error.actor.${invoke.id}`, `error: ${name}`);
    labels.set(`xstate.snapshot.${invoke.id}`, `snapshot: ${name}`);
  }
  for (const eventType of node.transitions.keys()) {
    if (eventType.startsWith('xstate.done.state.')) labels.set(eventType, 'done');
  }
  return labels;
}

function sourceName(src: unknown, invokeId: string): string {
  if (typeof src === 'string') return src;
  const id = (src as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : invokeId;
}

function withGuard(label: string, guard: unknown): string {
  return guard === undefined ? label : `${label} [${guardName(guard)}]`;
}

/** A guard as written: a name, `{ type }`, XState's not/and/or/stateIn helpers, or an inline function. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const helper = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(helper.guards)) return `${helper.name}(${helper.guards.map(guardName).join(', ')})`;
    if (helper.stateValue !== undefined) return `in(${JSON.stringify(helper.stateValue)})`;
    return helper.name || 'inline';
  }
  if (guard !== null && typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    return (guard as { type: string }).type;
  }
  return 'guard';
}

/** The ids of every state a snapshot's value makes active, the root ('') included. */
export function activeStateIds(value: StateValue): Set<string> {
  const active = new Set<string>(['']);
  const walk = (prefix: string[], current: StateValue) => {
    if (typeof current === 'string') {
      active.add(stateIdOf([...prefix, current]));
      return;
    }
    for (const [key, child] of Object.entries(current)) {
      const path = [...prefix, key];
      active.add(stateIdOf(path));
      if (child !== undefined) walk(path, child);
    }
  };
  walk([], value);
  return active;
}
