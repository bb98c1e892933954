// Proof that a machine's tests take every transition it defines: each state's own events, its invoked actors'
// done and error events, its delays and its eventless transitions. A suite records the transitions its actors take
// and, last, asserts that none of the machine's transitions was left untaken.
import { expect } from 'vitest';
import type { AnyStateMachine, AnyStateNode, InspectionEvent } from 'xstate';

const label = (stateId: string, eventType: string) => `${stateId} ${eventType === '' ? '(always)' : eventType}`;

/** Every transition the machine defines, as "state id + event type". */
export function definedTransitions(machine: AnyStateMachine): string[] {
  const pairs: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const eventType of Object.keys(node.on)) pairs.push(label(node.id, eventType));
    if (node.always?.length) pairs.push(label(node.id, ''));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return pairs;
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
      for (const transition of event._transitions) taken.add(label(transition.source.id, transition.eventType));
    },
    expectAllTaken: () => {
      const untaken = definedTransitions(machine).filter((pair) => !taken.has(pair));
      expect(untaken, 'transitions no test takes').toEqual([]);
    },
  };
}
