// Every root actor of the console is created here (lint forbids XState's own createActor, useActorRef and useMachine
// elsewhere in src), so that in `npm run dev` each one reports to the statechart inspector (src/dev/inspector). Child
// actors share their root's system and so its inspector. In a production build `import.meta.env.DEV` is false and
// the options pass through untouched.
import { createActor as createXStateActor, type InspectionEvent } from 'xstate';
import { useActorRef as useXStateActorRef, useMachine as useXStateMachine } from '@xstate/react';

type Inspector = (event: InspectionEvent) => void;

let inspector: Inspector | undefined;

/** Dev only: the inspector every root actor created from now on reports to. */
export function setRootInspector(next: Inspector | undefined): void {
  inspector = next;
}

function withInspector<TOptions extends object>(options: TOptions | undefined): TOptions | undefined {
  if (!import.meta.env.DEV) return options;
  return { ...options, inspect: (event: InspectionEvent) => inspector?.(event) } as TOptions;
}

// The wrappers keep XState's signatures (their option types depend on each machine's required input), hence the casts.
export const createActor = ((logic: Parameters<typeof createXStateActor>[0], options?: object) =>
  createXStateActor(logic, withInspector(options))) as typeof createXStateActor;

export const useActorRef = ((logic: Parameters<typeof useXStateActorRef>[0], options?: object, observer?: never) =>
  useXStateActorRef(logic, withInspector(options), observer)) as typeof useXStateActorRef;

export const useMachine = ((machine: Parameters<typeof useXStateMachine>[0], options?: object) =>
  useXStateMachine(machine, withInspector(options))) as typeof useXStateMachine;
