import { createRepositoryActors } from './actors';
import { createRepositoryMachine } from './machine';

export * from './machine';
export const liveCreateRepositoryMachine = createRepositoryMachine.provide({ actors: createRepositoryActors });
