import { deleteRepositoryActors } from './actors';
import { deleteRepositoryMachine } from './machine';

export * from './machine';
export const liveDeleteRepositoryMachine = deleteRepositoryMachine.provide({ actors: deleteRepositoryActors });
