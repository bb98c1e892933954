import { liveCreateRefMachine } from '../create-ref';
import { liveDeleteRefMachine } from '../delete-ref';
import { refsPageMachine } from './machine';

export * from './machine';

/** The Branches or Tags screen over the real API; `refresh` loads the page again after a create or a delete. */
export function liveRefsPageMachine(refresh: () => void) {
  return refsPageMachine.provide({
    actions: { refresh },
    actors: { create: liveCreateRefMachine, delete: liveDeleteRefMachine },
  });
}
