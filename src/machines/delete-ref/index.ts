import { deleteRefActors } from './actors';
import { deleteRefMachine } from './machine';

export * from './machine';
export const liveDeleteRefMachine = deleteRefMachine.provide({ actors: deleteRefActors });
