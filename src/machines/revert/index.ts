import { revertActors } from './actors';
import { revertMachine } from './machine';

export * from './machine';
export const liveRevertMachine = revertMachine.provide({ actors: revertActors });
