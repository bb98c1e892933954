// Proof that a machine's tests take every transition it defines: each state's own events, its invoked actors'
// done and error events, its delays and its eventless transitions, and of each every guarded candidate, so an event
// with three guarded branches counts as three transitions. A suite records the transitions its actors take and,
// last, asserts that none of the machine's transitions was left untaken.
import { expect } from 'vitest';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

const ALWAYS = '';

/** A guard as written in the machine: a named guard's name, else nothing (an inline function). */
function guardName(transition: AnyTransitionDefinition): string | undefined {
  const guard: unknown = transition.guard;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return undefined;
}

/** The candidates tried, in order, when `node` takes `eventType` (public StateNode fields `on` and `always`). */
function candidates(node: AnyStateNode, eventType: string): readonly AnyTransitionDefinition[] {
  return (eventType === ALWAYS ? node.always : node.on[eventType]) ?? [];
}

/**
 * "state id + event type", and when the event has more than one candidate or a guarded one, which candidate: its
 * guard's name when no other candidate shares it, else its position.
 */
function label(node: AnyStateNode, eventType: string, index: number): string {
  const event = eventType === ALWAYS ? '(always)' : eventType;
  const all = candidates(node, eventType);
  const transition = all[index];
  if (!transition || (all.length === 1 && transition.guard === undefined)) return `${node.id} ${event}`;
  const name = guardName(transition);
  const unique = name !== undefined && all.filter((other) => guardName(other) === name).length === 1;
  return `${node.id} ${event} [${unique ? name : `#${index}`}]`;
}

/** Every transition the machine defines, one per guarded candidate. */
export function definedTransitions(machine: AnyStateMachine): string[] {
  const labels: string[] = [];
  const visit = (node: AnyStateNode) => {
    const eventTypes = [...Object.keys(node.on), ...(node.always?.length ? [ALWAYS] : [])];
    for (const eventType of eventTypes)
      candidates(node, eventType).forEach((_, index) => labels.push(label(node, eventType, index)));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return labels;
}

/**
 * Records the transitions taken by the actors given `inspect`. `expectAllTaken` fails if a transition of `machine`
 * was never taken: register it as the last test of the file, so it runs after the others (and is skipped, like
 * them, when a run is filtered).
 */
export function transitionCoverage(machine: AnyStateMachine) {
  const taken = new Set<string>();
  return {
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep') return;
      // XState v5 (5.33) names the transitions a microstep took only in `_transitions`; there is no public field.
      // They are the very objects the source node lists in `on`/`always`, so their position there tells which
      // candidate was taken.
      for (const transition of event._transitions) {
        const index = candidates(transition.source, transition.eventType).indexOf(transition);
        if (index < 0) throw new Error(`${transition.source.id} took a transition it does not list for ${transition.eventType}`);
        taken.add(label(transition.source, transition.eventType, index));
      }
    },
    expectAllTaken: () => {
      const untaken = definedTransitions(machine).filter((pair) => !taken.has(pair));
      expect(untaken, 'transitions no test takes').toEqual([]);
    },
  };
}
