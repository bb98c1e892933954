import { createRefActors } from './actors';
import { createRefMachine } from './machine';

export * from './machine';
export const liveCreateRefMachine = createRefMachine.provide({ actors: createRefActors });
