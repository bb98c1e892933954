import { deleteObjectActors } from './actors';
import { deleteObjectMachine } from './machine';

export * from './machine';
export const liveDeleteObjectMachine = deleteObjectMachine.provide({ actors: deleteObjectActors });
