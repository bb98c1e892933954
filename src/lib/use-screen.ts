// The one wiring of a route to its screen machine. A route component calls
//
//   const screen = useScreen(objectsScreenMachine, { repo, resolvedRef, path, ...loaderData });
//
// and hands `screen` to its view. The helper creates the screen's actor once for the route's life (through
// root-actors, so the dev statechart inspector sees it), provides the router's navigation and invalidation as the
// machine's `navigate` and `invalidate` actions, and tells the machine of every change of what the route knows
// (`route.changed` with the new input): a loader that read again, a search parameter that moved. No list is
// remounted to start over; the machine decides what a change means.
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useRouter } from '@tanstack/react-router';
import { shallowEqual } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef, AnyStateMachine, InputFrom } from 'xstate';
import { useActorRef } from './root-actors';
import type { Navigation, RouteChanged } from './screen';

export function useScreen<TMachine extends AnyStateMachine>(machine: TMachine, input: InputFrom<TMachine>): ActorRefFrom<TMachine> {
  const router = useRouter();
  const logic = useMemo(
    () =>
      // Every screen machine declares both actions (screenActions); the cast spares each machine's own typing here.
      (machine as AnyStateMachine).provide({
        actions: {
          navigate: (_: unknown, navigation: Navigation) => void router.navigate(navigation),
          invalidate: () => void router.invalidate(),
        },
      }) as TMachine,
    [machine, router],
  );
  const screen = useActorRef(logic, { input } as never) as ActorRefFrom<TMachine>;
  const told = useRef(input);
  // Before the browser paints, so the view never shows new route data beside the machine's old state for a frame.
  useLayoutEffect(() => {
    if (shallowEqual(told.current, input)) return;
    told.current = input;
    (screen as AnyActorRef).send({ type: 'route.changed', input } satisfies RouteChanged<InputFrom<TMachine>>);
  });
  return screen;
}
